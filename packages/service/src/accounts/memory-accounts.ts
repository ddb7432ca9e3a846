import { err, ok, type Result } from '@palace/core';
import type { AccountsStore, FriendsStore, NewAccount, RegisterRefusal, User } from './account-ports.js';
import { MEMORY_HOUSE, MemoryBank } from './memory-tokens.js';

interface Row {
  readonly user: User;
  readonly passwordHash: string;
}

/**
 * The accounts port in memory, for tests. It enforces what the real store enforces: unique
 * usernames (case-insensitively) and e-mails, one use of an invite per registration, all or none.
 */
export class MemoryAccountsStore implements AccountsStore, FriendsStore {
  private readonly users = new Map<number, Row>();
  private readonly invites = new Map<string, number>();
  private readonly sessions = new Map<string, { userId: number; expiresAt: number }>();
  private readonly friendships = new Set<string>();
  /** When each guest was created, in ms since the epoch. */
  private readonly guestsCreated = new Map<number, number>();
  private nextId = 1;
  private nextGuest = -1;

  /** `bank`: where the registration gift is booked (share it with the games store). */
  constructor(readonly bank: MemoryBank = new MemoryBank()) {}

  async register(account: NewAccount): Promise<Result<User, RegisterRefusal>> {
    const uses = this.invites.get(account.inviteCode) ?? 0;
    if (uses <= 0) return err('auth/invite_required');
    for (const { user } of this.users.values()) {
      if (!user.isGuest && user.username.toLowerCase() === account.username.toLowerCase()) {
        return err('auth/username_taken');
      }
      if (user.email === account.email) return err('auth/email_taken');
    }
    const user: User = {
      id: this.nextId++,
      username: account.username,
      email: account.email,
      avatar: account.avatar,
      isGuest: false,
      isBot: false,
    };
    this.invites.set(account.inviteCode, uses - 1);
    this.users.set(user.id, { user, passwordHash: account.passwordHash });
    this.bank.users.set(user.id, user);
    this.bank.post([{ from: MEMORY_HOUSE, to: user.id, amount: account.gift, kind: 'gift', gameId: null }], account.at);
    return ok(user);
  }

  async createGuest(username: string, at: number): Promise<User> {
    const user: User = { id: this.nextGuest--, username, email: null, avatar: null, isGuest: true, isBot: false };
    this.guestsCreated.set(user.id, at);
    this.users.set(user.id, { user, passwordHash: '' });
    this.bank.users.set(user.id, user);
    return user;
  }

  async credentials(login: string): Promise<Row | null> {
    for (const row of this.users.values()) {
      const { user } = row;
      if (user.isGuest || user.isBot) continue;
      if (user.email === login || user.username.toLowerCase() === login.toLowerCase()) return row;
    }
    return null;
  }

  /**
   * Adds a bot user (no e-mail, no password, no gift) for `MemoryBotsStore`; null when the name
   * is taken (case-insensitively, by any registered user or bot).
   */
  addBot(username: string, avatar: string): User | null {
    const key = username.toLowerCase();
    for (const { user } of this.users.values()) if (!user.isGuest && user.username.toLowerCase() === key) return null;
    const user: User = { id: this.nextId++, username, email: null, avatar, isGuest: false, isBot: true };
    this.users.set(user.id, { user, passwordHash: '' });
    this.bank.users.set(user.id, user);
    return user;
  }

  async user(id: number): Promise<User | null> {
    return this.users.get(id)?.user ?? null;
  }

  async addInvite(code: string, uses: number): Promise<boolean> {
    if (this.invites.has(code)) return false;
    this.invites.set(code, uses);
    return true;
  }

  async createSession(tokenHash: string, userId: number, _at: number, expiresAt: number): Promise<void> {
    this.sessions.set(tokenHash, { userId, expiresAt });
  }

  async session(tokenHash: string, now: number, extendTo: number): Promise<User | null> {
    const session = this.sessions.get(tokenHash);
    if (session === undefined) return null;
    if (session.expiresAt <= now) {
      this.sessions.delete(tokenHash);
      return null;
    }
    session.expiresAt = extendTo;
    return this.users.get(session.userId)?.user ?? null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.sessions.delete(tokenHash);
  }

