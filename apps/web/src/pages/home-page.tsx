import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import logo from '../logo.svg';
import { useAuth } from '../stores/auth-store.js';

/**
 * `/` and `/lobby` (no shell). Spec 02's variant lobby replaces this in the variants' web issue;
 * until then it leads to the main game and the account screens.
 */
export function HomePage(): ReactElement {
  const user = useAuth((s) => s.user);
  return (
    <div className="home">
      <img src={logo} alt="" width={80} height={80} />
      <h1 className="display">Palace</h1>
      <p className="tagline">The ultimate card game</p>
      {user !== null && <p className="muted">Signed in as {user.username}</p>}
      <div className="home-actions">
        <Link to="/play" className="button button-primary">
          Play
        </Link>
        {(user === null || user.id < 0) && (
          <Link to="/auth" className="button button-secondary">
            Sign In
          </Link>
        )}
      </div>
    </div>
  );
}
