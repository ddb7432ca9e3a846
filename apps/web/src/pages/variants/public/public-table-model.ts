import type { PublicGameState } from '@palace/protocol';
import { ownRows, seatsAround } from '../../../table/adapt.js';
import { tableCards } from '../../../table/cards.js';
import type { TableAction, TableModel } from '../../../table/model.js';
import { usernameSeat } from '../variant-seat.js';
import { ownSeat, pileBottomToTop } from './public-logic.js';

/** What the public game's table may do, and what the page holds that the state does not. */
export interface PublicTableUi {
  /** The cards selected to play. */
  readonly selected: readonly string[];
  /** The hand cards chosen to lie face up (setup). */
  readonly chosen: readonly string[];
  /** An action is under way: nothing may be pressed. */
  readonly busy: boolean;
  readonly onCard: (id: string) => void;
  readonly addAi: () => void;
  readonly start: () => void;
  readonly ready: () => void;
  readonly play: () => void;
  readonly pickUp: () => void;
}

/** The viewer chooses the 3 face-up cards now: any hand card may be pressed. */
export function publicChoosing(state: PublicGameState): boolean {
  return state.status === 'setup' && state.mustSelectFaceUp && ownSeat(state) !== null;
}

/**
 * The public game's state as the table kit's model (docs/product.md §P2.2 "Public-games variant"): the other
 * seats in the order of play after the viewer (every seat for a spectator), the pile (the state
 * lists its top first) and the deck in setup and play, the latest status line of the chat, the
 * viewer's rows (none for a spectator, none before the deal), and the controls of the status:
 * waiting Add AI and Start Game (2 players or more), setup Ready, playing Pick Up and Play
 * Selected. During the face-up choice any hand card may be pressed; in play only the cards the
 * server's `playableCards` lists on the viewer's turn; Pick Up only when it says `canPickUp`.
 * A spectator gets no actions.
 */
export function publicTableModel(state: PublicGameState, ui: PublicTableUi): TableModel {
  const { me, others } = seatsAround(state.players, (p) => state.you !== null && p.username === state.you);
  const playing = state.status === 'playing';
  const myTurn = me !== null && playing && state.currentTurn === me.username;
  const choosing = publicChoosing(state);
  const actions: TableAction[] = [];
  if (me !== null) {
    if (state.status === 'waiting') {
      actions.push(
        { key: 'ai', label: 'Add AI', tone: 'secondary', enabled: !ui.busy, onPress: ui.addAi },
        {
          key: 'start',
          label: 'Start Game',
          tone: 'primary',
          enabled: !ui.busy && state.players.length >= 2,
          onPress: ui.start,
        },
      );
    } else if (choosing) {
      actions.push({ key: 'ready', label: 'Ready', tone: 'primary', enabled: !ui.busy, onPress: ui.ready });
    } else if (playing) {
      actions.push(
        {
          key: 'pickup',
          label: 'Pick Up',
          tone: 'secondary',
          enabled: !ui.busy && myTurn && state.canPickUp,
          onPress: ui.pickUp,
        },
        // Enabled with nothing selected: pressing it says "No Card Selected" (docs/product.md §P2.5).
        { key: 'play', label: 'Play Selected', tone: 'primary', enabled: !ui.busy && myTurn, onPress: ui.play },
      );
    }
  }
  const handIds = me?.hand.map((c) => c.id) ?? [];
  const lastLine = state.chat.filter((line) => line.isSystem).at(-1);
  return {
    seats: others.map((p) => usernameSeat(p, state, p.isTurn)),
    deckCount: state.status === 'setup' || playing ? state.deckSize : null,
    pile: { top: tableCards(pileBottomToTop(state.pile.slice(0, 3))), count: state.pileSize },
    lastAction: lastLine?.text ?? null,
    turn: playing
      ? {
          text: myTurn ? 'Your turn' : `${state.currentTurn ?? '…'}'s turn`,
          mine: myTurn,
          deadline: state.turnDeadline,
        }
      : null,
    own: me === null || state.status === 'waiting' ? null : ownRows(me),
    enabled: ui.busy ? [] : choosing ? handIds : myTurn ? state.playableCards : [],
    // Outlined (looks playable): the hand while choosing face-up, else the legal plays on the viewer's turn.
    hinted: choosing ? handIds : myTurn ? state.playableCards : [],
    selected: choosing ? ui.chosen.filter((id) => handIds.includes(id)) : ui.selected,
    onCard: ui.onCard,
    actions,
    lastMove: null,
  };
}
