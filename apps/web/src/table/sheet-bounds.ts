import { type RefObject, useLayoutEffect } from 'react';

/** A sheet's width beside a wide table, in px (22rem). */
const SHEET_WIDTH = 352;
/** What a sheet keeps off: the viewer's own cards and the action bar's buttons. */
const KEEP_OFF = '[data-zone="own"] button[data-card-id], .gt-actions > button';

/**
 * Over a game table, a sheet (the main game's chat, a variant's Info sheet on a phone) lies in the
 * play area's largest part free of the viewer's own cards and the action bar's buttons: above
 * them (a phone upright), left of them (a phone on its side, where they are a column on the right)
 * or right of them (a desktop, as a 22rem column) — never over the own rows or the actions
 * (docs/web.md "The table kit"). Its edges are set as `--sheet-top`, `--sheet-bottom`,
 * `--sheet-left` and `--sheet-right`, measured when it opens, on a resize and whenever the own rows
 * or the bar change size; the sheet gets the class `on-table`. Elsewhere (a waiting room), or while
 * `open` is false, it keeps its own place.
 */
export function useSheetBounds(panel: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const element = panel.current;
    const table = element?.closest('.game-table');
    if (!open || element === null || element === undefined || table === null || table === undefined) return;
    const place = () => {
      // A sheet laid out in place (a wide screen's side column) is left alone.
      if (getComputedStyle(element).position !== 'fixed') {
        element.classList.remove('on-table');
        return;
      }
      const width = window.innerWidth;
      const height = window.innerHeight;
      const top = Math.max(0, Math.round(table.querySelector('.gt-play')?.getBoundingClientRect().top ?? 0)) + 4;
      let offTop = height;
      let offLeft = width;
      let offRight = 0;
      for (const el of table.querySelectorAll(KEEP_OFF)) {
        if (element.contains(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) continue;
        offTop = Math.min(offTop, box.top);
        offLeft = Math.min(offLeft, box.left);
        offRight = Math.max(offRight, box.right);
      }
      const tall = Math.max(0, height - top);
      const wide = width >= 768;
      const options = [
        {
          area: width * Math.max(0, offTop - top),
          edges: {
            top,
            bottom: Math.round(height - offTop) + 4,
            right: 8,
            left: wide ? Math.max(8, width - 8 - SHEET_WIDTH) : 8,
          },
        },
        {
          area: Math.min(offLeft, wide ? SHEET_WIDTH : width) * tall,
          edges: {
            top,
            bottom: 4,
            left: wide ? Math.max(4, Math.round(offLeft) - 4 - SHEET_WIDTH) : 4,
            right: Math.round(width - offLeft) + 4,
          },
        },
        {
          area: Math.min(width - offRight, SHEET_WIDTH) * tall,
          edges: { top, bottom: 4, right: 8, left: Math.max(Math.round(offRight) + 4, width - 8 - SHEET_WIDTH) },
        },
      ];
      const best = options.reduce((a, b) => (b.area > a.area ? b : a));
      for (const [side, px] of Object.entries(best.edges)) element.style.setProperty(`--sheet-${side}`, `${px}px`);
      element.classList.add('on-table');
    };
    place();
    const watch = new ResizeObserver(place);
    for (const el of table.querySelectorAll('.gt-own, .gt-actions')) watch.observe(el);
    window.addEventListener('resize', place);
    return () => {
      watch.disconnect();
      window.removeEventListener('resize', place);
      element.classList.remove('on-table');
    };
  }, [panel, open]);
}
