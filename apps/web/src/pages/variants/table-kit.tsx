import type { AiLevelName, MainCard, MaskedCard, SimpleHiddenCard } from '@palace/protocol';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardRow } from '../play/card-row.js';
import { CardView } from '../play/card-view.js';
import type { AnyCard } from '../play/selection.js';
import { sortByRank } from '../play/selection.js';
import { AiTag } from './ai-level.js';

/**
 * The table pieces every username variant shares (simple websocket, simple REST, public games,
 * easy; spec 02 §2 "Game screen"): header with badges and Leave, a controls card, the table with
 * the pile (and deck), the opponents, the viewer's own rows, the rules card, the spectator list, the
 * final standings and the error page. They only show what the server sent: which cards may be played
 * comes from the state's `playableCards`; no piece here decides a rule.
 */

/** Any card a variant state may hold, the simple websocket's `{suit: "unknown"}` blind card included. */
export type VariantCard = MainCard | MaskedCard | SimpleHiddenCard;

/** The one card shape the card views draw: a blind card of any variant becomes a masked card. */
export function asAnyCard(card: VariantCard): AnyCard {
  return 'hidden' in card ? { id: card.id, hidden: true } : card;
}

export function asAnyCards(cards: readonly VariantCard[]): AnyCard[] {
  return cards.map(asAnyCard);
}

/** A status or role word as a small coloured badge (`tone` picks the colour). */
export function Badge(props: {
  readonly children: ReactNode;
  readonly tone?: string;
  readonly label?: string;
}): ReactElement {
  return (
    <span
      className={`status-badge ${props.tone ?? ''}`}
      {...(props.label === undefined ? {} : { 'aria-label': props.label })}
    >
      {props.children}
    </span>
  );
}

