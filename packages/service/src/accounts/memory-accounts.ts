import { err, ok, type Result } from '@palace/core';
import type { AccountsStore, NewAccount, RegisterRefusal, User } from './account-ports.js';

interface Row {
  readonly user: User;
  readonly passwordHash: string;
}

/** One booked token movement (the real store keeps a full ledger; see the storage adapter). */
export interface MemoryLedgerEntry {
  readonly userId: number;
  readonly amount: number;
  readonly kind: string;
  readonly at: number;
}

/**
 * The accounts port in memory, for tests. It enforces what the real store enforces: unique
 * usernames (case-insensitively) and e-mails, one use of an invite per registration, all or none.
 */
export class MemoryAccountsStore implements AccountsStore {
  private readonly users = new Map<number, Row>();
  private readonly invites = new Map<string, number>();
  private readonly sessions = new Map<string, { userId: number; expiresAt: number }>();
  readonly ledger: MemoryLedgerEntry[] = [];
  private nextId = 1;
  private nextGuest = -1;

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
    };
    this.invites.set(account.inviteCode, uses - 1);
    this.users.set(user.id, { user, passwordHash: account.passwordHash });
    this.ledger.push({ userId: user.id, amount: account.gift, kind: 'gift', at: account.at });
    return ok(user);
  }

  async createGuest(username: string): Promise<User> {
    const user: User = { id: this.nextGuest--, username, email: null, avatar: null, isGuest: true };
    this.users.set(user.id, { user, passwordHash: '' });
    return user;
  }

  async credentials(login: string): Promise<Row | null> {
    for (const row of this.users.values()) {
      const { user } = row;
      if (user.isGuest) continue;
      if (user.email === login || user.username.toLowerCase() === login.toLowerCase()) return row;
    }
    return null;
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

  /** Stored session hashes (tests check no token is kept in the clear). */
  sessionHashes(): string[] {
    return [...this.sessions.keys()];
  }
}