  async purgeGuests(cutoff: {
    readonly createdBefore: number;
    readonly sessionsEndingBefore: number;
  }): Promise<number> {
    let purged = 0;
    for (const [id, createdAt] of this.guestsCreated) {
      if (createdAt >= cutoff.createdBefore || this.bank.holdsPrize(id)) continue;
      if (this.bank.rows.some((row) => row.userId === id)) continue;
      const sessions = [...this.sessions].filter(([, session]) => session.userId === id);
      if (sessions.some(([, session]) => session.expiresAt >= cutoff.sessionsEndingBefore)) continue;
      for (const [hash] of sessions) this.sessions.delete(hash);
      for (const pair of [...this.friendships])
        if (pair.split(':').map(Number).includes(id)) this.friendships.delete(pair);
      this.users.delete(id);
      this.guestsCreated.delete(id);
      this.bank.forgetGuest(id);
      purged++;
    }
    return purged;
  }

  /** How many users (guests included) are stored (tests check the purge). */
  get userCount(): number {
    return this.users.size;
  }

  /** Stored session hashes (tests check no token is kept in the clear). */
  sessionHashes(): string[] {
    return [...this.sessions.keys()];
  }

  /** The password hash of `userId`, or null (MemorySettingsStore; guests and bots have none). */
  passwordHashOf(userId: number): string | null {
    const row = this.users.get(userId);
    return row === undefined || row.passwordHash === '' ? null : row.passwordHash;
  }

  /** Changes a stored user's avatar or password hash (MemorySettingsStore); the user after, or null. */
  updateUser(userId: number, change: { readonly avatar?: string | null; readonly passwordHash?: string }): User | null {
    const row = this.users.get(userId);
    if (row === undefined) return null;
    const user: User = change.avatar === undefined ? row.user : { ...row.user, avatar: change.avatar };
    this.users.set(userId, { user, passwordHash: change.passwordHash ?? row.passwordHash });
    this.bank.users.set(userId, user);
    return user;
  }

  /** Deletes the sessions of `userId`, except the one stored under `keep` (a token hash). */
  endSessions(userId: number, keep?: string): void {
    for (const [hash, session] of [...this.sessions]) {
      if (session.userId === userId && hash !== keep) this.sessions.delete(hash);
    }
  }

  /**
   * Anonymises `userId` (MemorySettingsStore): named `deleted-<id>`, no e-mail, password or avatar,
   * no session or friend, off the leaderboard; its ledger rows stay with the bank.
   */
  anonymise(userId: number): void {
    const row = this.users.get(userId);
    if (row === undefined) return;
    this.users.set(userId, {
      user: { ...row.user, username: `deleted-${userId}`, email: null, avatar: null },
      passwordHash: '',
    });
    this.endSessions(userId);
    for (const pair of [...this.friendships])
      if (pair.split(':').map(Number).includes(userId)) this.friendships.delete(pair);
    this.bank.users.delete(userId);
  }

  async userByName(username: string): Promise<User | null> {
    const key = username.trim().toLowerCase();
    for (const { user } of this.users.values()) {
      if (!user.isGuest && user.username.toLowerCase() === key) return user;
    }
    return null;
  }

  async addFriend(userId: number, friendId: number): Promise<void> {
    this.friendships.add(`${userId}:${friendId}`);
    this.friendships.add(`${friendId}:${userId}`);
  }

  async removeFriend(userId: number, friendId: number): Promise<boolean> {
    const had = this.friendships.delete(`${userId}:${friendId}`);
    return this.friendships.delete(`${friendId}:${userId}`) || had;
  }

  async friends(userId: number): Promise<User[]> {
    const found: User[] = [];
    for (const pair of this.friendships) {
      const [a, b] = pair.split(':').map(Number);
      const friend = a === userId && b !== undefined ? this.users.get(b)?.user : undefined;
      if (friend !== undefined) found.push(friend);
    }
    return found.sort((x, y) => x.username.localeCompare(y.username));
  }
}
