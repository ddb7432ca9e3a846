import './pages.css';
import type { LobbyGame, OnlineFriend } from '@palace/protocol';
import { type FormEvent, type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiGet, apiRequest } from '../lib/api.js';
import { invitableGames } from '../lib/invitations.js';
import { byPresence, presenceLabel } from '../lib/tokens-format.js';
import { present, useLoad } from '../lib/use-load.js';
import { Avatar } from '../shell/avatar.js';
import { isGuest, useAuth } from '../stores/auth-store.js';
import { toast } from '../stores/toast-store.js';
import { LoadError } from '../ui/load-error.js';
import { failureToast, whileBusy } from '../ui/send.js';
import { SignInPrompt } from '../ui/sign-in-prompt.js';
import { FriendInvite } from './friend-invite.js';

/** How often the list (and everyone's online status) is fetched again, in ms. */
export const FRIENDS_REFRESH_MS = 15_000;

/**
 * `/friends` (docs/product.md §D5): friends with their status (online, away, offline; fetched again every
 * 15 s), adding by username, inviting into a waiting game the player sits in (docs/product.md §D13
 * friend-invitations; a row without such a game links to /play instead) and removing after a
 * confirm step. Visitors and guests are asked to register.
 */
export function FriendsPage(): ReactElement {
  const user = useAuth((s) => s.user);
  return (
    <div className="page narrow-page">
      <header className="page-header">
        <h1>Friends</h1>
        <p className="muted">See who is online and invite them to a game.</p>
      </header>
      {user === null || isGuest(user) ? (
        <SignInPrompt
          icon="users"
          title="Register to add friends"
          text="Friends lists are for registered players. Create an account (new players get 100 free SRT tokens) or sign in."
          action={user === null ? 'Sign in or register' : 'Create an account'}
        />
      ) : (
        <FriendsList userId={user.id} />
      )}
    </div>
  );
}

function FriendsList({ userId }: { readonly userId: number }): ReactElement {
  const friends = useLoad(() => present(apiGet<OnlineFriend[]>('/api/friends/online')), userId);
  // The player's own waiting games with a free seat (the lobby lists private ones to their players).
  const lobby = useLoad(() => present(apiGet<LobbyGame[]>('/api/games')), userId);
  const { reload } = friends;
  const reloadGames = lobby.reload;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.hidden) return;
      reload();
      reloadGames();
    }, FRIENDS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, reloadGames]);
  const games = lobby.data === null ? null : invitableGames(lobby.data, userId);
  const list = friends.data === null ? [] : byPresence(friends.data);
  const online = list.filter((f) => f.status === 'online').length;
  return (
    <>
      <AddFriend onAdded={reload} />
      <section className="card" aria-labelledby="friends-title">
        <div className="card-head">
          <h2 id="friends-title" className="card-title">
            Your friends
          </h2>
          {friends.data !== null && list.length > 0 && <span className="muted small">{online} online</span>}
        </div>
        {friends.error !== null && <LoadError message={friends.error} onRetry={reload} />}
        {friends.data === null ? (
          friends.error === null && <p className="muted">Loading…</p>
        ) : list.length === 0 ? (
          <p className="muted">No friends yet. Add someone by their username above.</p>
        ) : (
          <ul className="friend-list">
            {list.map((friend) => (
              <FriendRow key={friend.id} friend={friend} games={games} onRemoved={reload} onInvited={reloadGames} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function AddFriend({ onAdded }: { readonly onAdded: () => void }): ReactElement {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (name === '') {
      setError('Enter a username');
      return;
    }
    setError(undefined);
    await whileBusy(
      setBusy,
      async () => {
        const added = await apiRequest<OnlineFriend>('POST', '/api/friends', { username: name });
        toast({ title: 'Friend added', description: `${added.username} is now your friend.` });
        setUsername('');
        onAdded();
      },
      (failure) => failureToast('Could not add friend', failure, 'Could not add that friend. Please try again.'),
    );
  };
  return (
    <section className="card" aria-labelledby="add-friend-title">
      <h2 id="add-friend-title" className="card-title">
        Add a friend
      </h2>
      <form className="inline-form" noValidate aria-labelledby="add-friend-title" onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor="friend-username">Username</label>
          <input
            id="friend-username"
            value={username}
            disabled={busy}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error !== undefined}
            aria-describedby={error !== undefined ? 'friend-username-error' : undefined}
            onChange={(event) => {
              setUsername(event.target.value);
              if (error !== undefined && event.target.value.trim() !== '') setError(undefined);
            }}
          />
          {error !== undefined && (
            <p className="field-error" id="friend-username-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Add friend
        </button>
      </form>
    </section>
  );
}

function FriendRow(props: {
  readonly friend: OnlineFriend;
  /** The player's waiting games with a free seat; null while loading. */
  readonly games: readonly LobbyGame[] | null;
  readonly onRemoved: () => void;
  readonly onInvited: () => void;
}): ReactElement {
  const { friend, games } = props;
  const [confirming, setConfirming] = useState(false);
  /** The game this friend was last invited into from this row, for the row's status line. */
  const [invited, setInvited] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Focus follows the step: to Cancel when asked to confirm, back to Remove when cancelled.
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) removeButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const remove = async () => {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/friends/${friend.id}`);
      toast({ title: 'Friend removed', description: `${friend.username} is no longer your friend.` });
      props.onRemoved();
    } catch (failure) {
      failureToast('Could not remove friend', failure, 'Please try again.');
      setBusy(false);
      setConfirming(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && confirming) setConfirming(false);
  };
  const status = presenceLabel(friend.status);
  return (
    <li className="friend" onKeyDown={onKeyDown}>
      <span className="friend-avatar">
        <Avatar name={friend.username} src={friend.avatar} size={40} />
        <span className={`status-dot ${friend.status}`} aria-hidden="true" />
      </span>
      <span className="friend-text">
        <span className="friend-name">{friend.username}</span>
        <span className={`friend-status ${friend.status}`}>{status}</span>
        {invited !== null && (
          <span className="friend-invited" role="status">
            Invited to {invited}
          </span>
        )}
        {games !== null && games.length === 0 && (
          <Link className="friend-hint" to="/play">
            Create a game to invite friends
          </Link>
        )}
      </span>
      {!confirming && games !== null && games.length > 0 && (
        <FriendInvite
          friend={friend}
          games={games}
          onSent={(game) => {
            setInvited(game.name);
            props.onInvited();
          }}
          onRefused={props.onInvited}
        />
      )}
      {confirming ? (
        <fieldset className="friend-confirm" aria-label={`Remove ${friend.username}?`}>
          <span className="friend-confirm-text">Remove {friend.username}?</span>
          <button
            ref={cancelButton}
            type="button"
            className="button button-secondary button-compact"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger button-compact"
            disabled={busy}
            onClick={() => void remove()}
          >
            Remove
          </button>
        </fieldset>
      ) : (
        <button
          ref={removeButton}
          type="button"
          className="button button-secondary button-compact"
          aria-label={`Remove ${friend.username}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      )}
    </li>
  );
}
