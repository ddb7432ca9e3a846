import type { MainGameState, MainPlayer } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { mainGamePath } from '../../lib/main-game-path.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { useGame } from '../../stores/game-store.js';
import type { FinishedRecord } from '../../table/finished-record.js';
import { GameOverPanel } from '../../table/game-over.js';
import { gameOverModel, minutesBetween } from '../../table/game-over-model.js';
import type { LoggedMove } from '../../table/move-log.js';
import { RematchButton, RematchLine, showsRematch } from '../../ui/rematch.js';
import { ReplayLink } from '../replay/replay-link.js';
import { GameRating } from './game-rating.js';
import { usePlayedAGame } from './use-turn-notice.js';

/**
 * The main game's end (docs/product.md §P1, docs/web.md "The table kit": game over): who won, the
 * viewer's place, the prize and rating lines, every player's place and cards left, the length and
 * the moves; one primary action (Claim your prize for a guest winner of a prize, else the rematch,
 * else Back to Lobby), the others secondary.
 */
export function GameOver({
  game,
  me,
  record,
  seen,
}: {
  game: MainGameState;
  me: MainPlayer | null;
  record: FinishedRecord | null;
  seen: readonly LoggedMove[];
}): ReactElement {
  const user = useAuth((s) => s.user);
  const rematch = useGame((s) => s.rematch);
  const asking = useGame((s) => s.rematchOf === game.id);
  const last = game.lastAction;
  const winner = game.players.find((p) => p.id === game.winnerId);
  const prize = last?.prizeAmount ?? game.prizeAmount;
  const iWon = me !== null && winner?.id === me.id;
  usePlayedAGame(me !== null);
  const claim = prize > 0 && last?.guestWinner === true && iWon;
  // A daily deal has no rematch (docs/daily.md): its board is the next place to go.
  const daily = game.daily !== undefined;
  const rematchShown = showsRematch(game.rematch, me !== null && !daily);
  const over = gameOverModel({
    seats: game.players.map((p) => ({
      name: p.username,
      cardsLeft: p.handCount + p.faceUpCards.length + p.faceDownCards.length,
      you: p.id === me?.id,
    })),
    winner: winner === undefined ? null : game.players.indexOf(winner),
    moves: record?.moves ?? seen.map((m) => m.text),
    moveCount: record?.moveCount ?? null,
    minutes: minutesBetween(timeOf(game.startedAt), timeOf(game.finishedAt)) ?? record?.minutes ?? null,
  });
  return (
    <GameOverPanel
      heading={iWon ? 'You won!' : `${winner?.username ?? 'Someone'} won!`}
      model={over}
      role="status"
      className="game-over"
      {...(game.hints === undefined ? {} : { hintsUsed: game.hints.used })}
      actions={
        <>
          {claim && (
            <Link className="button button-primary" to={`/auth?gameId=${game.id}&guestId=${me?.id}&amount=${prize}`}>
              Claim your prize
            </Link>
          )}
          <RematchButton
            offer={game.rematch}
            canOffer={me !== null && !daily}
            busy={asking}
            tone={claim ? 'secondary' : 'primary'}
            fee={user !== null && !isGuest(user) ? game.entryFee : 0}
            // A spectator cannot take a seat in the rematch from here: they may watch it.
            {...(me === null && game.rematch !== null ? { watch: mainGamePath(game.rematch.gameId, true) } : {})}
            onRematch={() => rematch(game.id)}
          />
          {daily && (
            <Link className="button button-primary" to="/daily">
              Daily board
            </Link>
          )}
          <Link
            className={`button ${claim || rematchShown || daily ? 'button-secondary' : 'button-primary'}`}
            to="/play"
          >
            Back to Lobby
          </Link>
          <ReplayLink variant="main" gameId={game.id} />
        </>
      }
    >
      {claim && <p>Create an account to claim your {prize} tokens!</p>}
      {prize > 0 && last?.guestWinner === true && !iWon && (
        <p>The winner needs to register to claim their {prize} token prize.</p>
      )}
      {prize > 0 && last?.guestWinner !== true && (
        <p>
          {iWon ? `${prize} SRT tokens are yours.` : `${winner?.username ?? 'The winner'} takes ${prize} SRT tokens.`}
        </p>
      )}
      <GameRating gameId={game.id} registered={me !== null && user !== null && !isGuest(user)} />
      <RematchLine offer={game.rematch} me={me?.username ?? null} />
    </GameOverPanel>
  );
}

/** An ISO time as ms since the epoch; null when absent or unreadable. */
function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
