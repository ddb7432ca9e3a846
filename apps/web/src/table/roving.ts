import { type FocusEvent, type KeyboardEvent, type RefObject, useState } from 'react';

/** The own cards' groups, in the order the arrow keys walk them (face-down and face-up, then the hand's rows). */
const GROUPS = '.gt-row, .gt-hand-row';

/**
 * Keyboard play on the own cards (docs/product.md §D10): the own cards are one stop in the tab order (the
 * card last focused, else the first legal play, else the first that may be pressed); Left/Right move between the cards that
 * may be pressed, Up/Down between the rows (face-down and face-up, the hand), Home/End to the ends;
 * Enter or Space selects (the card is a button), and Tab goes on to the action buttons.
 */
export function useRovingCards(
  area: RefObject<HTMLElement | null>,
  order: readonly string[],
  enabled: ReadonlySet<string>,
  /** Where the stop starts when no card was focused yet: the first of these (the legal plays). */
  preferred: ReadonlySet<string> = enabled,
): {
  readonly tabIndex: (id: string) => number;
  readonly onKeyDown: (event: KeyboardEvent) => void;
  readonly onFocus: (event: FocusEvent) => void;
} {
  const [current, setCurrent] = useState<string | null>(null);
  const first = order.find((id) => enabled.has(id) && preferred.has(id)) ?? order.find((id) => enabled.has(id)) ?? null;
  const active = current !== null && enabled.has(current) ? current : first;

  const buttons = (root: Element): HTMLButtonElement[] =>
    [...root.querySelectorAll<HTMLButtonElement>('button[data-card-id]')].filter((b) => !b.disabled);

  const onKeyDown = (event: KeyboardEvent) => {
    const root = area.current;
    const target = event.target instanceof HTMLElement ? event.target.closest('button[data-card-id]') : null;
    if (root === null || target === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = buttons(root);
    const at = all.indexOf(target as HTMLButtonElement);
    let next: HTMLButtonElement | undefined;
    if (event.key === 'ArrowRight') next = all[at + 1];
    else if (event.key === 'ArrowLeft') next = all[at - 1];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const groups = [...root.querySelectorAll(GROUPS)].filter((g) => buttons(g).length > 0);
      const here = groups.findIndex((g) => g.contains(target));
      const group = groups[here + (event.key === 'ArrowDown' ? 1 : -1)];
      if (group !== undefined) {
        // The card of that row nearest to this one, left to right.
        const x = target.getBoundingClientRect().left;
        next = buttons(group).reduce<HTMLButtonElement | undefined>((best, b) => {
          const d = Math.abs(b.getBoundingClientRect().left - x);
          return best === undefined || d < Math.abs(best.getBoundingClientRect().left - x) ? b : best;
        }, undefined);
      }
    } else return;
    event.preventDefault();
    if (next === undefined) return;
    next.focus();
    const id = next.dataset.cardId;
    if (id !== undefined) setCurrent(id);
  };

  return {
    tabIndex: (id) => (id === active ? 0 : -1),
    onKeyDown,
    // A card focused by a click or a tap becomes the one Tab comes back to.
    onFocus: (event) => {
      const id = event.target instanceof HTMLElement ? event.target.dataset.cardId : undefined;
      if (id !== undefined && id !== current) setCurrent(id);
    },
  };
}
