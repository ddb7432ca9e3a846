import './table.css';
import {
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Avatar } from '../shell/avatar.js';
import { usePrefs } from '../stores/prefs-store.js';
import { BotMark } from '../ui/bot-mark.js';
import { TurnClock } from '../ui/turn-clock.js';
import { CardOptions } from './card-options.js';
import { CardView } from './card-view.js';
import type { TableCard } from './cards.js';
import { HandFan } from './hand-fan.js';
import { LineIcon } from './line-icon.js';
import type { TableAction, TableModel, TableSeat } from './model.js';
import { CardMotion } from './motion.js';
import {
  type LoggedMove,
  MoveList,
  MovesButton,
  moveKey,
  RecentMoves,
  useMoveList,
  useMoveLog,
  useToastsEndWithTheMove,
} from './move-log.js';
import { type PlayGestures, usePlayGestures } from './play-gestures.js';
import { useRovingCards } from './roving.js';
import { useScrolls } from './scrolls.js';
import { useSheetBounds } from './sheet-bounds.js';

/**
 * The game table of every screen (docs/product.md §D10; docs/web.md "The table kit"): the other seats (a
 * strip on a phone, around an oval on a wide screen), the deck, the pile and the last move in the
 * middle, the viewer's face-down cards with the face-up ones lying on them, the hand as one fan,
 * and the action bar — all inside the viewport, never scrolled. `header` is the screen's own top
 * line (title, badges, Leave); `notice` shows over the middle (a winner, a countdown); `side` holds
 * what is not the table (chat, rules, spectators): a side column on a wide screen, a sheet opened
 * by its button on a phone. The table draws what `model` says and does what its callbacks do.
 */
export function GameTable(props: {
  readonly model: TableModel;
  readonly header?: ReactNode;
  readonly notice?: ReactNode;
  readonly overlay?: ReactNode;
  readonly side?: ReactNode;
  /** The side sheet's button label on a phone ("Info"). */
  readonly sideLabel?: string;
  /** Extra content in the action bar, between the sheet's button and the actions (the Chat button). */
  readonly barStart?: ReactNode;
  /** The table sits under the shell's top bar (the main game): its height leaves room for it. */
  readonly inShell?: boolean;
  /**
   * The table fills its parent instead of the screen: the page above it has its own header and
   * tabs in a `table-page` column (see table.css), and the table takes the height they leave.
   */
  readonly fill?: boolean;
  /** A label for the table region. */
  readonly label?: string;
}): ReactElement {
  const { model } = props;
  const fourColour = usePrefs((s) => s.fourColour);
  const largeCards = usePrefs((s) => s.largeCards);
  const root = useRef<HTMLElement>(null);
  const side = useRef<HTMLElement>(null);
  const [sideOpen, setSideOpen] = useState(false);
  // On a phone the open sheet keeps off the own cards and the actions.
  useSheetBounds(side, sideOpen);
  const sideId = useId();
  useInPlay(true);
  useToastsEndWithTheMove(model);
  const moves = useMoveLog(model);
  const gestures = usePlayGestures(model, moveKey(model));
  return (
    <section
      ref={root}
      className={[
        'game-table',
        props.fill === true ? 'fill' : props.inShell === true ? 'in-shell' : 'standalone',
        props.side === undefined ? 'no-side' : 'with-side',
        model.own === null ? 'spectating' : '',
        fourColour ? 'four-colour' : '',
        largeCards ? 'large-cards' : '',
      ].join(' ')}
      aria-label={props.label ?? 'Game table'}
    >
      {props.header !== undefined && <div className="gt-header">{props.header}</div>}
      <CardMotion root={root} move={model.lastMove ?? null}>
        <div className="gt-play">
          {/* The own cards and the actions come first in the document, so they are the table's
              first Tab stops (docs/web.md "One way to play a card"); the grid's areas place them. */}
          <OwnArea model={model} gestures={gestures} />
          <ActionBar
            actions={model.actions}
            start={props.barStart}
            {...(props.side === undefined
              ? {}
              : {
                  sideToggle: {
                    label: props.sideLabel ?? 'Info',
                    open: sideOpen,
                    controls: sideId,
                    onToggle: () => setSideOpen((o) => !o),
                  },
                })}
          />
          <Seats seats={model.seats} />
          <Centre model={model} notice={props.notice} moves={moves} explanation={gestures.explanation} />
          {props.overlay}
        </div>
      </CardMotion>
      {props.side !== undefined && (
        // A column beside the table on a wide screen; on a phone a sheet over it, opened from the bar.
        <aside
          ref={side}
          className={`gt-side${sideOpen ? ' open' : ''}`}
          id={sideId}
          aria-label={props.sideLabel ?? 'Info'}
        >
          <div className="gt-sheet-bar">
            <span>{props.sideLabel ?? 'Info'}</span>
            <button type="button" className="button button-secondary button-small" onClick={() => setSideOpen(false)}>
              Close
            </button>
          </div>
          {props.side}
        </aside>
      )}
    </section>
  );
}

