import type { MainGameState, MainPlayer } from '@palace/protocol';
import { ownRows, seatsAround } from '../../table/adapt.js';
import { tableCards } from '../../table/cards.js';
import { type TableAction, type TableModel, type TableSeat, YOU } from '../../table/model.js';
import { actionSentence } from '../../table/sentences.js';
import { aiLevelLabel } from '../variants/ai-level.js';

/**
 * The main game's live state as the table kit's model (docs/web.md "The table kit"): the other
 * players in the order of play after the viewer, the deck, the pile's top cards, the last action
 * in words, the viewer's rows and the spec's buttons (Pick Up, Play). Which cards may be pressed
 * and whether Pick Up is on come from the server's `playableCards` and `canPickUp`.
 */
export function mainTableModel(
  game: MainGameState,
  viewerId: number | null,
  selection: { readonly selected: readonly string[]; readonly onCard: (id: string) => void },
  send: { readonly play: () => void; readonly pickUp: () => void },
): TableModel {
  // The others in the order of play after the viewer (a spectator sees them all in seat order).
  const { me, others } = seatsAround(game.players, (p) => p.id === viewerId);
  const active = game.status === 'active';
  const myTurn = me !== null && active && game.currentTurn === me.id;
  const last = game.lastAction;
  const turnHolder = game.players.find((p) => p.isCurrentTurn);
  const actions: TableAction[] =
    me === null || !active
      ? []
      : [
          {
            key: 'pickup',
            label: 'Pick Up',
            tone: 'secondary',
            enabled: myTurn && game.canPickUp,
            onPress: send.pickUp,
          },
          {
            key: 'play',
            label: 'Play',
            tone: 'primary',
            enabled: myTurn && selection.selected.length > 0,
            onPress: send.play,
          },
        ];
  return {
    seats: others.map((p) => seatOf(p, game)),
    deckCount: game.deck.length,
    pile: { top: tableCards(game.playedCards.slice(-3)), count: game.playedCards.length },
    lastAction:
      last === null || last.type === 'game_over'
        ? null
        : actionSentence({
            who: last.username,
            you: last.playerId === viewerId,
            kind: last.type === 'pickup' ? 'pickup' : 'play',
            cards: last.cards,
            burned: last.type === 'burn',
          }),
    turn: !active
      ? null
      : me === null
        ? { text: `${turnHolder?.username ?? '…'}'s turn`, mine: false }
        : {
            text: myTurn ? 'Your turn' : `Waiting for ${turnHolder?.username ?? '…'}`,
            mine: myTurn,
            deadline: game.turnDeadline,
          },
    own: me === null ? null : ownRows({ hand: me.handCards, faceUp: me.faceUpCards, faceDown: me.faceDownCards }),
    enabled: myTurn ? game.playableCards : [],
    selected: selection.selected,
    onCard: selection.onCard,
    actions,
    lastMove:
      last === null || last.type === 'game_over'
        ? null
        : {
            by: last.playerId === viewerId ? YOU : String(last.playerId),
            kind: last.type === 'pickup' ? 'pickup' : last.type === 'burn' ? 'burn' : 'play',
          },
  };
}

function seatOf(p: MainPlayer, game: MainGameState): TableSeat {
  const flags: string[] = [];
  // A computer player says so, with its level (docs/product.md §D13).
  if (p.isComputer) flags.push(p.aiLevel === undefined ? 'Computer' : `Computer · ${aiLevelLabel(p.aiLevel)}`);
  // Presence (docs/product.md §D13): reconnecting for 20 s after the player's socket closed, then away.
  if (p.away) flags.push('Away');
  else if (p.connection === 'reconnecting') flags.push(presenceWord(p.droppedAt, Date.now()));
  if (p.hasLeft) flags.push('Left');
  return {
    key: String(p.id),
    name: p.username,
    avatar: p.avatar,
    bot: p.isBot,
    isTurn: p.isCurrentTurn && game.status === 'active',
    handCount: p.handCount,
    faceUp: tableCards(p.faceUpCards),
    faceDownCount: p.faceDownCards.length,
    flags,
    deadline: p.isCurrentTurn ? game.turnDeadline : null,
  };
}

/** How long a dropped player shows as reconnecting before the seat shows as away (the server's grace). */
export const RECONNECT_GRACE_MS = 20_000;

/** "Reconnecting…" within the grace after `droppedAt`, "Away" after it. */
export function presenceWord(droppedAt: number | null, now: number): string {
  return droppedAt !== null && now - droppedAt >= RECONNECT_GRACE_MS ? 'Away' : 'Reconnecting…';
}