/** "setup" → "Setup": the status badge's word (spec 02 §2: Waiting, Setup, Playing, Finished). */
export function statusWord(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The status badge with the tone its state reads as. */
export function StatusBadge({ status }: { readonly status: string }): ReactElement {
  const tone = status === 'playing' ? 'active' : status === 'finished' ? 'finished' : 'waiting';
  return (
    <Badge tone={tone} label={`Status: ${statusWord(status)}`}>
      {statusWord(status)}
    </Badge>
  );
}

/** Header of a game screen: title, the game id (copyable), the badges, and Leave. */
export function VariantHeader(props: {
  readonly title: string;
  readonly gameId: string;
  readonly badges: ReactNode;
  readonly onLeave: () => void;
  readonly extra?: ReactNode;
}): ReactElement {
  return (
    <header className="variant-header">
      <div className="variant-title">
        <h1>{props.title}</h1>
        <p className="small">
          Game <code className="game-code">{props.gameId}</code> <CopyButton text={props.gameId} label="Copy game ID" />
        </p>
      </div>
      <div className="variant-badges">{props.badges}</div>
      <div className="button-row">
        {props.extra}
        <button type="button" className="button button-secondary button-small" onClick={props.onLeave}>
          Leave
        </button>
      </div>
    </header>
  );
}

/** Copies `text` to the clipboard; says so on the button for a moment. */
export function CopyButton(props: { readonly text: string; readonly label: string }): ReactElement {
  return (
    <button
      type="button"
      className="button button-small button-ghost"
      aria-label={props.label}
      onClick={(event) => {
        const button = event.currentTarget;
        void navigator.clipboard?.writeText(props.text).then(
          () => {
            button.dataset.copied = 'true';
            setTimeout(() => {
              delete button.dataset.copied;
            }, 1500);
          },
          () => undefined,
        );
      }}
    >
      <svg
        aria-hidden="true"
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="9" y="9" width="12" height="12" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </svg>
    </button>
  );
}

/** A card-like panel with a heading (the controls card, the rules card, …). */
export function Panel(props: {
  readonly title: string;
  readonly children: ReactNode;
  readonly className?: string;
}): ReactElement {
  return (
    <section className={`card variant-panel ${props.className ?? ''}`} aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/**
 * The table: the pile (its top cards, the top one last so it lies on top) with its size, and the
 * deck's size when the variant reports it.
 */
export function TableView(props: {
  /** Up to the last 3 cards of the pile, bottom to top. */
  readonly pileTop: readonly MainCard[];
  readonly pileCount: number;
  readonly deckCount?: number;
  readonly note?: ReactNode;
}): ReactElement {
  const top = props.pileTop.slice(-3);
  return (
    <section className="variant-table" aria-label="Table">
      <div className="table-centre">
        {props.deckCount !== undefined && (
          <figure className="deck" aria-label={`Deck: ${props.deckCount} cards`}>
            {props.deckCount > 0 && <CardView card={{ id: 'deck', hidden: true }} small />}
            <span className="deck-count">{props.deckCount}</span>
          </figure>
        )}
        <figure className="pile" aria-label={`Pile: ${props.pileCount} cards`}>
          {top.map((c) => (
            <CardView key={c.id} card={c} />
          ))}
          {props.pileCount === 0 && <span className="muted small">Empty pile</span>}
          <figcaption className="small muted">
            Pile: {props.pileCount} {props.pileCount === 1 ? 'card' : 'cards'}
          </figcaption>
        </figure>
      </div>
      {props.note !== undefined && (
        <p className="last-action" role="status">
          {props.note}
        </p>
      )}
    </section>
  );
}

/** What the table shows of another seat: counts, face-up cards, and its flags. */
export interface SeatSummary {
  readonly key: string;
  readonly name: string;
  readonly isAI: boolean;
  /** The AI's level, when the server names one. */
  readonly aiLevel?: AiLevelName;
  readonly isTurn: boolean;
  readonly handCount: number;
  readonly faceUp: readonly MainCard[];
  readonly faceDownCount: number;
  /** Extra words after the counts ("Ready", "Left"). */
  readonly flags?: readonly string[];
}

/** The other seats at the table. */
export function Opponents({ seats }: { readonly seats: readonly SeatSummary[] }): ReactElement | null {
  if (seats.length === 0) return null;
  return (
    <ul className="opponents" aria-label="Other players">
      {seats.map((p) => (
        <li key={p.key} className={`opponent${p.isTurn ? ' turn' : ''}`} aria-current={p.isTurn ? 'true' : undefined}>
          <div className="opponent-name">
            {p.name}
            <AiTag isAI={p.isAI} level={p.aiLevel} />
          </div>
          <div className="small muted">
            {p.handCount} in hand · {p.faceDownCount} down
            {(p.flags ?? []).map((f) => ` · ${f}`).join('')}
          </div>
          <div className="card-row mini">
            {p.faceUp.map((c) => (
              <CardView key={c.id} card={c} small />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The viewer's own rows: hand (low to high), face-up, face-down. `playable` lists the card ids the
 * server says may be played now; only those are enabled, unless `allClickable` (setup: any hand
 * card may be chosen face-up).
 */
export function OwnCards(props: {
  readonly hand: readonly VariantCard[];
  readonly faceUp: readonly VariantCard[];
  readonly faceDown: readonly VariantCard[];
  readonly playable: readonly string[];
  readonly selected: readonly AnyCard[];
  readonly onPick: (card: AnyCard) => void;
}): ReactElement {
  const playable = (card: AnyCard) => props.playable.includes(card.id);
  return (
    <div className="my-area">
      <CardRow
        title="Hand"
        cards={sortByRank(asAnyCards(props.hand))}
        selected={props.selected}
        playable={playable}
        pick={props.onPick}
      />
      <CardRow
        title="Face up"
        cards={asAnyCards(props.faceUp)}
        selected={props.selected}
        playable={playable}
        pick={props.onPick}
      />
      <CardRow
        title="Face down"
        cards={asAnyCards(props.faceDown)}
        selected={props.selected}
        playable={playable}
        pick={props.onPick}
      />
    </div>
  );
}

/** The rules shown to players in the simple variants (spec 02 §4 "Rules shown to players"). */
export const VARIANT_RULES: readonly string[] = [
  '2 is wild: it can be played on anything.',
  '7 makes the next player play a 7 or lower.',
  '8 skips the next player.',
  '10 burns the pile.',
  'Four of a kind burns the pile.',
  'A player who cannot play picks up the pile.',
  'The first to be rid of all their cards wins.',
];

/** The rules card; `more` links to the full rules. */
export function RulesCard(props: { readonly more?: boolean }): ReactElement {
  return (
    <Panel title="Rules" className="rules-card">
      <ul className="rules-list">
        {VARIANT_RULES.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {props.more === true && (
        <p className="small">
          <Link to="/help?tab=rules">All the rules</Link>
        </p>
      )}
    </Panel>
  );
}

/** Who is watching (public games). */
export function SpectatorList({ names }: { readonly names: readonly string[] }): ReactElement {
  return (
    <Panel title={`Spectators (${names.length})`} className="spectators">
      {names.length === 0 ? (
        <p className="small muted">Nobody is watching.</p>
      ) : (
        <ul className="name-list">
          {names.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Final standings: the winner first (with the winner badge), then by fewest cards left. */
export function Standings(props: {
  readonly rows: ReadonlyArray<{ readonly name: string; readonly place: number; readonly cardsLeft: number }>;
  readonly you?: string | null;
}): ReactElement {
  return (
    <ol className="standings" aria-label="Final standings">
      {props.rows.map((row) => (
        <li key={`${row.place}:${row.name}`} className={row.place === 1 ? 'winner' : ''}>
          <span className="place">{row.place}.</span>
          <span className="standing-name">
            {row.name}
            {row.name === props.you && <span className="muted small"> (you)</span>}
          </span>
          {row.place === 1 ? (
            <span className="status-badge finished">Winner</span>
          ) : (
            <span className="small muted">
              {row.cardsLeft} {row.cardsLeft === 1 ? 'card' : 'cards'} left
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The Error page of spec 02 §8: the server's message (or the fallback) and Return to Home. */
export function VariantErrorPage(props: { readonly message: string; readonly home: string }): ReactElement {
  return (
    <main className="variant-page">
      <section className="card variant-error" role="alert">
        <h1>Error</h1>
        <p>{props.message}</p>
        <Link className="button button-primary" to={props.home}>
          Return to Home
        </Link>
      </section>
    </main>
  );
}
