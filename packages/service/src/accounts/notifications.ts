import { err, ok, type Result } from '@palace/core';
import { type InviteGameStatus, NOTIFICATIONS_SHOWN } from '@palace/protocol';
import type { MainMeta } from '../main-game/main-meta.js';
import type { Clock, StoredGame } from '../ports.js';
import { type ServiceError, type ServiceErrorCode, serviceError } from '../service-error.js';
import type { AccountsStore, FriendsStore, User } from './account-ports.js';

/** Notifications one player keeps at most: an invitation beyond the newest this many is dropped. */
export const NOTIFICATIONS_KEPT = 50;

/** The largest user or notification id the tables hold (PostgreSQL's `integer`); larger ones match nothing. */
const ROW_ID_MAX = 2_147_483_647;

const rowId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= ROW_ID_MAX;

/** Who sent a notification, as the bell shows them. */
export interface NotificationSender {
  readonly id: number;
  readonly username: string;
  readonly avatar: string | null;
}

/** A friend's invitation into a main game, as the store must keep it. */
export interface NewInvitation {
  /** The invited player. */
  readonly userId: number;
  readonly from: User;
  readonly gameId: string;
  /** The game's name now (the bell shows it even once the game is gone). */
  readonly gameName: string;
  /** ms since the epoch. */
  readonly at: number;
}

/** A stored notification (so far only `game_invite`). */
export interface StoredNotification {
  readonly id: number;
  /** The player it is for. */
  readonly userId: number;
  readonly kind: 'game_invite';
  readonly from: NotificationSender;
  readonly gameId: string;
  readonly gameName: string;
  /** When it was sent (or sent again), ms since the epoch. */
  readonly at: number;
  readonly read: boolean;
}

/**
 * Where players' notifications live. Each method is one transaction. An invitation from the same
 * sender into the same game is one notification: sending it again moves it to now, unread.
 */
export interface NotificationsStore {
  /**
   * Stores (or renews) the invitation and drops the player's notifications beyond the newest
   * `keep`; answers its id.
   */
  invite(invitation: NewInvitation, keep: number): Promise<number>;
  /** The player's notifications, newest first (ties by id, newest first), at most `limit`. */
  list(userId: number, limit: number): Promise<readonly StoredNotification[]>;
  /** How many of the player's notifications are unread. */
  unread(userId: number): Promise<number>;
  /** Marks the player's notifications read: those of `ids` (others' ids are ignored), or all with null. */
  markRead(userId: number, ids: readonly number[] | null, at: number): Promise<void>;
}

/** A notification as the bell lists it: where its game stands for the player now. */
export interface Notification extends StoredNotification {
  readonly gameStatus: InviteGameStatus;
}

/** What the bell shows: the unread count and the newest notifications. */
export interface NotificationsPage {
  readonly unread: number;
  readonly items: readonly Notification[];
}

/** How the service reads a main game (MainGames's `get`). */
export interface MainGameReader {
  get(rawId: number | string): Promise<Result<StoredGame<MainMeta>, ServiceError>>;
}

export interface NotificationsPorts {
  readonly notifications: NotificationsStore;
  readonly friends: FriendsStore;
  readonly accounts: Pick<AccountsStore, 'user'>;
  readonly clock: Clock;
}

type Answer<T> = Promise<Result<T, ServiceError>>;

/** The refusals of an invitation (`invite/…` in service-error.ts). */
type InviteErrorCode = Extract<ServiceErrorCode, `invite/${string}`>;

const refuse = (code: InviteErrorCode) => err(serviceError(code));

/**
 * Where main game `game` stands for player `userId` (null: the game is gone): `seated` while they
 * hold a seat in an unfinished game, else `open` only while it waits with a free seat.
 */
