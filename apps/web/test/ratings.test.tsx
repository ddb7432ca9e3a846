import type { PresetRating, RatingPoint } from '@palace/protocol';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chartLabel,
  deltaText,
  gamePoint,
  inPresetOrder,
  ratedGames,
  ratingChangeText,
  ratingSeries,
  sparkline,
} from '../src/lib/ratings.js';
import { GameRating, RATING_RETRY_MS } from '../src/pages/play/game-rating.js';
import { RatingsCard } from '../src/pages/ratings.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const point = (gameId: number, rating: number, delta: number): RatingPoint => ({
  gameId,
  rating,
  delta,
  timestamp: '2026-11-25T18:00:00.000Z',
});

const classic: PresetRating = {
  preset: 'classic',
  rating: 1031,
  provisional: true,
  games: 3,
  history: [point(4, 1043, 43), point(7, 1012, -31), point(9, 1031, 19)],
};

/** Answers `GET /api/ratings/me` with each body in turn (the last one from then on) and counts the calls. */
function stubRatings(...bodies: ReadonlyArray<{ ratings: PresetRating[] }>): { calls: () => number } {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/ratings/me');
      const body = bodies[Math.min(calls, bodies.length - 1)];
      calls++;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls: () => calls };
}

describe('ratings - texts', () => {
  it('ratings - a change carries its sign (a true minus sign), the line its rating and change', () => {
    expect([deltaText(43), deltaText(-12), deltaText(0)]).toEqual(['+43', '\u221212', '±0']);
    expect(ratingChangeText({ rating: 1043, delta: 43 })).toBe('Rating 1043 (+43)');
    expect(ratingChangeText({ rating: 988, delta: -12 })).toBe('Rating 988 (\u221212)');
    expect([ratedGames(1), ratedGames(12)]).toEqual(['1 rated game', '12 rated games']);
  });

  it('ratings - the series starts before the first game; the label says from where to where', () => {
    expect(ratingSeries([])).toEqual([]);
    expect(ratingSeries(classic.history)).toEqual([1000, 1043, 1012, 1031]);
    expect(chartLabel('classic', classic.history)).toBe('Classic rating over the last 3 games: from 1000 to 1031');
    expect(chartLabel('wild', [point(2, 980, -20)])).toBe('Wild rating over the last game: from 1000 to 980');
  });

  it('ratings - a game is found in any preset by its id; presets come in their order', () => {
    const wild: PresetRating = { ...classic, preset: 'wild', history: [point(11, 990, -10)] };
    expect(gamePoint([classic, wild], 11)).toEqual({ preset: 'wild', point: point(11, 990, -10) });
    expect(gamePoint([classic, wild], 7)?.point.delta).toBe(-31);
    expect(gamePoint([classic, wild], 5)).toBeNull();
    expect(inPresetOrder([wild, classic]).map((r) => r.preset)).toEqual(['classic', 'wild']);
  });
});

describe('ratings - sparkline', () => {
  it('sparkline - evenly spaced, highest at the top, lowest at the bottom, inside the padding', () => {
    const line = sparkline([1000, 1043, 1012, 1031], 300, 56, 4);
    expect(line?.path).toBe('M4 52 L101.3 4 L198.7 38.6 L296 17.4');
    expect(line?.last).toEqual({ x: 296, y: 17.4 });
  });

  it('sparkline - equal values lie at the middle; one value is a flat line across; none is nothing', () => {
    expect(sparkline([1000, 1000, 1000], 100, 20, 2)?.path).toBe('M2 10 L50 10 L98 10');
    expect(sparkline([1000], 100, 20, 2)).toEqual({ path: 'M2 10 L98 10', last: { x: 98, y: 10 } });
    expect(sparkline([], 100, 20)).toBeNull();
  });

  it('sparkline - every point stays in the box whatever the values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 1000 + Math.round(Math.sin(i) * 200));
    const line = sparkline(values, 300, 56, 4);
    const numbers = (line?.path ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(numbers).toHaveLength(200);
    for (let i = 0; i < numbers.length; i += 2) {
      expect(numbers[i]).toBeGreaterThanOrEqual(4);
      expect(numbers[i]).toBeLessThanOrEqual(296);
      expect(numbers[i + 1]).toBeGreaterThanOrEqual(4);
      expect(numbers[i + 1]).toBeLessThanOrEqual(52);
    }
  });
});

describe('ratings - screens', () => {
  it("profile - the Ratings card shows each preset's rating, the provisional mark, games and a named chart", async () => {
    stubRatings({ ratings: [classic] });
    render(
      <MemoryRouter>
        <RatingsCard userId={1} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Classic' });
    expect(screen.getByTestId('rating-classic').textContent).toBe('1031');
    expect(screen.getByText('Provisional: fewer than 10 rated games', { selector: '.sr-only' })).toBeTruthy();
    expect(screen.getByText('3 rated games')).toBeTruthy();
    const chart = screen.getByRole('img', { name: 'Classic rating over the last 3 games: from 1000 to 1031' });
    expect(chart.querySelector('path')?.getAttribute('d')).toBe('M4 52 L101.3 4 L198.7 38.6 L296 17.4');
    // The table alternative lists the games newest first.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.slice(0, 6))).toEqual(['#9+191', '#7\u2212311', '#4+431']);
  });

  it('profile - no rating yet: one line says how to get one', async () => {
    stubRatings({ ratings: [] });
    render(<RatingsCard userId={1} />);
    await screen.findByText(
      'No rated games yet. Finish a main game against another registered player to get a rating.',
    );
  });

  it('game over - the rating line shows once the game is in the history, retried once after a second', async () => {
    vi.useFakeTimers();
    const stub = stubRatings({ ratings: [] }, { ratings: [{ ...classic, history: [point(12, 1043, 43)] }] });
    render(<GameRating gameId={12} registered />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(stub.calls()).toBe(1);
    expect(screen.queryByText('Rating 1043 (+43)')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RATING_RETRY_MS);
    });
    expect(stub.calls()).toBe(2);
    expect(screen.getByText('Rating 1043 (+43)')).toBeTruthy();
    expect(screen.getByText('· Classic')).toBeTruthy();
  });

  it('game over - nothing for an unrated game (two reads at most) and no read at all for a guest', async () => {
    vi.useFakeTimers();
    const stub = stubRatings({ ratings: [classic] });
    const { container } = render(<GameRating gameId={99} registered />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RATING_RETRY_MS * 5);
    });
    expect(stub.calls()).toBe(2);
    expect(container.textContent).toBe('');
    cleanup();
    const guest = stubRatings({ ratings: [classic] });
    render(<GameRating gameId={4} registered={false} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RATING_RETRY_MS * 2);
    });
    expect(guest.calls()).toBe(0);
  });
});