/**
 * Marks the page while a table is shown, so the shell hides its bottom tab bar and the "Powered
 * by" link on a phone (docs/product.md §D10: nothing on top of the own cards; the table fits the screen).
 */
export function useInPlay(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    document.documentElement.classList.add('table-in-play');
    return () => document.documentElement.classList.remove('table-in-play');
  }, [active]);
}

/** The other seats: a compact strip (phone), or placed around the oval (wide screens, by CSS). */
function Seats({ seats }: { readonly seats: readonly TableSeat[] }): ReactElement | null {
  const strip = useRef<HTMLUListElement>(null);
  const scrolls = useScrolls(strip);
  if (seats.length === 0) return <div className="gt-seats empty" />;
  return (
    <ul
      ref={strip}
      className="gt-seats"
      style={{ '--seats': Math.min(seats.length, 7) } as CSSProperties}
      aria-label="Other players"
      // A strip that scrolls (wider than a phone, or a spectator's wrapped seats) can then be reached by the keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (axe scrollable-region-focusable)
      tabIndex={scrolls ? 0 : undefined}
    >
      {seats.map((seat, index) => (
        <SeatChip key={seat.key} seat={seat} index={index} />
      ))}
    </ul>
  );
}

function SeatChip({ seat, index }: { readonly seat: TableSeat; readonly index: number }): ReactElement {
  const flags = seat.flags ?? [];
  // The flags ("Away", "Reconnecting…", "Left") are part of what a screen reader hears of the seat.
  const counts = `${seat.handCount} in hand · ${seat.faceDownCount} down${flags.length > 0 ? ` · ${flags.join(' · ')}` : ''}`;
  return (
    <li
      className={`gt-seat${seat.isTurn ? ' turn' : ''}`}
      data-seat-key={seat.key}
      data-zone="seat"
      style={{ '--seat-index': index } as CSSProperties}
      aria-current={seat.isTurn ? 'true' : undefined}
      aria-label={`${seat.name}${seat.ai != null ? ' (AI)' : seat.bot === true ? ' (bot)' : ''}: ${counts}${seat.isTurn ? ', playing now' : ''}`}
    >
      <div className="gt-seat-who">
        <span className="gt-avatar-ring">
          <Avatar name={seat.name} src={seat.avatar ?? null} size={28} />
        </span>
        <span className="gt-seat-name">
          {seat.name}
          {seat.bot === true && <BotMark />}
          {seat.badge !== undefined && <span className="gt-badge">{seat.badge}</span>}
          {seat.ai != null && (seat.ai.level !== undefined || !/\bAI\b/.test(seat.name)) && (
            // "AI" and its level; a seat already named "AI …" gets only the level.
            <span className="gt-ai">
              {' '}
              {[/\bAI\b/.test(seat.name) ? null : 'AI', seat.ai.level].filter(Boolean).join(' · ')}
            </span>
          )}
        </span>
      </div>
      <div className="gt-seat-counts" aria-hidden="true">
        <span className="gt-count" title="Cards in hand">
          {/* Two cards in a hand, drawn: an emoji here loaded the colour-emoji font on every table's first layout. */}
          <LineIcon size={12}>
            <rect x="3" y="5" width="10" height="14" rx="2" transform="rotate(-12 8 12)" />
            <rect x="11" y="4" width="10" height="14" rx="2" transform="rotate(10 16 11)" />
          </LineIcon>{' '}
          {seat.handCount}
        </span>
        {seat.isTurn && seat.deadline != null && <TurnClock deadline={seat.deadline} />}
      </div>
      <div className="gt-seat-table" aria-hidden={seat.open === undefined ? 'true' : undefined}>
        {Array.from({ length: Math.max(seat.faceDownCount, seat.faceUp.length) }, (_, i) => {
          const under = seat.open?.faceDown[i];
          return (
            // A face-down card with the face-up one lying on it, as on the table.
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, not cards
            <span key={i} className="gt-slot">
              {under !== undefined ? (
                <CardView card={under} size="mini" />
              ) : (
                i < seat.faceDownCount && <span className="tc tc-back tc-mini gt-under" />
              )}
              {seat.faceUp[i] !== undefined && <CardView card={seat.faceUp[i] as TableCard} size="mini" />}
            </span>
          );
        })}
      </div>
      {seat.open !== undefined && seat.open.hand.length > 0 && (
        <fieldset className="gt-seat-hand">
          <legend className="sr-only">{`${seat.name}'s hand`}</legend>
          {seat.open.hand.map((card) => (
            <CardView key={card.id} card={card} size="mini" />
          ))}
        </fieldset>
      )}
      {flags.length > 0 && (
        // A row of its own, the seat's whole width: "Reconnecting…" does not fit beside the cards.
        <div className="gt-seat-flags" aria-hidden="true">
          {flags.map((flag) => (
            <span key={flag} className="gt-flag">
              {flag}
            </span>
          ))}
        </div>
      )}
    </li>
  );
}

