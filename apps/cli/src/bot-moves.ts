import {
  AI_POLICIES,
  type AiLevel,
  aiCommand,
  type Card,
  determinize,
  effectiveTop,
  type GameView,
  type Phase,
  PRESETS,
  RANK_LABELS,
  RANKS,
  type Rank,
  type Rng,
  type SeatView,
  tableOptions,
  unseenCards,
} from '@palace/core';
import type { ClientMessage, MainCard, MainGameState } from '@palace/protocol';

/**
 * How `palace bot` decides (docs/bots.md "The example bot"): the wire's `game_state` is turned
 * back into the engine's view of the bot's seat, one world consistent with it is sampled (the
 * hidden cards dealt at random), and the server's own AI (`aiCommand` with the level's policy)
 * picks the command there. Only the bot's own cards, the face-up cards and the pile are real, and
 * a move of the bot's depends on nothing else.
 */

const RANK_OF: ReadonlyMap<string, Rank> = new Map(RANKS.map((rank) => [RANK_LABELS[rank], rank]));

function card(wire: MainCard): Card {
  const rank = RANK_OF.get(wire.value);
  if (rank === undefined) throw new Error(`unknown card value ${wire.value}`);
  return { id: wire.id, rank, suit: wire.suit };
}

function isFace(c: MainGameState['players'][number]['handCards'][number]): c is MainCard {
  return 'value' in c;
}

const PHASES: Readonly<Record<MainGameState['status'], Phase>> = {
  waiting: 'waiting',
  active: 'playing',
  completed: 'finished',
};

/**
 * The engine's view of `state` for the player `userId` (seat ids are user ids as text): the main
 * game's table is the classic preset with the create form's four switches, the `auto` flow and
 * face-up cards chosen by each player (docs/api.md "Main game").
 */
export function viewOf(state: MainGameState, userId: number): GameView {
  const seats = state.players.map((p): SeatView => {
    const own = p.id === userId;
    return {
      id: String(p.id),
      name: p.username,
      ai: null,
      ready: p.isReady,
      left: p.hasLeft,
      isTurn: p.isCurrentTurn,
      handCount: p.handCount,
      hand: own ? p.handCards.filter(isFace).map(card) : null,
      faceUp: p.faceUpCards.map(card),
      faceDown: p.faceDownCards.map((c) => ({ id: c.id })),
    };
  });
  const options = tableOptions({
    rules: { ...PRESETS.classic.rules, ...state.rules, chooseFaceUp: true },
    flow: 'auto',
    maxSeats: state.playerLimit,
    startNeedsReady: false,
  });
  const pile = state.playedCards.map(card);
  return {
    options,
    phase: PHASES[state.status],
    viewer: seats.some((s) => s.id === String(userId)) ? String(userId) : null,
    seats,
    pile,
    effectiveTop: effectiveTop(pile, options.rules),
    deckCount: state.deck.length,
    burnedCount: state.burnedCount,
    turn: state.currentTurn === null ? null : String(state.currentTurn),
    direction: 1,
    moves: 0,
    result: null,
    hints: { playable: state.playableCards, canPickUp: state.canPickUp, mustChooseFaceUp: state.mustChooseFaceUp },
  };
}

/**
 * What the bot `userId` sends now in `state` at AI `level`: its face-up choice, its move when it
 * is its turn, or null when nothing is due from it.
 */
export function botMessage(state: MainGameState, userId: number, level: AiLevel, rng: Rng): ClientMessage | null {
  const view = viewOf(state, userId);
  const index = view.seats.findIndex((s) => s.id === String(userId));
  if (index < 0 || state.status === 'completed') return null;
  if (!state.mustChooseFaceUp && state.currentTurn !== userId) return null;
  const world = determinize(view, unseenCards(view), rng);
  const command = aiCommand(world, index, AI_POLICIES[level], rng);
  const gameId = state.id;
  switch (command?.type) {
    case 'chooseFaceUp':
      return { type: 'select_faceup_cards', gameId, cardIds: [...command.cardIds] };
    case 'play':
      return { type: 'play_card', gameId, cardIds: [...command.cardIds] };
    case 'pickUp':
      return { type: 'pickup_cards', gameId };
    case 'ready':
      return { type: 'ready', gameId };
    default:
      return null;
  }
}

/**
 * A move the server's hints allow, for when the chosen one was refused: the pick-up when allowed,
 * else the first playable card.
 */
export function fallbackMessage(state: MainGameState): ClientMessage | null {
  if (state.canPickUp) return { type: 'pickup_cards', gameId: state.id };
  const first = state.playableCards[0];
  return first === undefined ? null : { type: 'play_card', gameId: state.id, cardIds: [first] };
}
