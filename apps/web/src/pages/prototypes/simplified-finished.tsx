import type { GameState } from '@palace/core';
import type { ReactElement } from 'react';
import { GameOverPanel } from '../../table/game-over.js';
import type { GameOverModel } from '../../table/game-over-model.js';
import { useHotSeat } from './hot-seat-store.js';
import { LocalBoard } from './local-board.js';

/**
 * The end (docs/product.md §P2.3): the table with every card turned over, and over it the winner,
 * the final standings, the length and the moves (docs/web.md "The table kit": game over); Play
 * Again (the same players, a new deal) is the primary action, New Table secondary.
 */
export function Finished({ game, over }: { game: GameState; over: GameOverModel }): ReactElement {
  const playAgain = useHotSeat((s) => s.playAgain);
  const close = useHotSeat((s) => s.close);
  const last = useHotSeat((s) => s.last);
  const hintsUsed = useHotSeat((s) => s.hintsUsed);
  // Who used hints (docs/product.md §D14 hint: the panel says so): "Ann 2, Bob 1".
  const hinted = game.seats
    .filter((s) => (hintsUsed[s.id] ?? 0) > 0)
    .map((s) => `${s.name} ${hintsUsed[s.id]}`)
    .join(', ');
  const result = game.result;
  const winner = game.seats.find((s) => s.id === result?.winner)?.name ?? 'Someone';
  // The table from the winner's seat: every seat open, the game over (no card may be pressed).
  const viewer = result?.winner ?? game.seats[0]?.id ?? '';
  return (
    <LocalBoard
      state={game}
      viewer={viewer}
      last={last}
      onCommand={() => null}
      notice={
        <GameOverPanel
          heading={`${winner} wins!`}
          model={over}
          role="alert"
          className="proto-winner"
          {...(hinted === '' ? {} : { note: <p className="go-hints small">Hints used in this game: {hinted}.</p> })}
          actions={
            <>
              <button type="button" className="button button-primary" onClick={playAgain}>
                Play Again
              </button>
              <button type="button" className="button button-secondary" onClick={close}>
                New Table
              </button>
            </>
          }
        />
      }
    />
  );
}
