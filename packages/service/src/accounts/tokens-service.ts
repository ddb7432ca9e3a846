import { err, ok, type Result } from '@palace/core';
import type { Clock } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { FriendsStore, Leader, LeaderOrder, LedgerLine, TokensStore, User } from './account-ports.js';

/** Longest token history one request returns. */
export const HISTORY_LIMIT = 100;
/** Default leaderboard length. */
export const LEADERBOARD_LIMIT = 20;

export type Presence = 'online' | 'away' | 'offline';

type Answer<T> = Promise<Result<T, ServiceError>>;

/** A player's own page: balance (0 for guests), wins and finished games. */
export interface Profile {
  readonly balance: number;
  readonly wins: number;
  readonly gamesPlayed: number;
}

/** What the tokens page and the claim flow need: balance, history, leaderboard, prize claims. */
export class TokensService {
  constructor(private readonly ports: { readonly tokens: TokensStore; readonly clock: Clock }) {}

  /** Guests hold no tokens: 0. */
  async balance(user: User): Promise<number> {
    return user.isGuest ? 0 : this.ports.tokens.balance(user.id);
  }

  async history(user: User): Promise<readonly LedgerLine[]> {
    return user.isGuest ? [] : this.ports.tokens.history(user.id, HISTORY_LIMIT);
  }

  /** Balance and results of `user` (a guest's finished games count too; its balance is 0). */
  async profile(user: User): Promise<Profile> {
    const [balance, stats] = await Promise.all([this.balance(user), this.ports.tokens.stats(user.id)]);
    return { balance, wins: stats.wins, gamesPlayed: stats.gamesPlayed };
  }

  async leaderboard(order: LeaderOrder, limit = LEADERBOARD_LIMIT): Promise<readonly Leader[]> {
    return this.ports.tokens.leaderboard(order, limit);
  }

  /**
   * Pays the held prize of `gameId` won by guest `guestId` to `user`, once. The account must have
   * been registered (or signed in) from that guest's session.
   */
  async claim(
    user: User,
    gameId: string,
    guestId: number,
  ): Answer<{ readonly message: string; readonly amount: number }> {
    if (user.isGuest) return err(serviceError('prize/register'));
    const claimed = await this.ports.tokens.claimPrize(gameId, guestId, user.id, this.ports.clock.now());
    if (!claimed.ok) return err(serviceError(claimed.error));
    return ok({ message: `You've claimed ${claimed.value} tokens!`, amount: claimed.value });
  }
}

/** Friend lists with live presence (who is connected comes from the socket adapter). */
export class FriendsService {
  constructor(
    private readonly ports: { readonly friends: FriendsStore; readonly clock: Clock },
    /** Where a user is connected (a lookup in the shared presence table on a cluster). */
    private readonly presence: (userId: number) => Presence | Promise<Presence>,
  ) {}

  async online(user: User): Promise<ReadonlyArray<User & { readonly status: Presence }>> {
    if (user.isGuest) return [];
    const friends = await this.ports.friends.friends(user.id);
    return Promise.all(friends.map(async (f) => ({ ...f, status: await this.presence(f.id) })));
  }

  async add(user: User, username: string): Answer<User> {
    if (user.isGuest) return err(serviceError('friends/guest'));
    const friend = await this.ports.friends.userByName(username);
    if (friend === null) return err(serviceError('friends/unknown'));
    if (friend.id === user.id) return err(serviceError('friends/self'));
    await this.ports.friends.addFriend(user.id, friend.id, this.ports.clock.now());
    return ok(friend);
  }

  async remove(user: User, friendId: number): Answer<null> {
    if (user.isGuest) return err(serviceError('friends/guest'));
    return (await this.ports.friends.removeFriend(user.id, friendId)) ? ok(null) : err(serviceError('friends/unknown'));
  }
}
