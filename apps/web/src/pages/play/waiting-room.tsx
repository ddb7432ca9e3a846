import './play-now.css';
import type { MainGameState, MainPlayer } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { Avatar } from '../../shell/avatar.js';
import { useGame } from '../../stores/game-store.js';
import { sortHand, tableCards } from '../../table/cards.js';
import { FaceUpChoice } from '../../table/face-up-choice.js';
import { BotMark } from '../../ui/bot-mark.js';
import { AiLevelSelect, AiTag, useAiLevel } from '../variants/ai-level.js';
import { presenceWord } from './main-table.js';

/** How long a waiting host waits before the room offers "Add the computer instead" (docs/product.md §D13). */
export const COMPUTER_OFFER_MS = 30_000;

/** Whether `game` has waited `COMPUTER_OFFER_MS` since it was opened, by the clock `now`. */
function waitedLong(game: MainGameState, now: number): boolean {
  return now - Date.parse(game.createdAt) >= COMPUTER_OFFER_MS;
}

/**
 * Re-renders once the 30 s offer is due (the server's `createdAt` and this device's clock; a
 * skewed clock shows it early or late, never not at all).
 */
function useOfferDue(game: MainGameState): boolean {
  const [now, setNow] = useState(() => Date.now());
  const due = waitedLong(game, now);
  useEffect(() => {
    if (due) return;
    const left = Date.parse(game.createdAt) + COMPUTER_OFFER_MS - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, left) + 50);
    return () => clearTimeout(timer);
  }, [due, game.createdAt]);
  return due;
}

/**
 * The waiting room (docs/web.md "Main game"): who sits (computer players with their level), who
 * is ready, the viewer's face-up choice, and for the host the computer players: add one at a
 * level, remove one, or after 30 s of waiting fill every free seat with the computer.
 */
export function WaitingRoom({ game, me }: { game: MainGameState; me: MainPlayer | null }): ReactElement {
  const send = useGame((s) => s.send);
  const level = useAiLevel((s) => s.level);
  const ready = game.players.filter((p) => p.isReady).length;
  const free = game.playerLimit - game.players.length;
  // A tournament's or the daily deal's table is seated for everyone alike: nobody changes it.
  const hosting = me?.isHost === true && game.tournament === null && game.daily === undefined;
  const offerDue = useOfferDue(game);
  const addComputer = () => send({ type: 'add_computer', gameId: game.id, level });
  return (
    <section className="card waiting">
      <h2>Waiting for players</h2>
      <progress
        max={game.players.length}
        value={ready}
        aria-label={`${ready} of ${game.players.length} players ready`}
      />
      <ul className="ready-list">
        {game.players.map((p) => (
          <li key={p.id}>
            <Avatar name={p.username} src={p.avatar} size={28} />
            <span>
              {p.username}
              {p.isBot && <BotMark />}
              {p.isComputer && <AiTag isAI level={p.aiLevel} />}
            </span>
            {p.connection !== 'connected' && (
              <span className="ready-badge">{p.away ? 'Away' : presenceWord(p.droppedAt, Date.now())}</span>
            )}
            <span className={`ready-badge${p.isReady ? ' ready' : ''}`}>{p.isReady ? 'Ready' : 'Choosing cards'}</span>
            {hosting && p.isComputer && (
              <button
                type="button"
                className="button button-secondary button-small-outline"
                aria-label={`Remove ${p.username}`}
                onClick={() => send({ type: 'remove_computer', gameId: game.id, playerId: p.id })}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {hosting && free > 0 && (
        <div className="add-computer">
          {offerDue && (
            <p className="muted small" role="status">
              Nobody has joined yet.
            </p>
          )}
          <div className="button-row">
            {offerDue && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  for (let n = 0; n < free; n++) addComputer();
                }}
              >
                Add the computer instead
              </button>
            )}
            <button type="button" className="button button-secondary" onClick={addComputer}>
              Add computer
            </button>
            <AiLevelSelect />
          </div>
        </div>
      )}
      {me !== null && !me.isReady && (
        <FaceUpChoice
          hand={sortHand(tableCards(me.handCards))}
          prompt={(chosen) => <p>Choose 3 cards to lie face up ({chosen}/3):</p>}
          confirm="I'm Ready to Play"
          onConfirm={(cardIds) => send({ type: 'select_faceup_cards', gameId: game.id, cardIds })}
        />
      )}
      {me?.isReady === true && <p className="muted">You're ready. The game starts when everyone has chosen.</p>}
      <p className="muted small">The game starts when at least 2 players have joined and everyone is ready.</p>
    </section>
  );
}
