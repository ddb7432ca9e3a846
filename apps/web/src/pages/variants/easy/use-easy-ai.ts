import { EASY_AI_MOVE_DELAY_MS } from '@palace/protocol';
import { useEffect, useRef } from 'react';

/**
 * The easy variant's client-triggered AI (docs/product.md §P2.4, §P2.9): once an AI turn is seen (`dueKey` not
 * null), `move` runs after `delayMs`, once per key. The key is remembered when the call fires, so
 * polls and re-renders that show the same turn again never call twice, and a turn that moved on
 * before the delay (another client, or the server's own fallback) cancels the pending call.
 */
export function useEasyAi(dueKey: string | null, move: () => Promise<void>, delayMs = EASY_AI_MOVE_DELAY_MS): void {
  const fired = useRef<string | null>(null);
  const latest = useRef(move);
  latest.current = move;
  useEffect(() => {
    if (dueKey === null || fired.current === dueKey) return;
    const timer = setTimeout(() => {
      fired.current = dueKey;
      void latest.current();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [dueKey, delayMs]);
}
