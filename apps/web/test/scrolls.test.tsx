import { act, cleanup, render } from '@testing-library/react';
import { type ReactElement, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolls } from '../src/table/scrolls.js';

/** The ResizeObserver callbacks of the page (happy-dom measures no layout: the test sets the sizes). */
const observers: (() => void)[] = [];

class FakeResizeObserver {
  constructor(private readonly callback: () => void) {
    observers.push(() => this.callback());
  }
  observe(): void {}
  disconnect(): void {}
}

function Strip(props: { readonly overflowX: 'auto' | 'hidden' }): ReactElement {
  const ref = useRef<HTMLUListElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <ul ref={ref} aria-label="Other players" style={{ overflowX: props.overflowX }} tabIndex={scrolls ? 0 : undefined}>
      <li>Ann</li>
    </ul>
  );
}

function setSize(element: Element, scrollWidth: number, clientWidth: number): void {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('useScrolls - a region that scrolls joins the tab order, only while it scrolls', () => {
  afterEach(() => {
    cleanup();
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('scrolls - a sideways strip wider inside than it shows is focusable; once it fits, it is not', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { getByRole } = render(<Strip overflowX="auto" />);
    const strip = getByRole('list');
    expect(strip.getAttribute('tabindex')).toBeNull();
    setSize(strip, 900, 390);
    act(() => {
      for (const changed of observers) changed();
    });
    expect(strip.getAttribute('tabindex')).toBe('0');
    setSize(strip, 390, 390);
    act(() => {
      for (const changed of observers) changed();
    });
    expect(strip.getAttribute('tabindex')).toBeNull();
  });

  it('scrolls - content that overflows a region that clips (overflow hidden) is not a scroller', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { getByRole } = render(<Strip overflowX="hidden" />);
    const strip = getByRole('list');
    setSize(strip, 900, 390);
    act(() => {
      for (const changed of observers) changed();
    });
    expect(strip.getAttribute('tabindex')).toBeNull();
  });
});
