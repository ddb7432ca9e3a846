import type { DailyDeal } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { dayLabel } from './daily-format.js';

/** sha256 of `text` (UTF-8) in hex, or null where the browser has no Web Crypto (a page on plain http). */
async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Yesterday's deal, checked (docs/daily.md "Fairness"): the commitment published when the day
 * began, the seed revealed when it ended, and whether sha256(seed) is the commitment, worked out
 * here in the browser.
 */
export function DealProof({ deal }: { readonly deal: DailyDeal }): ReactElement {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    if (deal.seed === null) return;
    sha256Hex(deal.seed).then(
      (hash) => current && setMatches(hash === null ? null : hash === deal.commitment.toLowerCase()),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [deal.seed, deal.commitment]);
  return (
    <section className="card daily-proof" aria-labelledby="daily-proof-title">
      <h2 id="daily-proof-title">Check yesterday's deal</h2>
      <p className="small">
        Everyone got the same cards on {dayLabel(deal.date)}. Before that day began the server published its commitment,
        the sha256 of the day's secret seed; now that the day is over the seed is out. Anyone can hash the seed and
        compare, and re-deal every game of that day from it (each game's record, from its replay, holds the same seed;{' '}
        <code>palace verify</code> checks a record).
      </p>
      <dl className="daily-proof-list">
        <dt>Commitment</dt>
        <dd>
          <code>{deal.commitment}</code>
        </dd>
        <dt>Seed</dt>
        <dd>
          {deal.seed === null ? <span className="muted">revealed when the day ends</span> : <code>{deal.seed}</code>}
        </dd>
      </dl>
      {matches !== null && (
        <p className={`daily-check${matches ? ' ok' : ' bad'}`} role="status">
          {matches ? '✓ sha256(seed) matches the commitment, checked in your browser' : '✗ sha256(seed) does not match'}
        </p>
      )}
    </section>
  );
}
