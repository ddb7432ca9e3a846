import type { RestGameState, RestPlayer } from '@palace/protocol';
import { ownRows, seatsAround } from '../../table/adapt.js';
import { tableCards } from '../../table/cards.js';
import { type TableAction, type TableModel, type TableSeat, YOU } from '../../table/model.js';
import { actionSentence } from '../../table/sentences.js';
import { variantSeat } from '../variants/variant-seat.js';

/**
 * The server-backed REST game's state as the table kit's model (docs/product.md §P2.2 "Playing view"): the
 * others (hand count, face-up cards, face-down count), the pile's top and count, the deck count,
 * the last action, the viewer's rows, Pick Up Pile and Play Selected. What may be pressed comes
 * from the state's `playableCards` and `canPickUp` on the viewer's turn (`currentTurn` equals the
 * player id), and nothing while a request runs.
 */
export function restTableModel(
  game: RestGameState,
  playerId: string,
  ui: {
    readonly selected: readonly string[];
    readonly onCard: (id: string) => void;
    readonly busy: boolean;
    readonly play: () => void;
    readonly pickUp: () => void;
  },
): TableModel {
  const { me, others } = seatsAround(game.players, (p) => p.id === playerId);
  const playing = game.status === 'playing';
  const myTurn = playing && game.currentTurn === playerId;
  const last = game.lastAction;
  const actions: TableAction[] = playing
    ? [
        {
          key: 'pickup',
          label: 'Pick Up Pile',
          tone: 'secondary',
          enabled: myTurn && game.canPickUp && !ui.busy,
          onPress: ui.pickUp,
        },
        {
          key: 'play',
          label: 'Play Selected',
          tone: 'primary',
          enabled: myTurn && ui.selected.length > 0 && !ui.busy,
          onPress: ui.play,
        },
      ]
    : [];
  return {
    seats: others.map((p) => seatOf(p, game)),
    deckCount: game.deckCount,
    pile: { top: tableCards(game.pile.slice(-3)), count: game.pileCount },
    lastAction:
      last === null
        ? null
        : actionSentence({
            who: last.playerName,
            you: last.player === playerId,
            kind: last.action,
            cards: last.cards.map((c) => ({ value: c.value, symbol: c.suit })),
            burned: last.burned,
          }),
    turn: playing
      ? {
          text: myTurn ? 'Your turn' : 'Wait for your turn to play',
          mine: myTurn,
          deadline: game.turnDeadline,
        }
      : null,
    own:
      me === null
        ? null
        : ownRows({
            hand: typeof me.hand === 'number' ? [] : me.hand,
            faceUp: me.faceUp,
            faceDown: typeof me.faceDown === 'number' ? [] : me.faceDown,
          }),
    enabled: myTurn && !ui.busy ? game.playableCards : [],
    hinted: myTurn ? game.playableCards : [],
    selected: ui.selected,
    onCard: ui.onCard,
    actions,
    lastMove:
      last === null
        ? null
        : {
            by: last.player === playerId ? YOU : last.player,
            kind: last.action === 'pickup' ? 'pickup' : last.burned ? 'burn' : 'play',
          },
  };
}

function seatOf(p: RestPlayer, game: RestGameState): TableSeat {
  const flags = [...(p.away ? ['Away'] : []), ...(game.winner === p.id ? ['Winner'] : [])];
  return variantSeat(p, { key: p.id, name: p.name, turn: game.currentTurn === p.id, flags }, game);
}
