import type { Result } from '@palace/core';
import type { PostingKind } from '../ports.js';

/** A player. Guests have negative ids (docs/product.md §D5); `isGuest` is `id < 0`. */
export interface User {
  readonly id: number;
  readonly username: string;
  /** Null for guests. */
  readonly email: string | null;
  /** An image address, or null. */
  readonly avatar: string | null;
  readonly isGuest: boolean;
  /** A bot account (docs/bots.md): a registered user that a player owns and signs in by token. */
  readonly isBot: boolean;
}

/** A registration as the store must apply it: all of it, in one transaction, or nothing. */
export interface NewAccount {
  readonly username: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly avatar: string;
  /** Consumed (one use) in the same transaction; registration needs a valid unused code. */
  readonly inviteCode: string;
  /** Tokens credited by the registration gift ledger entry. */
  readonly gift: number;
  /** ms since the epoch. */
  readonly at: number;
}

export type RegisterRefusal = 'auth/username_taken' | 'auth/email_taken' | 'auth/invite_required';

/**
 * Where accounts, sessions and invite codes live. Each method is one transaction; uniqueness
 * (usernames case-insensitively, e-mails) is the store's to enforce, so two racing registrations
 * of one name cannot both succeed.
 */
export interface AccountsStore {
  /** Creates the user, uses up one use of the invite and books the gift, atomically. */
  register(account: NewAccount): Promise<Result<User, RegisterRefusal>>;
  /** Creates a guest with a fresh negative id. */
  createGuest(username: string, at: number): Promise<User>;
  /** The user whose username (case-insensitively) or e-mail is `login`, with the password hash. */
  credentials(login: string): Promise<{ readonly user: User; readonly passwordHash: string } | null>;
  user(id: number): Promise<User | null>;
  /** Adds an invite code good for `uses` registrations; false when the code exists. */
  addInvite(code: string, uses: number, at: number): Promise<boolean>;
  /** Stores a session by the hash of its token; `at` and `expiresAt` in ms since the epoch. */
  createSession(tokenHash: string, userId: number, at: number, expiresAt: number): Promise<void>;
  /**
   * The session's user if the session exists and has not expired at `now`; its expiry then moves
   * to `extendTo` (sessions expire after a period of idleness). Expired sessions are removed.
   */
  session(tokenHash: string, now: number, extendTo: number): Promise<User | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * Deletes the guests created before `createdBefore` that have no session expiring at or after
   * `sessionsEndingBefore` (none used lately), hold no prize (a claimed one stays, with its guest,
   * as the ledger's trail) and have no ledger row, with their sessions, presence, friend, result
   * and guest-link rows; a support message they sent keeps its text without the sender. In batches,
   * each one transaction. Answers how many guests were deleted.
   */
  purgeGuests(cutoff: { readonly createdBefore: number; readonly sessionsEndingBefore: number }): Promise<number>;
}

/** Slow, salted password hashing. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false for a malformed stored hash. */
  verify(password: string, stored: string): Promise<boolean>;
}

/** One of a player's token movements, as their history shows it. */
export interface LedgerLine {
  readonly id: number;
  readonly kind: PostingKind;
  /** Positive for a credit, negative for a debit. */
  readonly amount: number;
  readonly gameId: string | null;
  /** ms since the epoch. */
  readonly at: number;
}

/** A registered player on the leaderboard. */
export interface Leader {
  readonly id: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly balance: number;
  readonly wins: number;
  readonly gamesPlayed: number;
}

export type LeaderOrder = 'balance' | 'wins';

export type ClaimRefusal = 'prize/none' | 'prize/not_yours' | 'prize/claimed' | 'prize/expired' | 'prize/other_guest';

/** How long a guest's prize waits for its claim (docs/product.md §D12 pot). */
export const CLAIM_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Balances, the ledger and held guest prizes. Every write is one transaction; the store enforces
 * that a prize is claimed once, within `CLAIM_WINDOW_MS` of the game's end, by an account that
 * played as the winning guest, and that an account claims the prizes of one guest only
 * (docs/product.md §D12 pot).
 */
export interface TokensStore {
  balance(userId: number): Promise<number>;
  /** Newest first. */
  history(userId: number, limit: number): Promise<readonly LedgerLine[]>;
  /** Registered players only (no guest, no bot), best first (ties by id). */
  leaderboard(order: LeaderOrder, limit: number): Promise<readonly Leader[]>;
  /** Wins and finished games of one player. */
  stats(userId: number): Promise<{ readonly wins: number; readonly gamesPlayed: number }>;
  /** Records that the account `userId` took over guest `guestId` (the first link stays). */
  adoptGuest(guestId: number, userId: number, at: number): Promise<void>;
  /** Pays a held prize of `gameId` won by `guestId` to `userId`, once; the amount paid. */
  claimPrize(gameId: string, guestId: number, userId: number, at: number): Promise<Result<number, ClaimRefusal>>;
}

/** Friend lists (one row per direction; adding stores both). */
export interface FriendsStore {
  /** A registered user by username, case-insensitively. */
  userByName(username: string): Promise<User | null>;
  addFriend(userId: number, friendId: number, at: number): Promise<void>;
  /** False when they were not friends. */
  removeFriend(userId: number, friendId: number): Promise<boolean>;
  friends(userId: number): Promise<readonly User[]>;
}
