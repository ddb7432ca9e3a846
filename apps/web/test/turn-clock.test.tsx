import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockText, secondsLeft, TurnClock } from '../src/ui/turn-clock.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TurnClock', () => {
  it('turn clock - seconds left round up and never go below zero; the text reads m:ss', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
    expect(clockText(60)).toBe('1:00');
    expect(clockText(42)).toBe('0:42');
    expect(clockText(5)).toBe('0:05');
  });

  it('turn clock - ticks every second, turns urgent at 10 s with one spoken line, and shows nothing without a deadline', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { container, rerender } = render(<TurnClock deadline={1_000_000 + 12_000} />);
    const clock = () => container.querySelector('.turn-clock');
    expect(clock()?.textContent).toContain('0:12');
    expect(clock()?.classList.contains('urgent')).toBe(false);
    expect(screen.queryByText('10 seconds left')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(clock()?.textContent).toContain('0:10');
    expect(clock()?.classList.contains('urgent')).toBe(true);
    expect(screen.getByText('10 seconds left').className).toBe('sr-only');
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(clock()?.textContent).toContain('0:00');
    rerender(<TurnClock deadline={null} />);
    expect(clock()).toBeNull();
  });
});
