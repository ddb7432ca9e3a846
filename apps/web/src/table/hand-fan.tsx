import { type CSSProperties, type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { CardView } from './card-view.js';
import type { TableCard } from './cards.js';

/** Space between cards that do not overlap, as a share of a card's width. */
const GAP = 0.08;

/**
 * How far apart the cards of a row of `count` cards stand, in px, so that the row fits `width`:
 * side by side with a small gap when there is room, else overlapped evenly (a fan), each card's
 * left edge showing. Never wraps: a hand of 30 still lies in one row.
 */
export function fanStep(count: number, width: number, cardWidth: number): number {
  if (count <= 1) return cardWidth;
  const natural = cardWidth * (1 + GAP);
  return Math.max(1, Math.min(natural, (width - cardWidth) / (count - 1)));
}

/**
 * How a row of `count` cards `cardWidth` wide is laid out in `width` px: `natural` (the usual gap,
 * it fits), `tight` (side by side with a narrower `gap`) or `fanned` (overlapped, a card every
 * `step` px). Never wider than `width` when a single card fits it.
 */
export type HandSpacing =
  | { readonly kind: 'natural' }
  | { readonly kind: 'tight'; readonly gap: number }
  | { readonly kind: 'fanned'; readonly step: number };

export function handSpacing(count: number, width: number, cardWidth: number): HandSpacing {
  if (cardWidth <= 0 || width <= 0) return { kind: 'natural' };
  const step = fanStep(count, width, cardWidth);
  if (step < cardWidth) return { kind: 'fanned', step };
  // Rounded down to a tenth of a pixel so the row never ends a fraction past its edge.
  if (step < cardWidth * (1 + GAP)) return { kind: 'tight', gap: Math.floor((step - cardWidth) * 10) / 10 };
  return { kind: 'natural' };
}

/**
 * The viewer's hand as one overlapped row (docs/product.md §D10), low to high as the page sorted it. Every
 * card is a button; where they overlap, each button is only as wide as its card's visible edge (see
 * `CardView`'s `slice`), so a tap or a click at its middle lands on it. The row measures its width
 * and a card's, and spaces the cards to fit.
 */
export function HandFan(props: {
  readonly cards: readonly TableCard[];
  readonly enabled: ReadonlySet<string>;
  readonly hinted: ReadonlySet<string>;
  readonly selected: ReadonlySet<string>;
  readonly onPress: (id: string) => void;
  /** The roving focus of the own cards (see `roving.ts`). */
  readonly tabIndex: (id: string) => number;
}): ReactElement {
  const row = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ width: 0, card: 0 });
  useLayoutEffect(() => {
    const element = row.current;
    if (element === null) return;
    const measure = () => {
      // A card's drawn width, to the fraction of a pixel (the CSS variable computes to its formula,
      // not to pixels; offsetWidth rounds, and n rounded cards can end a few px past the row).
      const visual = element.querySelector<HTMLElement>('.tc-visual');
      const card = visual === null ? 0 : Number.parseFloat(getComputedStyle(visual).width) || 0;
      setLayout((now) =>
        now.width === element.clientWidth && now.card === card ? now : { width: element.clientWidth, card },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const spacing = handSpacing(props.cards.length, layout.width, layout.card);
  const fanned = spacing.kind === 'fanned';
  // Between side by side and overlapped, a narrower gap (a CI run met a 9-card hand that was
  // 28 px wider than its row at 844x390 when only these two layouts existed).
  const gap: CSSProperties | undefined =
    spacing.kind === 'tight' ? ({ '--hand-gap': `${spacing.gap}px` } as CSSProperties) : undefined;
  const last = props.cards.length - 1;
  return (
    // A group, not a fieldset: a fieldset sizes to its cards (min-content), and the fan must size
    // its cards to the row.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div ref={row} role="group" aria-label="Hand" className={`gt-hand${fanned ? ' fanned' : ''}`} style={gap}>
      {props.cards.map((card, i) => (
        <CardView
          key={card.id}
          card={card}
          onPress={props.onPress}
          enabled={props.enabled.has(card.id)}
          hinted={props.hinted.has(card.id)}
          selected={props.selected.has(card.id)}
          tabIndex={props.tabIndex(card.id)}
          {...(spacing.kind === 'fanned' && i < last ? { slice: spacing.step } : {})}
        />
      ))}
    </div>
  );
}
