import { type ReactElement, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useToasts } from '../stores/toast-store.js';
import type { TableModel } from './model.js';

/** How many earlier moves show under the last one before the log is opened (where the table has room). */
export const RECENT_MOVES = 2;
/** The most moves a log keeps (a long game's whole list; older ones fall off the top). */
export const LOG_LIMIT = 500;

/**
 * What changes with every move and nothing else: the last move's words and every pile of cards on
 * the table. A selection, a chat line or a clock's tick leave it as it is; two moves in the same
 * words ("Ann picked up the pile" twice) differ in their counts.
 */
export function moveKey(model: TableModel): string {
  return JSON.stringify([
    model.lastAction,
    model.pile.count,
    model.deckCount,
    model.seats.map((s) => [s.key, s.handCount, s.faceUp.length, s.faceDownCount]),
    model.own === null ? null : [model.own.hand.length, model.own.faceUp.length, model.own.faceDown.length],
  ]);
}

/** One line of the log: its words and a key stable across renders. */
export interface LoggedMove {
  readonly n: number;
  readonly text: string;
}

/**
 * The moves this screen has seen, oldest first (docs/web.md "The table kit": the move log): each
 * change of `moveKey` with a last move in words adds that move. A table opened mid-game starts
 * with the move it opened on. A model with a `history` (the replay) is listed as it says instead.
 */
export function useMoveLog(model: TableModel): readonly LoggedMove[] {
  const seenLog = useSeenMoves(model);
  const { history } = model;
  const listed = useMemo(
    () => (history === undefined ? null : history.slice(-LOG_LIMIT).map((text, i) => ({ n: i + 1, text }))),
    [history],
  );
  return listed ?? seenLog;
}

function useSeenMoves(model: TableModel): readonly LoggedMove[] {
  const [log, setLog] = useState<readonly LoggedMove[]>([]);
  const key = moveKey(model);
  const seen = useRef<string | null>(null);
  const text = model.lastAction;
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (text === null) return;
    setLog((moves) => {
      const n = (moves.at(-1)?.n ?? 0) + 1;
      return [...moves, { n, text }].slice(-LOG_LIMIT);
    });
  }, [key, text]);
  return log;
}

/**
 * How recent a toast may be and still be this move's own (shown by the same answer that brought
 * the move, or just before it): older ones are about an earlier move.
 */
export const SAME_MOVE_MS = 300;

/**
 * A game toast lasts until the next move at most (docs/web.md "The table kit"): on each move, the
 * toasts shown before it are dismissed, except one shown with the move itself.
 */
export function useToastsEndWithTheMove(model: TableModel): void {
  const key = moveKey(model);
  const before = useRef<string | null>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = key;
    if (previous === null || previous === key) return;
    const { toasts, dismiss } = useToasts.getState();
    const now = Date.now();
    for (const t of toasts) if (now - t.shownAt > SAME_MOVE_MS) dismiss(t.id);
  }, [key]);
}

/** The moves before the last one, newest first, under the move line where the table has room (by CSS). */
export function RecentMoves({ moves }: { readonly moves: readonly LoggedMove[] }): ReactElement | null {
  const earlier = moves.slice(-1 - RECENT_MOVES, -1).reverse();
  if (earlier.length === 0) return null;
  return (
    <ol className="gt-recent" aria-label="Earlier moves">
      {earlier.map((m) => (
        <li key={m.n}>{m.text}</li>
      ))}
    </ol>
  );
}

/** The open state of the move list and the Moves button's id, shared by the button and the panel. */
export interface MoveListState {
  readonly open: boolean;
  readonly listId: string;
  readonly toggle: () => void;
  readonly close: () => void;
  readonly button: RefObject<HTMLButtonElement | null>;
}

export function useMoveList(): MoveListState {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  return {
    open,
    listId,
    button,
    toggle: () => setOpen((o) => !o),
    close: () => {
      setOpen(false);
      button.current?.focus();
    },
  };
}

/** The move line's "Moves" button: opens and closes the whole list (`MoveList`). */
export function MovesButton(props: {
  readonly moves: readonly LoggedMove[];
  readonly list: MoveListState;
}): ReactElement | null {
  if (props.moves.length === 0) return null;
  return (
    <button
      ref={props.list.button}
      type="button"
      className="gt-moves-button"
      aria-expanded={props.list.open}
      aria-controls={props.list.listId}
      onClick={props.list.toggle}
    >
      Moves ({props.moves.length})
    </button>
  );
}

/**
 * Every move seen, newest first, over the table's middle (never over the own cards or the actions),
 * closed by its Close button, Escape or the Moves button again.
 */
export function MoveList(props: {
  readonly moves: readonly LoggedMove[];
  readonly list: MoveListState;
}): ReactElement | null {
  const panel = useRef<HTMLElement>(null);
  const { open, listId, close } = props.list;
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  if (!open || props.moves.length === 0) return null;
  return (
    <section
      ref={panel}
      className="gt-moves"
      id={listId}
      aria-label="All moves"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <div className="gt-moves-bar">
        <span>All moves, newest first</span>
        <button type="button" className="gt-moves-close" onClick={close}>
          Close
        </button>
      </div>
      <ol reversed>
        {[...props.moves].reverse().map((m) => (
          <li key={m.n}>{m.text}</li>
        ))}
      </ol>
    </section>
  );
}
