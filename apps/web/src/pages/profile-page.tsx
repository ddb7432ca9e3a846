import './pages.css';
import type { ProfileResponse } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { apiGet } from '../lib/api.js';
import { tokens } from '../lib/tokens-format.js';
import { present, useLoad } from '../lib/use-load.js';
import { Avatar } from '../shell/avatar.js';
import { isGuest, useAuth } from '../stores/auth-store.js';
import { BotMark } from '../ui/bot-mark.js';
import { LoadError } from '../ui/load-error.js';
import { SignInPrompt } from '../ui/sign-in-prompt.js';
import { RatingsCard } from './ratings.js';

/**
 * `/profile` (docs/product.md §D5): a signed-in player's avatar, name, e-mail, games played, wins and
 * balance (`GET /api/profile`), and a rating per preset with its history (`GET /api/ratings/me`,
 * docs/product.md §D11). Visitors and guests are asked to sign in.
 */
export function ProfilePage(): ReactElement {
  const user = useAuth((s) => s.user);
  return (
    <div className="page narrow-page">
      <header className="page-header">
        <h1>Profile</h1>
      </header>
      {user === null || isGuest(user) ? (
        <SignInPrompt
          icon="user"
          title={user === null ? 'Sign in to see your profile' : 'Guests have no profile'}
          text="Your profile shows your games, wins and SRT tokens. Sign in, or create an account to get 100 free SRT tokens."
          action={user === null ? 'Sign in' : 'Create an account'}
        />
      ) : (
        <PlayerProfile userId={user.id} />
      )}
    </div>
  );
}

function PlayerProfile({ userId }: { readonly userId: number }): ReactElement {
  const profile = useLoad(() => present(apiGet<ProfileResponse>('/api/profile')), userId);
  if (profile.error !== null) {
    return (
      <section className="card">
        <LoadError message={profile.error} onRetry={profile.reload} />
      </section>
    );
  }
  if (profile.data === null) return <p className="muted">Loading…</p>;
  const { user, balance, wins, gamesPlayed } = profile.data;
  const stats: ReadonlyArray<readonly [string, string]> = [
    ['Games played', String(gamesPlayed)],
    ['Wins', String(wins)],
    ['Win rate', gamesPlayed === 0 ? '–' : `${Math.round((wins / gamesPlayed) * 100)}%`],
    ['SRT tokens', tokens(balance)],
  ];
  return (
    <>
      <section className="card profile-card" aria-labelledby="profile-name">
        <Avatar name={user.username} src={user.avatar} size={88} />
        <h2 id="profile-name" className="profile-name">
          {user.username}
          {user.isBot && <BotMark />}
        </h2>
        {user.email !== null && <p className="muted profile-email">{user.email}</p>}
        <dl className="stat-grid">
          {stats.map(([label, value]) => (
            <div key={label} className="stat">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <RatingsCard userId={userId} />
      <nav className="card link-list" aria-label="Your account">
        <Link to="/tokens">Token history and leaderboard</Link>
        <Link to="/friends">Friends</Link>
        <Link to="/settings">Account settings</Link>
        <Link to="/help">Help &amp; Support</Link>
      </nav>
    </>
  );
}
