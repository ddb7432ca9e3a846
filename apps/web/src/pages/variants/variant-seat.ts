import type { AiLevelName, PublicPlayer, SimplePlayer } from '@palace/protocol';
import { tableCards, type WireCard } from '../../table/cards.js';
import type { TableSeat } from '../../table/model.js';
import { aiLevelLabel } from './ai-level.js';

/** What the state of every server-backed variant (REST, easy, simple, public) tells of a player. */
export interface VariantPlayer {
  readonly isAI: boolean;
  readonly aiLevel?: AiLevelName | undefined;
  readonly handCount: number;
  readonly faceUp: readonly WireCard[];
  readonly faceDownCount: number;
}

/** The parts of the state every seat reads: whether the game is in play, and the turn clock. */
export interface VariantTurn {
  readonly status: string;
  readonly turnDeadline: number | null;
}

/**
 * Another seat at a variant's table: `key` and `name` as the variant names the player, an AI with
 * its level's name for players, the counts and face-up cards, `flags` in the screen's order, and
 * the turn — the seat `turn` names holds it while the game is in play, and shows the clock then.
 */
export function variantSeat(
  p: VariantPlayer,
  seat: { readonly key: string; readonly name: string; readonly turn: boolean; readonly flags: readonly string[] },
  game: VariantTurn,
): TableSeat {
  const isTurn = game.status === 'playing' && seat.turn;
  return {
    key: seat.key,
    name: seat.name,
    ai: p.isAI ? { level: p.aiLevel === undefined ? undefined : aiLevelLabel(p.aiLevel) } : null,
    isTurn,
    handCount: p.handCount,
    faceUp: tableCards(p.faceUp),
    faceDownCount: p.faceDownCount,
    flags: seat.flags,
    deadline: isTurn ? game.turnDeadline : null,
  };
}

/**
 * Another seat of the username games (simple websocket, simple REST, public): Ready or Choosing
 * while the face-up cards are chosen, then Left, Away, and Winner once the game is over.
 */
export function usernameSeat(
  p: SimplePlayer | PublicPlayer,
  game: VariantTurn & { readonly winner: string | null },
  turn: boolean,
): TableSeat {
  const flags: string[] = [];
  if (game.status === 'setup') flags.push(p.isReady ? 'Ready' : 'Choosing');
  if (p.hasLeft) flags.push('Left');
  if (p.away) flags.push('Away');
  if (game.status === 'finished' && game.winner === p.username) flags.push('Winner');
  return variantSeat(p, { key: p.username, name: p.username, turn, flags }, game);
}
