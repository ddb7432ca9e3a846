import { useEffect, useRef } from 'react';

/**
 * Sequential polling (docs/product.md §P2.4, §P2.9): `tick` runs, and the next one starts `intervalMs` after it
 * ended, so two polls never overlap and a slow server is never flooded. Stops while `enabled` is
 * false (for example once the game is over) and on unmount. The first tick runs at once.
 */
export function usePoll(tick: () => Promise<unknown>, intervalMs: number, enabled: boolean): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      try {
        await latest.current();
      } catch {
        // The tick reports its own failures; polling goes on.
      }
      if (!stopped) timer = setTimeout(run, intervalMs);
    };
    void run();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [intervalMs, enabled]);
}
