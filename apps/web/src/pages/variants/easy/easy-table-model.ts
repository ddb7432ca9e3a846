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
  /** The card selected to play (one card per play here), or none. */
  readonly selected: string | null;
  readonly select: (cardId: string | null) => void;
  /** Plays one card from the row it lies in. */
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
 * turn line ("Your turn", "Bea's turn", "AI Player 1's turn (AI is thinking…)"), the viewer's rows,
 * Pick Up and Play Selected. A card pressed is selected (pressed again, put back; one card per play
 * here), Play Selected plays it from its row, and a double-tap plays it at once (the table kit). The cards
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
  // A selection the state no longer allows (the turn passed, the card was played) is dropped.
  const selected = ui.selected !== null && enabled.includes(ui.selected) ? ui.selected : null;
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
    selected: selected === null ? [] : [selected],
    onCard: (id) => ui.select(id === selected ? null : id),
    actions: [
      { key: 'pickup', label: 'Pick Up', tone: 'secondary', enabled: active && state.canPickUp, onPress: ui.pickUp },
      {
        key: 'play',
        label: 'Play Selected',
        tone: 'primary',
        enabled: active && selected !== null,
        onPress: () => {
          if (selected === null) return;
          ui.select(null);
          ui.play(selected, easySource(me, selected));
        },
      },
    ],
    lastMove: note?.move ?? null,
  };
}
