import type { Tournament, TournamentRound, TournamentTable } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { replayPath } from '../replay/replay-link.js';
import { seatResultLabel, tableAction, tableRoomPath } from './tournament-format.js';

/** One line under every deal proof: what the commitment promises. */
export const DEAL_PROOF_TEXT = 'Every table of this size was dealt from this seed; sha256(seed) = commitment.';

/** The rounds, newest first: each with its deal commitments (seeds once it ends), tables and byes. */
export function RoundList({ t, viewerId }: { readonly t: Tournament; readonly viewerId: number | null }): ReactElement {
  const rounds = [...t.roundList].reverse();
  return (
    <section className="card" aria-labelledby="tournament-rounds-title">
      <h2 id="tournament-rounds-title">Rounds</h2>
      {rounds.map((round) => (
        <Round key={round.number} t={t} round={round} viewerId={viewerId} />
      ))}
    </section>
  );
}

function Round(props: {
  readonly t: Tournament;
  readonly round: TournamentRound;
  readonly viewerId: number | null;
}): ReactElement {
  const { t, round, viewerId } = props;
  const titleId = `round-${round.number}-title`;
  return (
    <section className="tournament-round" aria-labelledby={titleId}>
      <div className="round-head">
        <h3 id={titleId}>
          Round {round.number} of {t.rounds}
        </h3>
        <span className={`status-badge${round.finished ? '' : ' active'}`}>
          {round.finished ? 'Finished' : 'Playing'}
        </span>
      </div>
      <ul className="round-tables" aria-label={`Round ${round.number} tables`}>
        {round.tables.map((table) => (
          <TableCard key={table.number} round={round} table={table} viewerId={viewerId} />
        ))}
      </ul>
      {round.byes.length > 0 && (
        <p className="small round-byes">Bye (100%, no cards): {round.byes.map((b) => b.username).join(', ')}</p>
      )}
      <div className="deal-proof">
        <h4 className="deal-proof-title">Deal</h4>
        <p className="small muted">{DEAL_PROOF_TEXT}</p>
        {round.deals.map((deal) => (
          <SeedProof
            key={deal.tableSize}
            label={`Tables of ${deal.tableSize}`}
            commitment={deal.commitment}
            seed={deal.seed}
            hidden="revealed when the round ends"
          />
        ))}
      </div>
    </section>
  );
}

function TableCard(props: {
  readonly round: TournamentRound;
  readonly table: TournamentTable;
  readonly viewerId: number | null;
}): ReactElement {
  const { round, table, viewerId } = props;
  const action = tableAction(round, table, viewerId);
  // In seat order: seat k held the same cards at every table of this size, and is scored against them.
  const seats = table.seats;
  return (
    <li className={`round-table${seats.some((s) => s.userId === viewerId) ? ' mine' : ''}`}>
      <div className="round-table-head">
        <h4>Table {table.number}</h4>
        <span className="muted small">{table.finished ? 'Finished' : 'Playing'}</span>
        {action === 'play' && (
          <Link className="button button-primary button-compact" to={tableRoomPath(table.gameId, 'play')}>
            Play<span className="sr-only"> at table {table.number}</span>
          </Link>
        )}
        {action === 'watch' && (
          <Link className="button button-secondary button-compact" to={tableRoomPath(table.gameId, 'watch')}>
            Watch<span className="sr-only"> table {table.number}</span>
          </Link>
        )}
        {action === 'replay' && (
          <Link className="button button-secondary button-compact" to={replayPath('main', table.gameId)}>
            Replay<span className="sr-only"> table {table.number}</span>
          </Link>
        )}
      </div>
      <ol className="seat-list" aria-label={`Table ${table.number} seats`}>
        {seats.map((seat, i) => {
          const result = seatResultLabel(seat);
          return (
            <li key={seat.userId}>
              <span className="seat-name">
                <span className="seat-number">Seat {i + 1}</span> {seat.username}
                {seat.userId === viewerId && <span className="you-pill">You</span>}
              </span>
              {result !== null && <span className="seat-result small">{result}</span>}
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/** A commitment and, once revealed, its seed, with the browser's own check of sha256(seed). */
export function SeedProof(props: {
  readonly label: string;
  readonly commitment: string;
  readonly seed: string | null;
  /** What stands for the seed until it is revealed ("revealed when the round ends"). */
  readonly hidden: string;
}): ReactElement {
  return (
    <dl className="seed-proof">
      <dt>{props.label}</dt>
      <dd>
        <span className="seed-term">Commitment</span> <code>{props.commitment}</code>
      </dd>
      <dd>
        <span className="seed-term">Seed</span>{' '}
        {props.seed === null ? <span className="muted">{props.hidden}</span> : <code>{props.seed}</code>}
      </dd>
      {props.seed !== null && <SeedCheck seed={props.seed} commitment={props.commitment} />}
    </dl>
  );
}

/** sha256 of `text` (UTF-8) in hex, or null where the browser has no Web Crypto (a page on plain http). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether sha256(seed) is the commitment, worked out in the browser (nothing where it cannot be). */
function SeedCheck({ seed, commitment }: { readonly seed: string; readonly commitment: string }): ReactElement | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    sha256Hex(seed).then(
      (hash) => current && setMatches(hash === null ? null : hash === commitment.toLowerCase()),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [seed, commitment]);
  if (matches === null) return null;
  return (
    <dd className={`seed-check${matches ? ' ok' : ' bad'}`}>
      {matches ? '✓ sha256(seed) matches, checked in your browser' : '✗ sha256(seed) does not match the commitment'}
    </dd>
  );
}

/** A tournament's facts (term and value pairs) as a definition list, on its card and its page. */
export function Facts({ facts }: { readonly facts: ReadonlyArray<readonly [string, string]> }): ReactElement {
  return (
    <dl className="tournament-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
