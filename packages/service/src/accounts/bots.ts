import { err, ok, type Result } from '@palace/core';
import { BOT_TOKEN_PREFIX, initialsAvatar } from '@palace/protocol';
import type { Clock, IdSource } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { User } from './account-ports.js';
import { checkUsername } from './auth-service.js';

/** Bots one registered player may own (docs/bots.md). */
export const BOTS_PER_OWNER = 3;

/** A bot account as its owner sees it. Times in ms since the epoch. */
export interface Bot {
  readonly id: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly createdAt: number;
  /** When its current token was made; null when it has none (revoked). */
  readonly tokenCreatedAt: number | null;
}

/** A bot as the store must create it: the user row, its owner and its first token's hash, at once. */
export interface NewBot {
  readonly ownerId: number;
  readonly username: string;
  readonly avatar: string;
  readonly tokenHash: string;
  /** ms since the epoch. */
  readonly at: number;
  /** Refused with `bots/limit` when the owner has this many bots already. */
  readonly limit: number;
}

export type BotRefusal = 'bots/limit' | 'auth/username_taken';

/**
 * Where bot accounts and their tokens live. A bot is a user (positive id, no e-mail, no password,
 * no gift) with its owner's id; it has at most one token, stored by its hash only. Each method is
 * one transaction; the store enforces the owner's limit and unique usernames (case-insensitively,
 * against every user), so racing requests cannot pass either.
 */
export interface BotsStore {
  create(bot: NewBot): Promise<Result<Bot, BotRefusal>>;
  /** The owner's bots, oldest first. */
  bots(ownerId: number): Promise<readonly Bot[]>;
  /**
   * Gives `ownerId`'s bot `botId` the token hashed `tokenHash` (replacing any), or none when
   * null; answers the bot after, or null when it is not a bot of that owner.
   */
  setToken(ownerId: number, botId: number, tokenHash: string | null, at: number): Promise<Bot | null>;
  /** The bot whose current token hashes to `tokenHash`, or null. */
  botByToken(tokenHash: string): Promise<User | null>;
}

export interface BotsPorts {
  readonly bots: BotsStore;
  readonly clock: Clock;
  readonly ids: IdSource;
}

/** A bot with its token, shown to the owner once (only the hash is kept). */
export interface BotWithToken {
  readonly bot: Bot;
  readonly token: string;
}

type Answer<T> = Promise<Result<T, ServiceError>>;

/**
 * Bot accounts (docs/bots.md): a registered player creates up to `BOTS_PER_OWNER`, each signing
 * in to the socket with a secret token (256 random bits, its sha-256 stored) that the owner can
 * replace or revoke. Closing a bot's live sockets on a new token or a revocation is the caller's
 * (it holds the connections).
 */
export class BotsService {
  constructor(private readonly ports: BotsPorts) {}

  async list(owner: User): Answer<readonly Bot[]> {
    if (!mayOwn(owner)) return err(serviceError('bots/owner_only'));
    return ok(await this.ports.bots.bots(owner.id));
  }

  /** A new bot named `username` (the registration's rules) with its first token. */
  async create(owner: User, name: string): Answer<BotWithToken> {
    if (!mayOwn(owner)) return err(serviceError('bots/owner_only'));
    const username = name.trim();
    const checked = checkUsername(username);
    if (!checked.ok) return checked;
    const token = `${BOT_TOKEN_PREFIX}${this.ports.ids.token()}`;
    const created = await this.ports.bots.create({
      ownerId: owner.id,
      username,
      avatar: initialsAvatar(username),
      tokenHash: this.ports.ids.digest(token),
      at: this.ports.clock.now(),
      limit: BOTS_PER_OWNER,
    });
    return created.ok ? ok({ bot: created.value, token }) : err(serviceError(created.error));
  }

  /** A new token for the owner's bot `botId`; the old one stops working at once. */
  async newToken(owner: User, botId: number): Answer<BotWithToken> {
    if (!mayOwn(owner)) return err(serviceError('bots/owner_only'));
    const token = `${BOT_TOKEN_PREFIX}${this.ports.ids.token()}`;
    const bot = await this.ports.bots.setToken(owner.id, botId, this.ports.ids.digest(token), this.ports.clock.now());
    return bot === null ? err(serviceError('bots/not_found')) : ok({ bot, token });
  }

  /** Revokes the owner's bot's token: the bot cannot sign in until it gets a new one. */
  async revoke(owner: User, botId: number): Answer<Bot> {
    if (!mayOwn(owner)) return err(serviceError('bots/owner_only'));
    const bot = await this.ports.bots.setToken(owner.id, botId, null, this.ports.clock.now());
    return bot === null ? err(serviceError('bots/not_found')) : ok(bot);
  }

  /** The bot signing in with `token` (a socket's `Authorization: Bearer` header), or null. */
  async authenticate(token: string): Promise<User | null> {
    if (token === '') return null;
    return this.ports.bots.botByToken(this.ports.ids.digest(token));
  }
}

/** Only registered players own bots: not guests, not bots. */
function mayOwn(user: User): boolean {
  return !user.isGuest && !user.isBot;
}
