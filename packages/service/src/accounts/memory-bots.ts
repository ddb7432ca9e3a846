import { err, ok, type Result } from '@palace/core';
import type { User } from './account-ports.js';
import type { Bot, BotRefusal, BotsStore, NewBot } from './bots.js';
import type { MemoryAccountsStore } from './memory-accounts.js';

interface Row {
  readonly ownerId: number;
  readonly createdAt: number;
  tokenHash: string | null;
  tokenCreatedAt: number | null;
}

/** The bots port in memory, for tests: bot users live in `accounts` (so sessions and lookups see them). */
export class MemoryBotsStore implements BotsStore {
  private readonly rows = new Map<number, Row>();

  constructor(private readonly accounts: MemoryAccountsStore) {}

  async create(bot: NewBot): Promise<Result<Bot, BotRefusal>> {
    if ((await this.bots(bot.ownerId)).length >= bot.limit) return err('bots/limit');
    const user = this.accounts.addBot(bot.username, bot.avatar);
    if (user === null) return err('auth/username_taken');
    this.rows.set(user.id, {
      ownerId: bot.ownerId,
      createdAt: bot.at,
      tokenHash: bot.tokenHash,
      tokenCreatedAt: bot.at,
    });
    return ok(await this.shown(user.id));
  }

  async bots(ownerId: number): Promise<Bot[]> {
    const ids = [...this.rows].filter(([, row]) => row.ownerId === ownerId).map(([id]) => id);
    return Promise.all(ids.sort((a, b) => a - b).map((id) => this.shown(id)));
  }

  async setToken(ownerId: number, botId: number, tokenHash: string | null, at: number): Promise<Bot | null> {
    const row = this.rows.get(botId);
    if (row === undefined || row.ownerId !== ownerId) return null;
    row.tokenHash = tokenHash;
    row.tokenCreatedAt = tokenHash === null ? null : at;
    return this.shown(botId);
  }

  async botByToken(tokenHash: string): Promise<User | null> {
    for (const [id, row] of this.rows) if (row.tokenHash === tokenHash) return this.accounts.user(id);
    return null;
  }

  /** Stored token hashes (tests check no token is kept in the clear). */
  tokenHashes(): string[] {
    return [...this.rows.values()].flatMap((row) => (row.tokenHash === null ? [] : [row.tokenHash]));
  }

  private async shown(id: number): Promise<Bot> {
    const user = await this.accounts.user(id);
    const row = this.rows.get(id);
    if (user === null || row === undefined) throw new Error(`bot ${id} is missing`);
    const { username, avatar } = user;
    return { id, username, avatar, createdAt: row.createdAt, tokenCreatedAt: row.tokenCreatedAt };
  }
}
