import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LineIcon } from '../../table/line-icon.js';

/**
 * The pieces the username variants' screens share around the table (simple websocket, simple REST,
 * public games, easy; docs/product.md §P2.2 "Game screen"): the header with badges and Leave, the panels, the
 * rules card, the spectator list, the final standings and the error page. The table itself is the
 * table kit (apps/web/src/table).
 */

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

/** "setup" → "Setup": the status badge's word (docs/product.md §P2.2: Waiting, Setup, Playing, Finished). */
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
      <LineIcon size={14}>
        <rect x="9" y="9" width="12" height="12" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </LineIcon>
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

/** The rules shown to players in the simple variants (docs/product.md §P2.4 "Rules shown to players"). */
export const VARIANT_RULES: readonly string[] = [
  '2 is wild: it can be played on anything.',
  '7 makes the next player play a 7 or lower.',
  '8 skips the next player.',
  '10 burns the pile.',
  'Four of a kind burns the pile.',
  'A player who cannot play picks up the pile.',
  'The first to be rid of all their cards wins.',
];

/** The rules card (`rules`, else the simple variants' list); `more` links to the full rules. */
export function RulesCard(props: { readonly rules?: readonly string[]; readonly more?: boolean }): ReactElement {
  return (
    <Panel title="Rules" className="rules-card">
      <ul className="rules-list">
        {(props.rules ?? VARIANT_RULES).map((r) => (
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

/** A game screen while its game loads or connects: one status line (`className`) on the page. */
export function VariantLoading(props: {
  readonly children: ReactNode;
  readonly className: string;
  /** More classes for the page. */
  readonly page?: string;
}): ReactElement {
  return (
    <main className={props.page === undefined ? 'variant-page' : `variant-page ${props.page}`}>
      <p className={props.className} role="status">
        {props.children}
      </p>
    </main>
  );
}

/** The Error page of docs/product.md §P2.8: the server's message (or the fallback) and Return to Home. */
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
