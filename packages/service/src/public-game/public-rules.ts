import { cardLabel, err, type GameEvent, type GameState, type Result, type Seat } from '@palace/core';
import type { Change } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { STATUS_LINES } from '../status-lines.js';
import type { PublicMeta } from './public-meta.js';
import type { Who } from './public-seats.js';

/** A public-games request's plan, given who it proved to be. */
export type Plan = (who: Who, game: StoredGame<PublicMeta>) => Result<Change<PublicMeta>, ServiceError>;

/** Listed: public, not finished, and somebody (not an AI, not gone) is in it. */
export function isListed(state: GameState, meta: PublicMeta): boolean {
  return (
    meta.visibility === 'public' && state.phase !== 'finished' && state.seats.some((s) => s.ai === null && !s.left)
  );
}

/** Only a seated player may do this: a spectator is told so (`game/spectator`). */
export function seated(
  plan: (seat: Seat, game: StoredGame<PublicMeta>) => Result<Change<PublicMeta>, ServiceError>,
): Plan {
  return (who, game) => (who.seat === null ? err(serviceError('game/spectator')) : plan(who.seat, game));
}

/** What a pick-up did, for the player who made it. */
export function pickUpMessage(events: readonly GameEvent[]): string {
  const picked = events.find((e) => e.type === 'pickedUp');
  const count = picked?.type === 'pickedUp' ? picked.count : 0;
  return `You picked up the pile (${count} ${count === 1 ? 'card' : 'cards'})`;
}

/** What a play did, for the player who made it. */
export function playMessage(events: readonly GameEvent[], state: GameState): string {
  const parts: string[] = [];
  for (const event of events) {
    if (event.type === 'blindFlipped' && !event.playable) {
      parts.push(`You turned over ${cardLabel(event.card)}: it could not be played, so you picked up the pile`);
    } else if (event.type === 'played') {
      parts.push(`You played ${event.cards.map(cardLabel).join(' ')}`);
    } else if (event.type === 'burned') {
      parts.push(events.some((e) => e.type === 'gameOver') ? 'The pile burned' : 'The pile burned: play again');
    } else if (event.type === 'gameOver') {
      const winner = state.seats.find((s) => s.id === event.winner)?.name ?? event.winner;
      parts.push(STATUS_LINES.over(winner));
    }
  }
  return parts.join('. ');
}
