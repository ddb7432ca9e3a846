import {
  activeSource,
  type Command,
  decide,
  type GameState,
  type RuleError,
  type SeatView,
  viewFor,
} from '@palace/core';
import { type ReactElement, useEffect, useState } from 'react';
import { toast } from '../../stores/toast-store.js';
import { CardRow } from '../play/card-row.js';
import { CardView } from '../play/card-view.js';
import { type AnyCard, toggleSelection } from '../play/selection.js';
import { blindFace, cardFace } from './local-game.js';
import { ruleErrorToast } from './rule-toast.js';

/** Spec 02 §9: toasts last 3 s. */
export const PROTOTYPE_TOAST_MS = 3000;

/** Shows the engine's refusal as the prototype's toast (spec 02 §5). */
export function toastRefusal(state: GameState, seat: string, error: RuleError): void {
  const own = state.seats.find((s) => s.id === seat);
  toast({ ...ruleErrorToast(error, own === undefined ? null : activeSource(own)), duration: PROTOTYPE_TOAST_MS });
}

/**
 * The table seen from `viewer`'s seat: the others (hand count, face-up cards, face-down count),
 * the deck and the pile, the last action, and the viewer's own rows with Pick Up and Play. The
 * engine's hints (`playable`, `canPickUp`) are highlighted; every command goes to the engine through
 * `onCommand`, which answers with the rule it broke (shown as a toast) or null.
 */
export function LocalBoard(props: {
  readonly state: GameState;
  readonly viewer: string;
  readonly last: string;
  readonly onCommand: (command: Command) => RuleError | null;
  /** Name the viewer on the turn line (hot seat: several people share the screen). */
  readonly nameViewer?: boolean;
}): ReactElement {
  const { state, viewer } = props;
  const view = viewFor(state, viewer);
  const [selected, setSelected] = useState<AnyCard[]>([]);
  const playableKey = view.hints.playable.join(',');
  // A new position may make the selection stale: keep only cards the engine still calls playable.
  useEffect(() => {
    const still = new Set(playableKey.split(','));
    setSelected((s) => s.filter((c) => still.has(c.id)));
  }, [playableKey]);

  const me = view.seats.find((s) => s.id === viewer);
  const myTurn = view.turn === viewer;
  const over = view.phase === 'finished';
  const send = (command: Command): boolean => {
    const error = props.onCommand(command);
    if (error !== null) toastRefusal(state, viewer, error);
    return error === null;
  };
  const pick = (card: AnyCard) => {
    if (!myTurn) {
      // Out of turn: the engine says why (Not Your Turn).
      const decision = decide(state, { type: 'play', seat: viewer, cardIds: [card.id] });
      if (!decision.ok) toastRefusal(state, viewer, decision.error);
      return;
    }
    setSelected((s) => toggleSelection(s, card));
  };
  const playable = new Set(view.hints.playable);
  const turnName = view.seats.find((s) => s.isTurn)?.name ?? '…';
  return (
    <section className="board proto-board" aria-label="Table">
      <ul className="opponents" aria-label="Other players">
        {view.seats
          .filter((s) => s.id !== viewer)
          .map((s) => (
            <Opponent key={s.id} seat={s} />
          ))}
      </ul>
      <div className="table-centre">
        <figure className="deck" aria-label={`Deck: ${view.deckCount} cards`}>
          {view.deckCount > 0 && <CardView card={blindFace('deck')} />}
          {view.deckCount > 0 && <span className="deck-count">{view.deckCount}</span>}
        </figure>
        <figure className="pile" aria-label={`Pile: ${view.pile.length} cards`}>
          {view.pile.slice(-3).map((c) => (
            <CardView key={c.id} card={cardFace(c)} />
          ))}
          {view.pile.length === 0 && <span className="muted small">Empty pile</span>}
        </figure>
      </div>
      <p className="last-action" role="status" aria-live="polite">
        {props.last === '' ? '\u00a0' : props.last}
      </p>
      {me !== undefined && !over && (
        <div className="my-area">
          <p className={`turn-line${myTurn ? ' mine' : ''}`}>
            {myTurn ? (props.nameViewer === true ? `Your turn, ${me.name}` : 'Your turn') : `Waiting for ${turnName}…`}
            {myTurn && <span className="sr-only">. Playable cards are outlined.</span>}
          </p>
          <CardRow
            allClickable
            title="Hand"
            cards={[...(me.hand ?? [])].sort((a, b) => a.rank - b.rank).map(cardFace)}
            selected={selected}
            playable={(c) => myTurn && playable.has(c.id)}
            pick={pick}
          />
          <CardRow
            allClickable
            title="Face up"
            cards={me.faceUp.map(cardFace)}
            selected={selected}
            playable={(c) => myTurn && playable.has(c.id)}
            pick={pick}
          />
          <CardRow
            allClickable
            title="Face down"
            cards={me.faceDown.map((b) => blindFace(b.id))}
            selected={selected}
            playable={(c) => myTurn && playable.has(c.id)}
            pick={pick}
          />
          <div className="button-row actions">
            <button
              type="button"
              className={`button button-secondary${myTurn && view.hints.canPickUp ? ' proto-hint' : ''}`}
              onClick={() => send({ type: 'pickUp', seat: viewer })}
            >
              Pick Up
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={selected.length === 0}
              onClick={() => {
                if (send({ type: 'play', seat: viewer, cardIds: selected.map((c) => c.id) })) setSelected([]);
              }}
            >
              Play{selected.length > 1 ? ` ${selected.length} cards` : ''}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function Opponent({ seat }: { seat: SeatView }): ReactElement {
  return (
    <li className={`opponent${seat.isTurn ? ' turn' : ''}`} aria-current={seat.isTurn ? 'true' : undefined}>
      <div className="opponent-name">
        {seat.name}
        {seat.isTurn && <span className="sr-only"> (playing)</span>}
      </div>
      <div className="small muted">
        {seat.handCount} in hand · {seat.faceDown.length} down
      </div>
      <div className="card-row mini">
        {seat.faceUp.map((c) => (
          <CardView key={c.id} card={cardFace(c)} small />
        ))}
      </div>
    </li>
  );
}