export function inviteStatus(game: StoredGame<MainMeta> | null, userId: number): InviteGameStatus {
  if (game === null || game.meta.cancelled || game.state.phase === 'finished') return 'over';
  if (game.state.seats.some((s) => s.id === String(userId))) return 'seated';
  if (game.state.phase !== 'waiting') return 'started';
  return game.state.seats.length >= game.meta.playerLimit ? 'full' : 'open';
}

/**
 * Friends invite each other into main games (docs/product.md §D13 friend-invitations): a
 * registered player seated in a waiting game with a free seat invites a friend, who finds the
 * invitation in the bell's list with its game's state. Guests and bots have no friends and no
 * notifications.
 */
export class NotificationsService {
  constructor(
    private readonly ports: NotificationsPorts,
    private readonly games: MainGameReader,
  ) {}

  /** `from` invites friend `friendId` into main game `rawGameId`; the message for the inviter. */
  async invite(from: User, friendId: number, rawGameId: number | string): Answer<{ readonly message: string }> {
    if (from.isGuest || from.isBot) return refuse('invite/registered_only');
    if (friendId === from.id) return refuse('invite/self');
    const friend = (await this.ports.friends.friends(from.id)).find((f) => f.id === friendId);
    if (friend === undefined) {
      const known = rowId(friendId) ? await this.ports.accounts.user(friendId) : null;
      return refuse(known === null || known.isGuest ? 'invite/unknown_player' : 'invite/not_friends');
    }
    const found = await this.games.get(rawGameId);
    if (!found.ok) return refuse('invite/game_not_found');
    const game = found.value;
    const refusal = inviteRefusal(game, from, friend);
    if (refusal !== null) return refuse(refusal);
    await this.ports.notifications.invite(
      { userId: friend.id, from, gameId: game.id, gameName: game.meta.name, at: this.ports.clock.now() },
      NOTIFICATIONS_KEPT,
    );
    return ok({ message: `Invitation sent to ${friend.username}` });
  }

  /** The player's unread count and newest notifications, each with its game's state now. */
  async list(user: User): Promise<NotificationsPage> {
    if (user.isGuest) return { unread: 0, items: [] };
    const [stored, unread] = await Promise.all([
      this.ports.notifications.list(user.id, NOTIFICATIONS_SHOWN),
      this.ports.notifications.unread(user.id),
    ]);
    const statuses = new Map<string, InviteGameStatus>();
    for (const gameId of new Set(stored.map((n) => n.gameId))) {
      const game = await this.games.get(gameId);
      statuses.set(gameId, inviteStatus(game.ok ? game.value : null, user.id));
    }
    return { unread, items: stored.map((n) => ({ ...n, gameStatus: statuses.get(n.gameId) ?? 'over' })) };
  }

  /** How many of the player's notifications are unread (what the bell polls). */
  async unread(user: User): Promise<number> {
    return user.isGuest ? 0 : this.ports.notifications.unread(user.id);
  }

  /** Marks the player's notifications `ids` read (all with null); answers the unread count left. */
  async markRead(user: User, ids: readonly number[] | null): Promise<number> {
    if (user.isGuest) return 0;
    const chosen = ids === null ? null : ids.filter(rowId);
    if (chosen === null || chosen.length > 0) {
      await this.ports.notifications.markRead(user.id, chosen, this.ports.clock.now());
    }
    return this.ports.notifications.unread(user.id);
  }
}

/** Why `from` may not invite `friend` into `game` now, or null. */
function inviteRefusal(game: StoredGame<MainMeta>, from: User, friend: User): InviteErrorCode | null {
  const { state, meta } = game;
  const mine = state.seats.find((s) => s.id === String(from.id));
  if (mine === undefined || mine.left) return 'invite/not_seated';
  if (meta.cancelled || state.phase === 'finished') return 'invite/over';
  if (state.phase !== 'waiting') return 'invite/started';
  if (state.seats.some((s) => s.id === String(friend.id))) return 'invite/already_seated';
  return state.seats.length >= meta.playerLimit ? 'invite/full' : null;
}