/** The middle of the table: the deck, the pile (top 3), the last move, whose turn it is. */
function Centre(props: {
  readonly model: TableModel;
  readonly notice: ReactNode;
  readonly moves: readonly LoggedMove[];
  /** Why the card just tapped cannot be played (see `play-gestures.ts`): said in the move line. */
  readonly explanation: string | null;
}): ReactElement {
  const { model, notice, explanation } = props;
  const top = model.pile.top.slice(-3);
  const list = useMoveList();
  return (
    <div className="gt-centre">
      <div className="gt-felt">
        {model.deckCount !== null && (
          <figure className="gt-deck" data-zone="deck" aria-label={`Deck: ${model.deckCount} cards`}>
            {Array.from({ length: Math.min(3, model.deckCount) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stack drawn for its height, not cards
              <span key={i} className="tc tc-back gt-stacked" style={{ '--stack': i } as CSSProperties} />
            ))}
            {model.deckCount === 0 && <span className="gt-empty">Empty</span>}
            <figcaption className="gt-deck-count">{model.deckCount}</figcaption>
          </figure>
        )}
        <figure className="gt-pile" data-zone="pile" aria-label={`Pile: ${model.pile.count} cards`}>
          {top.map((card, i) => (
            <span key={card.id} className="gt-pile-card" style={{ '--depth': top.length - 1 - i } as CSSProperties}>
              <CardView card={card} />
            </span>
          ))}
          {model.pile.count === 0 && <span className="gt-empty">Empty pile</span>}
          <figcaption className="gt-pile-count">
            Pile: {model.pile.count} {model.pile.count === 1 ? 'card' : 'cards'}
          </figcaption>
        </figure>
      </div>
      <div className="gt-status">
        <div className="gt-last-row">
          <p
            className={`gt-last last-action${explanation !== null || (model.note ?? null) !== null ? ' explain' : model.lastAction === null ? ' quiet' : ''}`}
            role="status"
            aria-live="polite"
          >
            {explanation ?? model.note ?? model.lastAction ?? '\u00a0'}
          </p>
          <MovesButton moves={props.moves} list={list} />
        </div>
        <RecentMoves moves={props.moves} />
        {model.turn !== null && (
          // The clock beside the line, not in it: the line's words stay exactly "Your turn".
          <div className="gt-turn-row">
            <p className={`gt-turn turn-line${model.turn.mine ? ' mine' : ''}`} role="status">
              {model.turn.text}
            </p>
            {model.turn.mine && model.turn.deadline != null && <TurnClock deadline={model.turn.deadline} />}
          </div>
        )}
      </div>
      <CardOptions />
      <MoveList moves={props.moves} list={list} />
      {notice !== undefined && notice !== null && <div className="gt-notice">{notice}</div>}
    </div>
  );
}

/**
 * Focus stays with the own cards after a move (docs/web.md "The table kit"): when the move took
 * away the focused card or disabled the focused button (focus fell to the page), and focus was in
 * this table, it goes to the cards' tab stop, or to the own area while no card may be pressed.
 */
