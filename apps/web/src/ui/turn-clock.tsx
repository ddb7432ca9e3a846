import { type ReactElement, useEffect, useState } from 'react';

/** Under this many seconds the clock turns red and screen readers hear it once. */
export const URGENT_SECONDS = 10;

/** Whole seconds left until `deadline` (ms since the epoch) at `now`, never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "0:42", "1:00". */
export function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The turn clock of the seat whose turn it is (docs/product.md §D6): the time left before the server
 * plays that seat with the AI, from the state's `turnDeadline`; nothing when no clock runs. It
 * ticks every second; the ticking text is hidden from screen readers, which hear only "10 seconds
 * left" once (its own polite live region). It sits next to the turn line, not inside it, so the
 * line's words stay exactly "Your turn".
 */
export function TurnClock({ deadline }: { readonly deadline: number | null }): ReactElement | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (deadline === null) return null;
  const left = secondsLeft(deadline, now);
  const urgent = left <= URGENT_SECONDS;
  return (
    <span className={`turn-clock${urgent ? ' urgent' : ''}`} title="Time left for this turn">
      <span aria-hidden="true">
        <span className="turn-clock-icon">⏱</span> {clockText(left)}
      </span>
      <span className="sr-only" aria-live="polite">
        {urgent && left > 0 ? `${URGENT_SECONDS} seconds left` : ''}
      </span>
    </span>
  );
}
