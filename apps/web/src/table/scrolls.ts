import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element scrolls: larger inside than it shows along an axis it may scroll (the seats'
 * strip sideways on a phone, the spectator's wrapped seats downwards), kept up to date as it or its
 * children change size. A region that scrolls must be reachable by the keyboard (WCAG 2.1.1: the
 * arrow keys scroll a focused scroller), so it joins the tab order only then.
 */
export function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const scrollable = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    const measure = () => {
      const style = getComputedStyle(element);
      setScrolls(
        (scrollable(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (scrollable(style.overflowY) && element.scrollHeight > element.clientHeight + 1),
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  });
  return scrolls;
}