function useFocusKept(area: RefObject<HTMLElement | null>, key: string): void {
  const inside = useRef(false);
  useEffect(() => {
    const onFocusIn = (event: globalThis.FocusEvent) => {
      const table = area.current?.closest('.game-table');
      inside.current =
        table !== null && table !== undefined && event.target instanceof Node && table.contains(event.target);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [area]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each move (`key`), reading the page as it is then
  useEffect(() => {
    const root = area.current;
    if (root === null || !inside.current) return;
    const active = document.activeElement;
    const lost =
      active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (!lost) return;
    const stop = root.querySelector<HTMLElement>('button[data-card-id][tabindex="0"]:not(:disabled)') ?? root;
    stop.focus({ preventScroll: true });
  }, [key]);
}

/** The viewer's cards: face-down with face-up lying on them, and the hand fan. */
function OwnArea({
  model,
  gestures,
}: {
  readonly model: TableModel;
  readonly gestures: PlayGestures;
}): ReactElement | null {
  const area = useRef<HTMLDivElement>(null);
  const own = model.own;
  const enabled = useMemo(() => new Set(model.enabled), [model.enabled]);
  const hinted = useMemo(() => new Set(model.hinted ?? model.enabled), [model.hinted, model.enabled]);
  const selected = useMemo(() => new Set(model.selected), [model.selected]);
  const order = useMemo(
    () => (own === null ? [] : [...own.faceDown, ...own.faceUp, ...own.hand].map((c) => c.id)),
    [own],
  );
  const roving = useRovingCards(area, order, enabled, hinted);
  useFocusKept(area, moveKey(model));
  if (own === null) return <div className="gt-own spectator" />;
  const slots = Math.max(own.faceDown.length, own.faceUp.length);
  const row = (cards: readonly TableCard[], title: string, className: string) => (
    <fieldset className={className} data-playable={cards.some((c) => hinted.has(c.id))}>
      <legend className="sr-only">{title}</legend>
      {Array.from({ length: slots }, (_, i) => {
        const card = cards[i];
        // biome-ignore lint/suspicious/noArrayIndexKey: a slot keeps its place when its card is played
        if (card === undefined) return <span key={`empty-${i}`} className="gt-slot-empty" aria-hidden="true" />;
        return (
          <CardView
            key={card.id}
            card={card}
            onPress={gestures.press}
            enabled={enabled.has(card.id)}
            hinted={hinted.has(card.id)}
            selected={selected.has(card.id)}
            tabIndex={roving.tabIndex(card.id)}
          />
        );
      })}
    </fieldset>
  );
  return (
    // The own cards are one group for the keyboard (see roving.ts).
    // biome-ignore lint/a11y/noStaticElementInteractions: keys are handled for the card buttons inside
    <div
      className="gt-own"
      data-zone="own"
      ref={area}
      // Focus lands here after a move when no card may be pressed (useFocusKept); never a Tab stop.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (!gestures.onKeyDown(event)) roving.onKeyDown(event);
      }}
      onPointerUp={gestures.onPointerUp}
      onFocus={roving.onFocus}
    >
      {slots > 0 && (
        <div className="gt-table-cards">
          {row(own.faceDown, 'Face down', 'gt-row gt-down')}
          {row(own.faceUp, 'Face up', 'gt-row gt-up')}
        </div>
      )}
      <HandFan
        cards={own.hand}
        enabled={enabled}
        hinted={hinted}
        selected={selected}
        onPress={gestures.press}
        tabIndex={roving.tabIndex}
      />
    </div>
  );
}

/** The action buttons in one bar above the safe-area inset; the side sheet's button on a phone. */
function ActionBar(props: {
  readonly actions: readonly TableAction[];
  readonly start: ReactNode;
  readonly sideToggle?: { label: string; open: boolean; controls: string; onToggle: () => void };
}): ReactElement | null {
  const toggle = props.sideToggle;
  if (props.actions.length === 0 && props.start === undefined && toggle === undefined) return null;
  return (
    <div className="gt-actions">
      {toggle !== undefined && (
        <button
          type="button"
          className="button button-secondary gt-side-toggle"
          aria-expanded={toggle.open}
          aria-controls={toggle.controls}
          onClick={toggle.onToggle}
        >
          {toggle.label}
        </button>
      )}
      {/* Right before the actions: what goes with them (an AI level before Add AI). */}
      {props.start}
      {props.actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={`button ${action.tone === 'primary' ? 'button-primary' : 'button-secondary'} gt-action`}
          disabled={!action.enabled}
          onClick={action.onPress}
          {...(action.pressed === undefined ? {} : { 'aria-pressed': action.pressed })}
          {...(action.ariaLabel === undefined ? {} : { 'aria-label': action.ariaLabel })}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
