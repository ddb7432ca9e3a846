import type { EasyGameState, EasyPlayer, EasySource } from '@palace/protocol';
import { ownRows, seatsAround } from '../../../table/adapt.js';
import { tableCards } from '../../../table/cards.js';
import type { TableModel } from '../../../table/model.js';
import { variantSeat } from '../variant-seat.js';
import { type EasyNote, easyClicks } from './easy-moves.js';

/** What the easy table may do, and what the page holds that the state does not. */
export interface EasyTableUi {
  /** A request runs: nothing may be pressed (docs/product.md §P2.4). */
  readonly busy: boolean;
  readonly note: EasyNote | null;
  /** Plays one card at once from the row it lies in. */
  readonly play: (cardId: string, source: EasySource) => void;
  readonly pickUp: () => void;
}

/** The row a card of the viewer lies in: the `source` of the easy play. */
export function easySource(me: EasyPlayer, cardId: string): EasySource {
  if (me.faceUp.some((c) => c.id === cardId)) return 'faceUp';
  if (me.faceDown.some((c) => c.id === cardId)) return 'faceDown';
  return 'hand';
}

/**
 * The easy game in play as the table kit's model (docs/product.md §P2.2, §P2.4 "Easy variant"): the other seats
 * in the order of play after the viewer, the pile and the deck, the last move the page saw, the
 * turn line ("Your turn", "Bea's turn", "AI Player 1's turn (AI is thinking…)"), the viewer's rows
 * and Pick Up. A card pressed is played at once from its row (one card per play here). The cards
 * the server's `playableCards` lists are outlined and enabled on the viewer's turn; the face-up row
 * stays pressable while the hand holds cards, and the face-down row while the hand or the face-up
 * row does, so the server's refusal can explain the order (docs/product.md §P2.5 "Easy play", `easyClicks`).
 * Nothing may be pressed off turn or while a request runs; Pick Up only when `canPickUp`.
 */
export function easyTableModel(state: EasyGameState, me: EasyPlayer, ui: EasyTableUi): TableModel {
  const { others } = seatsAround(state.players, (p) => p.id === me.id);
  const myTurn = state.status === 'playing' && state.currentTurn === me.id;
  const active = myTurn && !ui.busy;
  const clicks = easyClicks(state, me, active);
  const enabled = [
    ...me.hand.filter((c) => clicks.playable(c.id)),
    ...me.faceUp.filter((c) => clicks.faceUpEarly || clicks.playable(c.id)),
    ...me.faceDown.filter((c) => clicks.faceDownEarly || clicks.playable(c.id)),
  ].map((c) => c.id);
  const turnAI = state.players.find((p) => p.id === state.currentTurn)?.isAI === true;
  const note = ui.note !== null && state.lastUpdate <= ui.note.version ? ui.note : null;
  return {
    seats: others.map((p) =>
      variantSeat(
        p,
        { key: p.id, name: p.name, turn: p.id === state.currentTurn, flags: p.away ? ['Away'] : [] },
        state,
      ),
    ),
    deckCount: state.deckCount,
    pile: { top: tableCards(state.pile.slice(-3)), count: state.pileCount },
    lastAction: note?.text ?? null,
    turn:
      state.status === 'playing'
        ? {
            text: myTurn
              ? 'Your turn'
              : `${state.currentTurnPlayerName ?? 'Someone'}'s turn${turnAI ? ' (AI is thinking…)' : ''}`,
            mine: myTurn,
            deadline: state.turnDeadline,
          }
        : null,
    own: ownRows(me),
    enabled,
    hinted: myTurn ? state.playableCards : [],
    selected: [],
    onCard: (id) => ui.play(id, easySource(me, id)),
    actions: [
      { key: 'pickup', label: 'Pick Up', tone: 'secondary', enabled: active && state.canPickUp, onPress: ui.pickUp },
    ],
    lastMove: note?.move ?? null,
  };
}
