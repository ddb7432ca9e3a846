import { type RefObject, useLayoutEffect, useState } from 'react';
import { type Box, chooseToastEdge, MIN_STRIP_PX, type ToastEdge, visiblePart } from './toast-placement.js';

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
 * A game table's play area (seats, deck, pile, the own cards, the actions): while a table shows,
 * the toast sits in the strip above it, over the screen's header (docs/web.md "The table kit":
 * nothing on the table).
 */
const TABLE_PLAY = '.game-table .gt-play';
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
      if (layer !== null && inTableStrip(layer)) {
        setEdge('strip');
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
    // toast into the strip above it: the edge it sat at may now hold the table's cards or actions.
    const late = new MutationObserver(() => {
      const layer = viewport.current;
      if (layer !== null && inTableStrip(layer)) {
        setEdge('strip');
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
 * Places the toast layer in the strip above a game table's play area when a table shows (the
 * strip's height as a CSS variable on the layer); false when there is none, or the strip is too
 * low for a line (then the edges are chosen).
 */
function inTableStrip(layer: HTMLElement): boolean {
  const play = document.querySelector<HTMLElement>(TABLE_PLAY);
  if (play === null) return false;
  const box = play.getBoundingClientRect();
  if (box.width < 1 || box.height < 1 || box.top < MIN_STRIP_PX) return false;
  layer.style.setProperty('--strip-height', `${Math.floor(box.top)}px`);
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
