import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
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
const FIRST_EDGE: ToastEdge = 'top';

/**
 * Keeps the toast at the edge of the screen where it covers no control of the page (spec 01 §9
 * toasts; DECISIONS §10: never over the own cards or the action buttons): measured when a toast
 * shows and again on scroll, resize and page changes while it shows. `viewport` is the toast
 * viewport, a full-screen layer whose padding says where a toast sits at either edge.
 */
export function useToastEdge(viewport: RefObject<HTMLElement | null>, showing: boolean): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>(FIRST_EDGE);
  const current = useRef<ToastEdge>(FIRST_EDGE);

  useLayoutEffect(() => {
    if (!showing) return;
    current.current = FIRST_EDGE;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      const layer = viewport.current;
      const next = layer === null ? null : edgeFor(layer, current.current);
      if (next !== null) current.current = next;
      setEdge(current.current);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    place();
    // Page changes are measured at once (a mutation callback runs before the next paint), so a
    // toast that has just arrived never shows for a frame where it does not belong.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [showing, viewport]);

  return edge;
}

/** The edge for the toast in `layer` now, or null when there is no toast to place. */
function edgeFor(layer: HTMLElement, current: ToastEdge): ToastEdge | null {
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
