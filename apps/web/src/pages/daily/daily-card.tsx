import './daily-card.css';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

/**
 * The daily deal's one-line card on `/` and in the `/play` lobby (docs/daily.md "The page"): a
 * link to `/daily`, one row high so the controls below it stay on a phone's first screen.
 */
export function DailyCard(): ReactElement {
  return (
    <Link className="card daily-card" to="/daily">
      <span className="daily-card-text">
        <strong>Daily deal</strong>
        <span className="small muted"> · today's cards, the same for everyone</span>
      </span>
      <span className="daily-card-go" aria-hidden="true">
        Play ›
      </span>
    </Link>
  );
}
