import type { ReactElement } from 'react';
import logo from '../logo.svg';

/** The start-up splash while the user loads (docs/product.md §P1.2). */
export function Splash(): ReactElement {
  return (
    <div className="splash" role="status" aria-live="polite">
      <img src={logo} alt="" width={96} height={96} />
      <h1 className="display">Palace</h1>
      <p className="tagline">THE ULTIMATE CARD GAME</p>
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
