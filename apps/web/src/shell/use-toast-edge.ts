import { type RefObject, useLayoutEffect, useState } from 'react';
import { type Box, chooseToastEdge, type ToastEdge, visiblePart } from './toast-placement.js';

/** What a toast must not cover: the page's controls. */
const CONTROLS =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="menuitem"]';
/**
 * The shell's fixed bars: navigation present on every screen, not a screen's own actions. A toast
 * may sit over them for its few seconds, and page content scrolled behind them does not show.
 */
const CHROME = '.top-bar, .tab-bar, .powered-by';
/** The first choice: over the top bar, where a toast is seen first. */
const FIRST_EDGE = 'top';
/**
 * A game table's middle (deck, pile, the last move): while a table shows, the toast sits there, so
 * it never covers an own card or an action button (docs/product.md §D10) — unless the middle shows a
 * panel of its own (a winner with its buttons).
 */
const TABLE_SLOT = '[data-toast-slot]';
/** How long after a toast appears the page may still be settling around it (rendering the screen it came with), in ms. */
const SETTLE_MS = 500;

/**
 * Puts each toast at the edge of the screen where it covers no control of the page (docs/product.md §P1.9
 * toasts; docs/product.md §D10: never over the own cards or the action buttons). The place is measured
 * when the toast appears, again while the page settles around it (its first half second) and when
 * the window is resized; never on scroll or later, so a toast does not jump under a finger that is
 * reaching for something. `viewport` is the toast viewport, a full-screen layer whose padding says
 * where a toast sits at either edge; `toastId` is the toast showing, or null.
 */
export function useToastEdge(viewport: RefObject<HTMLElement | null>, toastId: number | null): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>(FIRST_EDGE);

  useLayoutEffect(() => {
    if (toastId === null) return;
    let current: 'top' | 'bottom' = FIRST_EDGE;
    const place = () => {
      const layer = viewport.current;
      if (layer !== null && inTableSlot(layer)) {
        setEdge('slot');
        return;
      }
      current = (layer === null ? null : edgeFor(layer, current)) ?? current;
      setEdge(current);
    };
    place();
    // A mutation callback runs before the next paint: the screen the toast came with is measured
    // before anyone sees the toast in the wrong place.
    const settling = new MutationObserver(place);
    settling.observe(document.body, { childList: true, subtree: true });
    // A table that shows up later (its screen rendered slowly, on a busy phone) still takes the
    // toast into its middle: there is nothing to press there, and the edge it sat at may now hold
    // the table's own cards or actions.
    const late = new MutationObserver(() => {
      const layer = viewport.current;
      if (layer !== null && inTableSlot(layer)) {
        setEdge('slot');
        late.disconnect();
      }
    });
    const settled = setTimeout(() => {
      settling.disconnect();
      late.observe(document.body, { childList: true, subtree: true });
    }, SETTLE_MS);
    window.addEventListener('resize', place);
    return () => {
      clearTimeout(settled);
      settling.disconnect();
      late.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [toastId, viewport]);

  return edge;
}

/**
 * Places the toast layer over a game table's middle when one shows (its box as CSS variables on
 * the layer); false when there is none, or its middle holds a panel (then the edges are chosen).
 */
function inTableSlot(layer: HTMLElement): boolean {
  const slot = document.querySelector<HTMLElement>(TABLE_SLOT);
  if (slot === null || slot.querySelector('.gt-notice') !== null) return false;
  const box = slot.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return false;
  layer.style.setProperty('--slot-left', `${box.left}px`);
  layer.style.setProperty('--slot-top', `${box.top}px`);
  layer.style.setProperty('--slot-width', `${box.width}px`);
  layer.style.setProperty('--slot-height', `${box.height}px`);
  return true;
}

/** The edge for the toast in `layer` now, or null when there is no toast to place. */
function edgeFor(layer: HTMLElement, current: 'top' | 'bottom'): 'top' | 'bottom' | null {
  const toast = layer.querySelector<HTMLElement>('.toast');
  if (toast === null) return null;
  const frame = layer.getBoundingClientRect();
  const style = getComputedStyle(layer);
  const left = frame.left + Number.parseFloat(style.paddingLeft);
  const right = frame.right - Number.parseFloat(style.paddingRight);
  const top = frame.top + Number.parseFloat(style.paddingTop);
  const bottom = frame.bottom - Number.parseFloat(style.paddingBottom);
  const height = toast.offsetHeight;
  const places = {
    top: { left, right, top, bottom: top + height },
    bottom: { left, right, top: bottom - height, bottom },
  };
  const view = contentView();
  const controls: Box[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (layer.contains(element) || element.closest(CHROME) !== null) continue;
    if (element.checkVisibility?.({ visibilityProperty: true }) === false) continue;
    const part = visiblePart(element.getBoundingClientRect(), view);
    if (part !== null) controls.push(part);
  }
  return chooseToastEdge(places, controls, current);
}

/** Where page content shows: the window between the shell's top bar and tab bar (when shown). */
function contentView(): Box {
  const topBar = document.querySelector('.top-bar')?.getBoundingClientRect();
  const tabBar = document.querySelector('.tab-bar')?.getBoundingClientRect();
  return {
    left: 0,
    right: window.innerWidth,
    top: topBar !== undefined && topBar.height > 0 ? topBar.bottom : 0,
    bottom: tabBar !== undefined && tabBar.height > 0 ? tabBar.top : window.innerHeight,
  };
}
