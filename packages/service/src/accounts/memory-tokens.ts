import { err, ok, type Result } from '@palace/core';
import type { Effects, Posting, PostingKind } from '../ports.js';
import {
  CLAIM_WINDOW_MS,
  type ClaimRefusal,
  type Leader,
  type LeaderOrder,
  type LedgerLine,
  type TokensStore,
  type User,
} from './account-ports.js';

/** The house account (the other side of gifts, fees and prizes). */
export const MEMORY_HOUSE = 0;

interface Row extends LedgerLine {
  readonly userId: number;
}

/**
 * Tokens in memory, for tests: a double-entry ledger with balances, results, held guest prizes and
 * guest links. Shared by `MemoryAccountsStore` (the gift) and `MemoryGamesStore` (game effects),
 * so a test sees one set of books. Postings are all or nothing, like the real store's transaction.
 */
export class MemoryBank implements TokensStore {
  readonly rows: Row[] = [];
  private readonly balances = new Map<number, number>();
  private readonly results: Array<{ gameId: string; kind: string; userId: number; won: boolean; at: number }> = [];
  private readonly held = new Map<string, { guestId: number; amount: number; claimedBy: number | null; at: number }>();
  private readonly links = new Map<number, number>();
  /** Names for the leaderboard (set by the accounts store). */
  readonly users = new Map<number, User>();

  async balance(userId: number): Promise<number> {
    return this.balances.get(userId) ?? 0;
  }

  /** False (and nothing booked) when a player's debit is not covered. */
  post(postings: readonly Posting[], at: number): boolean {
    const after = new Map(this.balances);
    for (const p of postings) {
      const from = (after.get(p.from) ?? 0) - p.amount;
      if (from < 0 && p.from !== MEMORY_HOUSE) return false;
      after.set(p.from, from);
      after.set(p.to, (after.get(p.to) ?? 0) + p.amount);
    }
    for (const [id, value] of after) this.balances.set(id, value);
    for (const p of postings) {
      this.line(p.from, -p.amount, p.kind, p.gameId, at);
      this.line(p.to, p.amount, p.kind, p.gameId, at);
    }
    return true;
  }

  /** Applies a game write's effects; false when a posting is not covered (then nothing changes). */
  apply(game: { readonly id: string; readonly kind: string; readonly updatedAt: number }, effects?: Effects): boolean {
    if (effects === undefined) return true;
    if (effects.held != null && this.held.has(game.id)) throw new Error(`prize of ${game.id} held twice`);
    if (!this.post(effects.postings ?? [], game.updatedAt)) return false;
    for (const r of effects.results ?? []) {
      this.results.push({ gameId: game.id, kind: game.kind, userId: r.userId, won: r.won, at: game.updatedAt });
    }
    if (effects.held != null) this.held.set(game.id, { ...effects.held, claimedBy: null, at: game.updatedAt });
    return true;
  }

  /** Whether `guestId` won a prize held here (claimed or not): such a guest is never purged. */
  holdsPrize(guestId: number): boolean {
    for (const held of this.held.values()) if (held.guestId === guestId) return true;
    return false;
  }

  /** Forgets a purged guest's results and link (the memory twin of the store's purge). */
  forgetGuest(guestId: number): void {
    for (let i = this.results.length - 1; i >= 0; i--)
      if (this.results[i]?.userId === guestId) this.results.splice(i, 1);
    this.links.delete(guestId);
    this.users.delete(guestId);
  }

  /** Result rows of `kind` for `userId`, newest first. */
  resultsOf(kind: string, userId: number): Array<{ gameId: string; won: boolean }> {
    return this.results.filter((r) => r.kind === kind && r.userId === userId).reverse();
  }

  async history(userId: number, limit: number): Promise<LedgerLine[]> {
    return this.rows
      .filter((r) => r.userId === userId)
      .reverse()
      .slice(0, limit)
      .map(({ userId: _, ...line }) => line);
  }

  async stats(userId: number): Promise<{ wins: number; gamesPlayed: number }> {
    const mine = this.results.filter((r) => r.userId === userId);
    return { wins: mine.filter((r) => r.won).length, gamesPlayed: mine.length };
  }

  async leaderboard(order: LeaderOrder, limit: number): Promise<Leader[]> {
    const leaders: Leader[] = [];
    for (const user of this.users.values()) {
      // Bots hold no tokens (docs/bots.md): the token leaderboard is the players'.
      if (user.isGuest || user.isBot) continue;
      const { wins, gamesPlayed } = await this.stats(user.id);
      leaders.push({
        id: user.id,
        username: user.username,
        avatar: user.avatar,
        balance: this.balances.get(user.id) ?? 0,
        wins,
        gamesPlayed,
      });
    }
    const key = (l: Leader) => (order === 'wins' ? [l.wins, l.balance] : [l.balance, l.wins]) as [number, number];
    return leaders
      .sort((a, b) => {
        const [a1, a2] = key(a);
        const [b1, b2] = key(b);
        return b1 - a1 || b2 - a2 || a.id - b.id;
      })
      .slice(0, limit);
  }

  async adoptGuest(guestId: number, userId: number): Promise<void> {
    if (!this.links.has(guestId)) this.links.set(guestId, userId);
  }

  async claimPrize(gameId: string, guestId: number, userId: number, at: number): Promise<Result<number, ClaimRefusal>> {
    const held = this.held.get(gameId);
    if (held === undefined || held.guestId !== guestId) return err('prize/none');
    if (this.links.get(guestId) !== userId) return err('prize/not_yours');
    if (held.claimedBy !== null) return err('prize/claimed');
    if (at - held.at > CLAIM_WINDOW_MS) return err('prize/expired');
    for (const other of this.held.values()) {
      if (other.claimedBy === userId && other.guestId !== guestId) return err('prize/other_guest');
    }
    held.claimedBy = userId;
    this.post([{ from: MEMORY_HOUSE, to: userId, amount: held.amount, kind: 'claim', gameId }], at);
    return ok(held.amount);
  }

  private line(userId: number, amount: number, kind: PostingKind, gameId: string | null, at: number): void {
    this.rows.push({ id: this.rows.length + 1, userId, amount, kind, gameId, at });
  }
}
