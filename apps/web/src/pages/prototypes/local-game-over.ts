import type { GameState } from '@palace/core';
import { useEffect, useRef, useState } from 'react';
import { type GameOverModel, lengthText, placeLine, type StandingRow } from '../../table/game-over-model.js';

/**
 * A local game's end (the /poker and /simplified prototypes; docs/web.md "The table kit": game
 * over): the engine's standings, the length (its move count, and the minutes from the first move
 * to the end as this page saw them) and every move's line, kept by this hook from `last` as the
 * moves come. A new deal (no move made yet) starts the list again. Null while the game runs.
 */
export function useLocalGameOver(state: GameState, last: string, viewer: string | null): GameOverModel | null {
  const [moves, setMoves] = useState<readonly string[]>([]);
  const counted = useRef(0);
  const started = useRef<number | null>(null);
  const [ended, setEnded] = useState<number | null>(null);
  useEffect(() => {
    if (state.moves === 0) {
      counted.current = 0;
      started.current = null;
      setMoves([]);
      setEnded(null);
      return;
    }
    if (state.moves <= counted.current) return;
    counted.current = state.moves;
    started.current ??= Date.now();
    setMoves((list) => [...list, last]);
    if (state.result !== null) setEnded(Date.now());
  }, [state, last]);
  const result = state.result;
  if (result === null) return null;
  const rows: StandingRow[] = result.standings.map((s) => ({
    place: s.place,
    name: s.name,
    cardsLeft: s.cardsLeft,
    you: s.seat === viewer,
  }));
  // Minutes only when this page saw the game from its first move (a page opened mid-game did not).
  const minutes =
    started.current === null || ended === null || moves.length !== state.moves
      ? null
      : Math.round((ended - started.current) / 60_000);
  return {
    placeLine: placeLine(rows),
    standings: rows,
    length: lengthText({ moves: state.moves, minutes }),
    moves: moves.length === state.moves ? moves : [],
  };
}
