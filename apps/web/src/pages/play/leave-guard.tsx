import { type ReactElement, type RefObject, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router-dom';

/** The question and what it says happens (docs/product.md §D13 deliberate-leave). */
export const LEAVE_TITLE = 'Leave the game?';
export const LEAVE_TEXT = 'Leave? The computer will play your seat; your fee stays in the pot.';
/** What leaving a daily deal's game does (docs/daily.md): the attempt ends there. */
export const DAILY_LEAVE_TEXT = 'Leave? Your daily deal ends now, in last place with the cards you hold.';

/**
 * On the root element while the viewer holds a seat in a game in play: the shell hides its tab bar
 * at every width (table/table.css), so nothing that leaves lies by the table's action bar.
 */
export const SEAT_IN_PLAY_CLASS = 'seat-in-play';

/**
 * The confirmation before leaving a game in play: a modal `<dialog>` (the page behind is inert)
 * named by its heading, focus on Stay, the safe answer. Escape and Stay call `onStay`; focus
 * then goes back where it was, or to `returnFocus` when that is gone (a drawer that closed).
 */
export function LeaveDialog(props: {
  readonly onLeave: () => void;
  readonly onStay: () => void;
  readonly returnFocus?: RefObject<HTMLElement | null>;
  /** What leaving does, when not `LEAVE_TEXT`. */
  readonly text?: string;
}): ReactElement {
  const { onStay, returnFocus } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    const before = document.activeElement;
    if (!element.open) element.showModal();
    stay.current?.focus();
    return () => {
      if (element.open) element.close();
      const target =
        before instanceof HTMLElement && before !== document.body && before.isConnected
          ? before
          : (returnFocus?.current ?? null);
      target?.focus();
    };
  }, [returnFocus]);

  return (
    <dialog
      ref={dialog}
      className="leave-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: the dialog stays under React's control, and the player at the table.
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id={titleId}>{LEAVE_TITLE}</h2>
      <p id={textId}>{props.text ?? LEAVE_TEXT}</p>
      <div className="button-row leave-dialog-actions">
        <button ref={stay} type="button" className="button button-secondary" onClick={onStay}>
          Stay
        </button>
        <button type="button" className="button button-leave" onClick={props.onLeave}>
          Leave game
        </button>
      </div>
    </dialog>
  );
}

/** Whether a navigation goes somewhere else than the room's own address. */
const leavesRoom: (inPlay: boolean) => BlockerFunction =
  (inPlay) =>
  ({ currentLocation, nextLocation }) =>
    inPlay && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);

/**
 * Guards a seat in a game in play (docs/product.md §D13 deliberate-leave). While `inPlay`, every
 * navigation of the app away from the room (the header's Leave, a link of the top bar, the drawer
 * or the page, the browser's back button; the tab bar is hidden then) waits for `LeaveDialog`: "Leave game" calls `leave` (the store sends
 * `leave_game`) and goes on where the player was going; Stay or Escape stays. Closing or reloading
 * the tab asks the browser's own question. A spectator, a waiting or a finished game is never
 * guarded. Returns the dialog while it asks, else null.
 */
export function useLeaveGuard(
  inPlay: boolean,
  leave: () => void,
  returnFocus: RefObject<HTMLElement | null>,
  text?: string,
): ReactElement | null {
  const blocker = useBlocker(useMemo(() => leavesRoom(inPlay), [inPlay]));

  // The game ended (or the seat went) while the question was open: a finished game leaves at once.
  useEffect(() => {
    if (!inPlay && blocker.state === 'blocked') blocker.proceed();
  }, [inPlay, blocker]);

  useEffect(() => {
    if (!inPlay) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 and older Safari ask only when this is set.
      event.returnValue = true;
    };
    const root = document.documentElement;
    window.addEventListener('beforeunload', ask);
    root.classList.add(SEAT_IN_PLAY_CLASS);
    return () => {
      window.removeEventListener('beforeunload', ask);
      root.classList.remove(SEAT_IN_PLAY_CLASS);
    };
  }, [inPlay]);

  if (blocker.state !== 'blocked') return null;
  return (
    <LeaveDialog
      returnFocus={returnFocus}
      {...(text === undefined ? {} : { text })}
      onStay={() => blocker.reset()}
      onLeave={() => {
        leave();
        blocker.proceed();
      }}
    />
  );
}
