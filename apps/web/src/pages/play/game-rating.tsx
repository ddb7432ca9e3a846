import type { MyRatingsResponse, RatingPoint, RatingPreset } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { apiGet } from '../../lib/api.js';
import { gamePoint, presetName, ratingChangeText } from '../../lib/ratings.js';

/** How long after a first answer without the game the one retry waits. */
export const RATING_RETRY_MS = 1000;

/**
 * The rating a finished main game left the signed-in registered player (docs/product.md §D11): one
 * read of `GET /api/ratings/me`, and one more after a second when the game is not in the history yet.
 * Null while unknown, for guests (`registered` false) and for unrated games; failures show nothing.
 */
export function useGameRating(
  gameId: number,
  registered: boolean,
): { readonly preset: RatingPreset; readonly point: RatingPoint } | null {
  const [found, setFound] = useState<ReturnType<typeof gamePoint>>(null);
  useEffect(() => {
    setFound(null);
    if (!registered) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async (): Promise<ReturnType<typeof gamePoint>> => {
      try {
        const mine = await apiGet<MyRatingsResponse>('/api/ratings/me', { on401: 'null' });
        return mine === null ? null : gamePoint(mine.ratings, gameId);
      } catch {
        return null;
      }
    };
    void read().then((first) => {
      if (!live) return;
      if (first !== null) {
        setFound(first);
        return;
      }
      timer = setTimeout(() => {
        void read().then((second) => {
          if (live) setFound(second);
        });
      }, RATING_RETRY_MS);
    });
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [gameId, registered]);
  return found;
}

/** "Rating 1043 (+43) · Classic" under the winner line, or nothing. */
export function GameRating({ gameId, registered }: { gameId: number; registered: boolean }): ReactElement | null {
  const rated = useGameRating(gameId, registered);
  if (rated === null) return null;
  return (
    <p className="game-rating">
      <span className={rated.point.delta > 0 ? 'credit' : rated.point.delta < 0 ? 'debit' : ''}>
        {ratingChangeText(rated.point)}
      </span>{' '}
      <span className="muted small">· {presetName(rated.preset)}</span>
    </p>
  );
}
