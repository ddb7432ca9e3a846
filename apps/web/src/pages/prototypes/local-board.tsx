import {
  activeSource,
  type Command,
  decide,
  type GameState,
  type GameView,
  type RuleError,
  type Seat,
  viewFor,
} from '@palace/core';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { toast } from '../../stores/toast-store.js';
import { ownRows, seatsAround } from '../../table/adapt.js';
import { fromEngine, type TableCard } from '../../table/cards.js';
import { GameTable } from '../../table/game-table.js';
import { withHint } from '../../table/hint-line.js';
import { type TableModel, YOU } from '../../table/model.js';
import { ownCards, stillAllowed, toggleCard } from '../../table/selection.js';
import type { LocalMove } from './local-game.js';
import { useLocalHint } from './local-hint.js';
import { ruleErrorToast } from './rule-toast.js';

/** docs/product.md §P2.9: toasts last 3 s. */
export const PROTOTYPE_TOAST_MS = 3000;

/** Shows the engine's refusal as the prototype's toast (docs/product.md §P2.5). */
export function toastRefusal(state: GameState, seat: string, error: RuleError): void {
  const own = state.seats.find((s) => s.id === seat);
  toast({ ...ruleErrorToast(error, own === undefined ? null : activeSource(own)), duration: PROTOTYPE_TOAST_MS });
}

/**
 * The table seen from `viewer`'s seat, on the table kit: the others (hand count, face-up cards,
 * face-down count), the deck and the pile, the last action, and the viewer's rows with Pick Up and
 * Play. Every own card can be pressed (a refused one is explained by a toast, docs/product.md §P2.5); the
 * engine's hints (`playable`, `canPickUp`) are outlined. Every command goes to the engine through
 * `onCommand`, which answers with the rule it broke (shown as a toast) or null.
 */
export function LocalBoard(props: {
  readonly state: GameState;
  readonly viewer: string;
  readonly last: string;
  readonly lastMove?: LocalMove | null;
  readonly onCommand: (command: Command) => RuleError | null;
  /** Name the viewer on the turn line (hot seat: several people share the screen). */
  readonly nameViewer?: boolean;
  /** Shown over the middle of the table (the winner). */
  readonly notice?: ReactNode;
  /** Offer a Hint button (docs/web.md "Hints and the computer in a worker"): the game's seed, and what counts a hint used. */
  readonly hint?: { readonly seed: string; readonly onUse: () => void };
}): ReactElement {
  const { state, viewer } = props;
  const view = viewFor(state, viewer);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const hint = useLocalHint({
    offered: props.hint !== undefined,
    state,
    viewer,
    seed: props.hint?.seed ?? '',
    select: setSelected,
    onUse: props.hint?.onUse ?? (() => undefined),
  });
  const playableKey = view.hints.playable.join(',');
  // A new position may make the selection stale: keep only cards the engine still calls playable.
  useEffect(() => {
    setSelected((s) => stillAllowed(s, playableKey === '' ? [] : playableKey.split(',')));
  }, [playableKey]);

  const send = (command: Command): boolean => {
    const error = props.onCommand(command);
    if (error !== null) toastRefusal(state, viewer, error);
    return error === null;
  };
  const model = localTableModel(view, viewer, props, {
    selected,
    onCard: (id) => {
      if (view.turn !== viewer) {
        // Out of turn: the engine says why (Not Your Turn).
        const decision = decide(state, { type: 'play', seat: viewer, cardIds: [id] });
        if (!decision.ok) toastRefusal(state, viewer, decision.error);
        return;
      }
      setSelected((s) => toggleCard(s, id, model.own === null ? [] : ownCards(model.own)));
    },
    pickUp: () => {
      if (send({ type: 'pickUp', seat: viewer })) setSelected([]);
    },
    play: () => {
      if (send({ type: 'play', seat: viewer, cardIds: [...selected] })) setSelected([]);
    },
  });
  // The Hint button before Play while the game is on; its words in the move line until the next move.
  const shown: TableModel = props.hint === undefined ? model : withHint(model, hint);
  return (
    <GameTable model={shown} fill label="Table" {...(props.notice === undefined ? {} : { notice: props.notice })} />
  );
}

/** A local game's view as the table kit's model (see `LocalBoard`). */
export function localTableModel(
  view: GameView,
  viewer: string,
  props: {
    readonly last: string;
    readonly lastMove?: LocalMove | null;
    readonly nameViewer?: boolean;
    /** The whole state: at the end every hidden card shows (docs/web.md "The table kit": game over). */
    readonly state?: GameState;
  },
  ui: {
    readonly selected: readonly string[];
    readonly onCard: (id: string) => void;
    readonly pickUp: () => void;
    readonly play: () => void;
  },
): TableModel {
  const { me, others } = seatsAround(view.seats, (s) => s.id === viewer);
  const myTurn = view.turn === viewer;
  const over = view.phase === 'finished';
  const turnName = view.seats.find((s) => s.isTurn)?.name ?? '…';
  // At the end every card is known: the others' seats open, the own face-down cards face up.
  const full = (id: string) => (over ? props.state?.seats.find((s) => s.id === id) : undefined);
  const own =
    me === null
      ? null
      : ownRows({ hand: me.hand ?? [], faceUp: me.faceUp, faceDown: full(me.id)?.faceDown ?? me.faceDown });
  const everyOwnCard = own === null || over ? [] : ownCards(own).map((c) => c.id);
  const count = ui.selected.length;
  return {
    seats: others.map((s) => ({
      key: s.id,
      name: s.name,
      ai: s.ai === null ? null : {},
      isTurn: s.isTurn,
      handCount: s.handCount,
      faceUp: s.faceUp.map(fromEngine),
      faceDownCount: s.faceDown.length,
      ...openOf(full(s.id)),
    })),
    deckCount: view.deckCount,
    pile: { top: view.pile.slice(-3).map(fromEngine), count: view.pile.length },
    lastAction: props.last === '' ? null : props.last,
    turn: over
      ? null
      : {
          text: myTurn
            ? props.nameViewer === true && me !== null
              ? `Your turn, ${me.name}`
              : 'Your turn'
            : `Waiting for ${turnName}…`,
          mine: myTurn,
        },
    own,
    // Every own card may be pressed: a refused one gets its toast (docs/product.md §P2.5).
    enabled: everyOwnCard,
    hinted: myTurn ? view.hints.playable : [],
    selected: ui.selected,
    onCard: ui.onCard,
    actions: over
      ? []
      : [
          { key: 'pickup', label: 'Pick Up', tone: 'secondary', enabled: true, onPress: ui.pickUp },
          {
            key: 'play',
            label: `Play${count > 1 ? ` ${count} cards` : ''}`,
            tone: 'primary',
            enabled: count > 0,
            onPress: ui.play,
          },
        ],
    lastMove:
      props.lastMove == null
        ? null
        : { by: props.lastMove.seat === viewer ? YOU : props.lastMove.seat, kind: props.lastMove.kind },
  };
}

/** A finished seat's every card, shown (`TableSeat.open`); nothing while the game runs. */
function openOf(seat: Seat | undefined): { open?: { hand: TableCard[]; faceDown: TableCard[] } } {
  return seat === undefined
    ? {}
    : { open: { hand: seat.hand.map(fromEngine), faceDown: seat.faceDown.map(fromEngine) } };
}
