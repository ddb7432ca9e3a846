import type { RestGameState } from '@palace/protocol';
import { type ReactElement, useState } from 'react';
import type { FinishedRecord } from '../../table/finished-record.js';
import { GameOverPanel } from '../../table/game-over.js';
import { gameOverModel } from '../../table/game-over-model.js';
import type { LoggedMove } from '../../table/move-log.js';
import { RematchButton, RematchLine, showsRematch } from '../../ui/rematch.js';
import { ReplayLink } from '../replay/replay-link.js';

/**
 * The end of the game (docs/product.md §P2.2; docs/web.md "The table kit": game over): who won,
 * the viewer's place, every player's place and cards left, the length and the moves (from the
 * game's record once fetched), and the rematch (docs/product.md §D11) as the one primary action;
 * New Game, Back to Lobby and the replay secondary.
 */
export function WinnerAlert(props: {
  readonly game: RestGameState;
  readonly playerId: string;
  readonly record: FinishedRecord | null;
  readonly seen: readonly LoggedMove[];
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
  readonly onRematch: () => Promise<void>;
}): ReactElement {
  const { game, record } = props;
  const won = game.winner === props.playerId;
  const me = game.players.find((p) => p.id === props.playerId)?.name ?? null;
  const [busy, setBusy] = useState(false);
  const rematch = () => {
    setBusy(true);
    void props.onRematch().finally(() => setBusy(false));
  };
  const winner = game.players.findIndex((p) => p.id === game.winner);
  const over = gameOverModel({
    seats: game.players.map((p) => ({
      name: p.name,
      cardsLeft: p.handCount + p.faceUp.length + p.faceDownCount,
      you: p.id === props.playerId,
    })),
    winner: winner < 0 ? null : winner,
    moves: record?.moves ?? props.seen.map((m) => m.text),
    moveCount: record?.moveCount ?? null,
    minutes: record?.minutes ?? null,
  });
  return (
    <GameOverPanel
      heading={won ? 'You won!' : `${game.winnerName ?? 'Someone'} wins!`}
      model={over}
      role="alert"
      className="rest-winner"
      {...(game.hints === undefined ? {} : { hintsUsed: game.hints.used })}
      note={
        game.rematch === null ? (
          <p className="muted">{won ? 'You got rid of all your cards first.' : 'Better luck next game.'}</p>
        ) : (
          <RematchLine offer={game.rematch} me={me} />
        )
      }
      actions={
        <>
          <RematchButton offer={game.rematch} canOffer={me !== null} busy={busy} onRematch={rematch} />
          <button
            type="button"
            className={`button ${showsRematch(game.rematch, me !== null) ? 'button-secondary' : 'button-primary'}`}
            onClick={props.onNewGame}
          >
            New Game
          </button>
          <button type="button" className="button button-secondary" onClick={props.onLeave}>
            Back to Lobby
          </button>
          <ReplayLink variant="rest" gameId={game.id} />
        </>
      }
    />
  );
}
