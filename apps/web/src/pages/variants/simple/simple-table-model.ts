import { SIMPLE_MAX_PLAYERS, type SimpleGameState, type SimplePlayer } from '@palace/protocol';
import { ownRows, seatsAround } from '../../../table/adapt.js';
import { tableCards } from '../../../table/cards.js';
import type { TableAction, TableModel } from '../../../table/model.js';
import { usernameSeat } from '../variant-seat.js';

/** What the simple screens' table may do, and what the page holds that the state does not. */
export interface SimpleTableUi {
  /** The cards selected to play (hand, face-up or a face-down slot). */
  readonly selected: readonly string[];
  /** The hand cards picked for face-up so far (the server's `selecting` on the websocket). */
  readonly picks: readonly string[];
  /** A request runs or the connection is down: nothing may be pressed. */
  readonly busy: boolean;
  readonly onCard: (id: string) => void;
  readonly play: () => void;
  readonly pickUp: () => void;
  readonly addAi: () => void;
  /** Confirm Selection (simple REST); absent on the websocket, where the third pick confirms. */
  readonly confirm?: () => void;
}

/** The viewer's seat, or null when the view is not a seat's. */
export function simpleSeat(game: SimpleGameState): SimplePlayer | null {
  return game.you === null ? null : (game.players.find((p) => p.username === game.you) ?? null);
}

/** The viewer still chooses the 3 face-up cards: any hand card may be pressed. */
export function simpleChoosing(game: SimpleGameState): boolean {
  return game.status === 'setup' && game.mustSelectFaceUp && simpleSeat(game) !== null;
}

/** Another seat may still be added (setup, fewer than 4 seats). */
export function simpleCanAddAi(game: SimpleGameState): boolean {
  return game.status === 'setup' && game.players.length < SIMPLE_MAX_PLAYERS;
}

/**
 * The simple websocket and simple REST games' state as the table kit's model (docs/product.md §P2.2 "Simple
 * websocket game"): the other seats in the order of play after the viewer, the pile and the deck,
 * the viewer's rows, and the controls of the status — in setup Confirm Selection (REST) and Add AI
 * opponent, in play Pick Up Pile and Play Selected. During the face-up choice any hand card may be
 * pressed; in play only the cards the server's `playableCards` lists, on the viewer's turn; Pick
 * Up Pile only when it says `canPickUp`; nothing while `busy`. The variant reports no last move.
 */
export function simpleTableModel(game: SimpleGameState, ui: SimpleTableUi): TableModel {
  const { me, others } = seatsAround(game.players, (p) => p.username === game.you);
  const playing = game.status === 'playing';
  const myTurn = me !== null && playing && game.currentTurn === me.username;
  const choosing = simpleChoosing(game);
  const actions: TableAction[] = [];
  if (game.status === 'setup') {
    if (choosing && ui.confirm !== undefined) {
      actions.push({
        key: 'confirm',
        label: 'Confirm Selection',
        tone: 'primary',
        enabled: !ui.busy,
        onPress: ui.confirm,
      });
    }
    if (simpleCanAddAi(game)) {
      actions.push({ key: 'ai', label: 'Add AI opponent', tone: 'secondary', enabled: !ui.busy, onPress: ui.addAi });
    }
  } else if (playing && me !== null) {
    const allPlayable = ui.selected.length > 0 && ui.selected.every((id) => game.playableCards.includes(id));
    actions.push(
      {
        key: 'pickup',
        label: 'Pick Up Pile',
        tone: 'secondary',
        enabled: myTurn && !ui.busy && game.canPickUp,
        onPress: ui.pickUp,
      },
      {
        key: 'play',
        label: 'Play Selected',
        tone: 'primary',
        enabled: myTurn && !ui.busy && allPlayable,
        onPress: ui.play,
      },
    );
  }
  const handIds = me?.hand.map((c) => c.id) ?? [];
  return {
    seats: others.map((p) => usernameSeat(p, game, game.currentTurn === p.username)),
    deckCount: game.deckCount,
    pile: { top: tableCards(game.pile.slice(-3)), count: game.pileCount },
    lastAction: null,
    turn: playing
      ? {
          text: myTurn
            ? 'Your turn'
            : me === null
              ? `${game.currentTurn ?? '…'}'s turn`
              : `Waiting for ${game.currentTurn ?? '…'}`,
          mine: myTurn,
          deadline: game.turnDeadline,
        }
      : null,
    own: me === null ? null : ownRows({ hand: me.hand, faceUp: me.faceUp, faceDown: me.faceDownCards }),
    enabled: ui.busy ? [] : choosing ? handIds : myTurn ? game.playableCards : [],
    // Outlined (looks playable): the hand while choosing face-up, else the legal plays on the viewer's turn.
    hinted: choosing ? handIds : myTurn ? game.playableCards : [],
    selected: choosing ? ui.picks.filter((id) => handIds.includes(id)) : ui.selected,
    onCard: ui.onCard,
    actions,
    lastMove: null,
  };
}
