import { type Card, type GameEvent, type GameState, viewFor } from '@palace/core';
import type { EasyGameState, EasyPlayer } from '@palace/protocol';
import { aiLevelField } from '../ai-levels.js';
import type { StoredGame } from '../ports.js';
import { isAway, playHints, viewerIds, WAITING_PLAYING_STATUS } from '../seat-view.js';
import { handCards, mainCard, masked } from '../wire-cards.js';
import type { EasyMeta } from './easy-meta.js';

/**
 * The easy game as one viewer may see it (docs/product.md §P2.3). `seat` is the viewer's public seat id and
 * `credential` the secret they proved it with; both null for a stranger. Built from the engine's
 * per-viewer view, so no other player's hand and no face-down card (the viewer's own included) is
 * in it; the viewer's own seat carries their credential instead of the seat id.
 */
export function easyView(game: StoredGame<EasyMeta>, seat: string | null, credential: string | null): EasyGameState {
  const view = viewFor(game.state, seat);
  const own = view.viewer;
  const idOf = viewerIds(own, credential);
  const nameOf = (id: string): string | null => view.seats.find((s) => s.id === id)?.name ?? null;
  const players = view.seats.map(
    (s): EasyPlayer => ({
      id: idOf(s.id),
      name: s.name,
      isAI: s.ai !== null,
      ...aiLevelField(s.ai),
      away: isAway(game, s.id),
      hand: handCards(s, masked),
      handCount: s.handCount,
      faceUp: s.faceUp.map(mainCard),
      faceDownCount: s.faceDown.length,
      faceDown: s.faceDown.map((b) => masked(b.id)),
      isCurrentTurn: s.isTurn,
    }),
  );
  const result = view.result;
  return {
    id: game.id,
    status: WAITING_PLAYING_STATUS[view.phase],
    maxPlayers: view.options.maxSeats,
    players,
    pile: view.pile.map(mainCard),
    pileCount: view.pile.length,
    deckCount: view.deckCount,
    currentTurn: view.turn === null ? null : idOf(view.turn),
    currentTurnPlayerName: view.turn === null ? null : nameOf(view.turn),
    winner: result === null ? null : idOf(result.winner),
    winnerName: result === null ? null : nameOf(result.winner),
    standings:
      result === null
        ? []
        : result.standings.map((s) => ({ id: idOf(s.seat), name: s.name, place: s.place, cardsLeft: s.cardsLeft })),
    endReason: result === null ? null : result.reason,
    ...playHints(game, view),
    createdAt: game.createdAt,
    lastUpdate: game.version,
  };
}

/** What one accepted move did, read from the engine's events (names, as the client shows them). */
export interface MoveOutcome {
  readonly gameOver: boolean;
  readonly winner: string | null;
  readonly clearedPile: boolean;
  readonly skippedPlayer: string | null;
  readonly skippedPlayers: string[];
  readonly pickedUp: boolean;
  /** Cards that went onto the pile. */
  readonly played: readonly Card[];
  /** The face-down card turned over, if the move was a blind one. */
  readonly turned: Card | null;
}

/** Reads a move's outcome from its events; `state` is the state after the move (for seat names). */
export function moveOutcome(state: GameState, events: readonly GameEvent[]): MoveOutcome {
  const nameOf = (id: string): string => state.seats.find((s) => s.id === id)?.name ?? id;
  let gameOver = false;
  let winner: string | null = null;
  let clearedPile = false;
  const skippedPlayers: string[] = [];
  let pickedUp = false;
  let played: readonly Card[] = [];
  let turned: Card | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'played':
        played = event.cards;
        break;
      case 'blindFlipped':
        turned = event.card;
        break;
      case 'burned':
        clearedPile = true;
        break;
      case 'skipped':
        skippedPlayers.push(...event.seats.map(nameOf));
        break;
      case 'pickedUp':
        pickedUp = true;
        break;
      case 'gameOver':
        gameOver = true;
        winner = nameOf(event.winner);
        break;
      default:
        break;
    }
  }
  return {
    gameOver,
    winner,
    clearedPile,
    skippedPlayer: skippedPlayers[0] ?? null,
    skippedPlayers,
    pickedUp,
    played,
    turned,
  };
}
