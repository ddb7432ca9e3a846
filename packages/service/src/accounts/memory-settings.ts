import { err, ok, type Result } from '@palace/core';
import type { Preferences } from '@palace/protocol';
import { MAIN_KIND } from '../main-game/main-games.js';
import type { GamesStore } from '../ports.js';
import { userSeatId } from '../seat-proofs.js';
import type { User } from './account-ports.js';
import type { BotsStore } from './bots.js';
import type { MemoryAccountsStore } from './memory-accounts.js';
import type { SettingsStore } from './settings.js';

/** The settings port in memory, for tests: over a `MemoryAccountsStore` and the games store. */
export class MemorySettingsStore implements SettingsStore {
  private readonly saved = new Map<number, Preferences>();

  constructor(
    private readonly accounts: MemoryAccountsStore,
    private readonly games: GamesStore,
    /** The user's bots, deleted with them (their tokens revoked). */
    private readonly bots?: BotsStore,
  ) {}

  async preferences(userId: number): Promise<Partial<Preferences> | null> {
    return this.saved.get(userId) ?? null;
  }

  async savePreferences(userId: number, preferences: Preferences): Promise<void> {
    this.saved.set(userId, { ...preferences });
  }

  async setAvatar(userId: number, avatar: string): Promise<User | null> {
    return this.accounts.updateUser(userId, { avatar });
  }

  async passwordHash(userId: number): Promise<string | null> {
    return this.accounts.passwordHashOf(userId);
  }

  async changePassword(userId: number, passwordHash: string, keepSession: string): Promise<void> {
    this.accounts.updateUser(userId, { passwordHash });
    this.accounts.endSessions(userId, keepSession);
  }

  private async hasGameInPlay(userId: number): Promise<boolean> {
    for (const { id } of await this.games.unfinished(MAIN_KIND)) {
      const game = await this.games.load(id, { entries: false });
      if (game?.state.seats.some((seat) => seat.id === userSeatId({ id: userId }))) return true;
    }
    return false;
  }

  async deleteAccount(userId: number, at: number): Promise<Result<readonly number[], 'settings/game_in_play'>> {
    if (await this.hasGameInPlay(userId)) return err('settings/game_in_play');
    this.saved.delete(userId);
    const deleted = [userId];
    for (const bot of (await this.bots?.bots(userId)) ?? []) {
      await this.bots?.setToken(userId, bot.id, null, at);
      this.accounts.anonymise(bot.id);
      deleted.push(bot.id);
    }
    this.accounts.anonymise(userId);
    return ok(deleted);
  }
}
