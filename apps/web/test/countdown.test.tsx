import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_SECONDS, Countdown } from '../src/pages/play/countdown.js';
import { playTick } from '../src/pages/play/sounds.js';

vi.mock('../src/pages/play/sounds.js', () => ({ playTick: vi.fn() }));

const ticks = () => vi.mocked(playTick).mock.calls.map(([volume]) => volume);
const shown = () => screen.getByRole('alert').querySelector('.countdown-number')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(playTick).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('game-start countdown (docs/product.md §P1.2, §P1.9)', () => {
  it('countdown - shows 3, 2, 1 a second apart with exactly three ticks (the last at 0.5), then ends', () => {
    const onDone = vi.fn();
    render(<Countdown onDone={onDone} />);
    expect(COUNTDOWN_SECONDS).toBe(3);
    expect(screen.getByRole('alert').textContent).toContain('Game Starting');
    expect([shown(), ticks()]).toEqual(['3', [0.3]]);
    act(() => vi.advanceTimersByTime(999));
    expect([shown(), ticks()]).toEqual(['3', [0.3]]);
    act(() => vi.advanceTimersByTime(1));
    expect([shown(), ticks()]).toEqual(['2', [0.3, 0.3]]);
    act(() => vi.advanceTimersByTime(1000));
    expect([shown(), ticks()]).toEqual(['1', [0.3, 0.3, 0.5]]);
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onDone).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(5000));
    expect(ticks()).toEqual([0.3, 0.3, 0.5]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('countdown - game states arriving meanwhile (a new onDone each render) neither restart it nor tick again', () => {
    const onDone = vi.fn();
    const { rerender } = render(<Countdown onDone={() => onDone()} />);
    for (let ms = 0; ms < 3000; ms += 250) {
      act(() => vi.advanceTimersByTime(250));
      rerender(<Countdown onDone={() => onDone()} />);
    }
    expect(onDone).toHaveBeenCalledOnce();
    expect(ticks()).toEqual([0.3, 0.3, 0.5]);
  });
});
