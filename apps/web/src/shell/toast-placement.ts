/**
 * Where a toast may sit so it never covers what a player came to use (issue 18: the welcome toast
 * covered Create Game on a desktop and the filter chips on a phone). Pure: the toaster measures
 * the page and asks here.
 */

/**
 * Where the toast sits: over the top bar, over the bottom tab bar, or — while a game table is
 * shown — in the strip above the table's play area (`strip`: the screen's header and the shell's
 * top bar), never over a seat, the deck, the pile, the own cards or the actions.
 */
export type ToastEdge = 'top' | 'bottom' | 'strip';

/** The least height of the strip above a table for a toast's one line (smaller: the edges are chosen). */
export const MIN_STRIP_PX = 28;

/** A box in viewport px, as `getBoundingClientRect` gives it. */
export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The area two boxes share, in px² (0 when they only touch or are apart). */
export function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The part of `box` that shows inside `view`, or null when none of it (at least 1 px each way) does. */
export function visiblePart(box: Box, view: Box): Box | null {
  const part = {
    left: Math.max(box.left, view.left),
    top: Math.max(box.top, view.top),
    right: Math.min(box.right, view.right),
    bottom: Math.min(box.bottom, view.bottom),
  };
  return part.right - part.left >= 1 && part.bottom - part.top >= 1 ? part : null;
}

/**
 * The edge for the toast, given where it would sit at each edge and the visible controls of the
 * page: the current edge while it covers none of them, else the edge that covers less of them
 * (the current one on a tie, so a toast does not hop back and forth).
 */
export function chooseToastEdge(
  places: Readonly<Record<'top' | 'bottom', Box>>,
  controls: readonly Box[],
  current: 'top' | 'bottom',
): 'top' | 'bottom' {
  const covered = (edge: 'top' | 'bottom') =>
    controls.reduce((sum, control) => sum + overlapArea(places[edge], control), 0);
  const here = covered(current);
  if (here === 0) return current;
  const other = current === 'top' ? 'bottom' : 'top';
  return covered(other) < here ? other : current;
}
