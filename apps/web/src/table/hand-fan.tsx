import './hand-fan.css';
import { type CSSProperties, type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { CardView } from './card-view.js';
import type { TableCard } from './cards.js';

/** Space between cards that do not overlap, as a share of a card's width. */
const GAP = 0.08;

/**
 * How far apart the cards of a row of `count` cards stand, in px, so that the row fits `width`:
 * side by side with a small gap when there is room, else overlapped evenly (a fan), each card's
 * left edge showing (a hand that would overlap more than `MIN_STEP` takes more rows: `handRows`).
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
 * The narrowest edge of a card a fan leaves to tap (px; docs/web.md "The table kit": at least 28 px
 * of every own card's face, 2 px to spare): a hand that would overlap more takes another row.
 */
export const MIN_STEP = 30;

/**
 * The rows of a hand of `count` cards `cardWidth` wide in `width` px (docs/web.md "The table kit"):
 * as many cards in a row as leave each at least `MIN_STEP` px showing, the cards shared evenly
 * between the fewest rows that hold them (30 cards where a row holds 13: 10, 10 and 10), the
 * fullest rows first. One row while the row is not measured yet.
 */
export function handRows(count: number, width: number, cardWidth: number): number[] {
  if (count <= 0) return [];
  if (cardWidth <= 0 || width <= cardWidth) return [count];
  const fit = Math.floor((width - cardWidth) / MIN_STEP) + 1;
  const rows = Math.ceil(count / fit);
  const per = Math.ceil(count / rows);
  return Array.from({ length: rows }, (_, i) => Math.min(per, count - i * per)).filter((n) => n > 0);
}

/**
 * The viewer's hand (docs/product.md §D10) as one overlapped row, low to high as the page sorted it —
 * or, when one row would leave a card less than `MIN_STEP` px, as rows of such fans one under the
 * other, inside the hand's own box (each upper row showing the top of its cards, their corner
 * index). Every card is a button; where they overlap, each button is only as large as its card's
 * visible part (`CardView`'s `slice` across; across rows, table.css cuts the upper rows' buttons to
 * the row's step), so a tap or a click anywhere on it lands on it. The row measures its width and
 * a card's, and spaces the cards to fit. Up and Down move between the rows (roving.ts).
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
  const hand = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ width: 0, card: 0 });
  useLayoutEffect(() => {
    const element = hand.current;
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
  const rows = handRows(props.cards.length, layout.width, layout.card);
  // Every row is spaced as the fullest one, so the rows' cards stand in columns.
  const spacing = handSpacing(rows[0] ?? 0, layout.width, layout.card);
  const fanned = spacing.kind === 'fanned';
  // Between side by side and overlapped, a narrower gap (a CI run met a 9-card hand that was
  // 28 px wider than its row at 844x390 when only these two layouts existed).
  const gap: CSSProperties | undefined =
    spacing.kind === 'tight' ? ({ '--hand-gap': `${spacing.gap}px` } as CSSProperties) : undefined;
  const classes = ['gt-hand', fanned ? 'fanned' : '', rows.length > 1 ? 'rows' : ''].filter(Boolean).join(' ');
  let start = 0;
  return (
    // A group, not a fieldset: a fieldset sizes to its cards (min-content), and the fan must size
    // its cards to the row.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div ref={hand} role="group" aria-label="Hand" className={classes} style={gap}>
      {rows.map((size, r) => {
        const cards = props.cards.slice(start, start + size);
        start += size;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is a place, not a card
          <div key={r} className="gt-hand-row">
            {cards.map((card, i) => (
              <CardView
                key={card.id}
                card={card}
                onPress={props.onPress}
                enabled={props.enabled.has(card.id)}
                hinted={props.hinted.has(card.id)}
                selected={props.selected.has(card.id)}
                tabIndex={props.tabIndex(card.id)}
                {...(spacing.kind === 'fanned' && i < size - 1 ? { slice: spacing.step } : {})}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}
