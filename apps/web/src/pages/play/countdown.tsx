import { MAIN_COUNTDOWN_MS } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { playTick } from './sounds.js';

/** The "Game Starting" countdown, in seconds (docs/product.md §P1.9). */
export const COUNTDOWN_SECONDS = MAIN_COUNTDOWN_MS / 1000;
/** One tick per second. */
const TICK_MS = 1000;
/** docs/product.md §P1.2: the countdown's volumes; the last tick ("1") is the louder one. */
const TICK_VOLUME = 0.3;
const LAST_TICK_VOLUME = 0.5;

/**
 * The "Game Starting" overlay (docs/product.md §P1.2): shows 3, 2, 1, one per second with one tick each (three
 * ticks, the last louder), then calls `onDone` once. A re-render with a new `onDone` (every game
 * state the board receives meanwhile) neither restarts the second nor plays a tick again.
 */
export function Countdown({ onDone }: { onDone: () => void }): ReactElement {
  const [left, setLeft] = useState(COUNTDOWN_SECONDS);
  const done = useRef(onDone);
  done.current = onDone;
  const ticked = useRef<number | null>(null);
  useEffect(() => {
    if (left === 0) {
      done.current();
      return;
    }
    // Once per number, also when an effect runs twice (React's strict mode in development).
    if (ticked.current !== left) {
      ticked.current = left;
      playTick(left === 1 ? LAST_TICK_VOLUME : TICK_VOLUME);
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), TICK_MS);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <div className="countdown" role="alert" aria-live="assertive">
      <div>Game Starting</div>
      <div className="countdown-number">{Math.max(left, 1)}</div>
    </div>
  );
}
