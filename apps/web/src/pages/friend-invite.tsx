import type { LobbyGame, OnlineFriend } from '@palace/protocol';
import { type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../lib/api.js';
import { gamesWithout } from '../lib/invitations.js';
import { toast } from '../stores/toast-store.js';
import { failureToast } from '../ui/send.js';

/**
 * A friend row's Invite (docs/product.md §D13 friend-invitations): with one waiting game of the
 * player's, one tap invites the friend into it; with several, Invite opens a choice of them (Escape
 * or Cancel closes it, focus back on Invite). A friend already seated in every such game is told
 * so instead. `games` are the player's waiting games with a free seat (never empty here).
 */
export function FriendInvite(props: {
  readonly friend: OnlineFriend;
  readonly games: readonly LobbyGame[];
  /** After the server accepted the invitation into `game`. */
  readonly onSent: (game: LobbyGame) => void;
  /** After a refusal (the game may have filled or started meanwhile). */
  readonly onRefused: () => void;
}): ReactElement {
  const { friend } = props;
  const games = gamesWithout(props.games, friend.id);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const wasPicking = useRef(false);
  useEffect(() => {
    // Focus follows the step: to the first game when choosing, back to Invite when cancelled.
    if (picking) firstChoice.current?.focus();
    else if (wasPicking.current) inviteButton.current?.focus();
    wasPicking.current = picking;
  }, [picking]);

  if (games.length === 0) return <span className="friend-note">In your game</span>;
  const invite = async (game: LobbyGame) => {
    setBusy(true);
    try {
      const sent = await apiRequest<{ message: string }>('POST', `/api/friends/${friend.id}/invite`, {
        gameId: game.id,
      });
      toast({ title: 'Invitation sent', description: sent.message });
      setPicking(false);
      props.onSent(game);
    } catch (failure) {
      failureToast('Could not invite', failure, 'Could not send the invitation. Please try again.');
      props.onRefused();
    } finally {
      setBusy(false);
    }
  };
  const only = games.length === 1 ? games[0] : undefined;
  if (picking) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setPicking(false);
    };
    return (
      <fieldset className="friend-pick" aria-label={`Invite ${friend.username} to a game`} onKeyDown={onKeyDown}>
        <span className="friend-pick-text">Invite {friend.username} to:</span>
        {games.map((game, i) => (
          <button
            key={game.id}
            ref={i === 0 ? firstChoice : undefined}
            type="button"
            className="button button-primary button-compact"
            disabled={busy}
            onClick={() => void invite(game)}
          >
            {game.name} ({game.playerCount}/{game.playerLimit})
          </button>
        ))}
        <button
          type="button"
          className="button button-secondary button-compact"
          disabled={busy}
          onClick={() => setPicking(false)}
        >
          Cancel
        </button>
      </fieldset>
    );
  }
  return (
    <button
      ref={inviteButton}
      type="button"
      className="button button-primary button-compact"
      disabled={busy}
      aria-label={`Invite ${friend.username} to ${only === undefined ? 'a game' : only.name}`}
      {...(only === undefined ? { 'aria-expanded': false } : {})}
      onClick={() => (only === undefined ? setPicking(true) : void invite(only))}
    >
      Invite
    </button>
  );
}
