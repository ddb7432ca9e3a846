import { err, ok, type Result } from '@palace/core';
import { AVATAR_URL_MAX, DEFAULT_PREFERENCES, initialsAvatar, type Preferences } from '@palace/protocol';
import type { Clock, IdSource } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { PasswordHasher, User } from './account-ports.js';
import { checkPassword } from './auth-service.js';

/** What the settings page changes (docs/api.md "Settings"). Each method is one transaction. */
export interface SettingsStore {
  /** What `userId` saved (perhaps only some preferences), or null when they never saved any. */
  preferences(userId: number): Promise<Partial<Preferences> | null>;
  /** Replaces the saved preferences of `userId`; `at` in ms since the epoch. */
  savePreferences(userId: number, preferences: Preferences, at: number): Promise<void>;
  /** Sets the avatar of `userId`; the user as it is then, or null when there is no such user. */
  setAvatar(userId: number, avatar: string): Promise<User | null>;
  /** The stored password hash of `userId`, or null (guests, bots, deleted accounts have none). */
  passwordHash(userId: number): Promise<string | null>;
  /** Stores the new hash and deletes every session of `userId` except the one whose hash is `keepSession`. */
  changePassword(userId: number, passwordHash: string, keepSession: string): Promise<void>;
  /**
   * Anonymises `userId` and its bots, all at once or not at all: the username becomes
   * `deleted-<id>` (the old name is free again), e-mail, password, avatar, preferences, sessions,
   * friends, notifications (sent or received), presence, ratings, bot tokens and support/waitlist
   * messages go; ledger rows and the balance stay (balances still sum to zero) and the account is
   * marked deleted (off every leaderboard and friend search). Refused, changing nothing, while
   * `userId` holds a seat in a main game that is waiting, being set up or in play. Answers the ids
   * anonymised, the user's first.
   */
  deleteAccount(userId: number, at: number): Promise<Result<readonly number[], 'settings/game_in_play'>>;
}

export interface SettingsPorts {
  readonly settings: SettingsStore;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdSource;
}

export interface PasswordChange {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export interface AccountDeletion {
  readonly password: string;
  /** Must be the username exactly. */
  readonly confirmation: string;
}

type Answer<T> = Promise<Result<T, ServiceError>>;

/** Where a good avatar address starts (an image on the web; no `javascript:` or `data:`). */
const AVATAR_ADDRESS = /^https?:\/\/[^\s"'<>\\]+$/i;

/**
 * The settings of a registered player (docs/product.md §D11 "Settings", docs/api.md "Settings"):
 * preferences, avatar, password change and account deletion. Guests and bots are refused
 * (`settings/registered_only`); the caller has checked the session.
 */
export class SettingsService {
  constructor(private readonly ports: SettingsPorts) {}

  /** The saved preferences over the defaults. */
  async preferences(user: User): Answer<Preferences> {
    const allowed = registered(user);
    if (!allowed.ok) return allowed;
    return ok(merged(await this.ports.settings.preferences(user.id)));
  }

  /** Applies `change` (some preferences) and answers all of them after it. */
  async updatePreferences(user: User, change: Partial<Preferences>): Answer<Preferences> {
    const allowed = registered(user);
    if (!allowed.ok) return allowed;
    const next = merged({ ...merged(await this.ports.settings.preferences(user.id)), ...change });
    await this.ports.settings.savePreferences(user.id, next, this.ports.clock.now());
    return ok(next);
  }

  /** An http(s) image address, or `''` for the generated initials avatar. */
  async setAvatar(user: User, avatar: string): Answer<User> {
    const allowed = registered(user);
    if (!allowed.ok) return allowed;
    const address = avatar.trim();
    if (address !== '' && (address.length > AVATAR_URL_MAX || !AVATAR_ADDRESS.test(address))) {
      return err(serviceError('settings/avatar_invalid'));
    }
    const updated = await this.ports.settings.setAvatar(user.id, address || initialsAvatar(user.username));
    return updated === null ? err(serviceError('auth/not_signed_in')) : ok(updated);
  }

  /**
   * Changes the password of `user`, who sent `token` (their session stays; every other session of
   * theirs ends: the caller closes their sockets). The new password follows the registration rules.
   */
  async changePassword(user: User, token: string, input: PasswordChange): Answer<null> {
    const allowed = registered(user);
    if (!allowed.ok) return allowed;
    const checked = checkPassword(input.newPassword);
    if (!checked.ok) return checked;
    if (input.confirmPassword !== input.newPassword) return err(serviceError('auth/password_mismatch'));
    const verified = await this.verify(user, input.currentPassword);
    if (!verified.ok) return verified;
    const hash = await this.ports.hasher.hash(input.newPassword);
    await this.ports.settings.changePassword(user.id, hash, this.ports.ids.digest(token));
    return ok(null);
  }

  /**
   * Deletes (anonymises) the account of `user` and its bots; refused while they hold a seat in a
   * game in play. Answers the ids whose sockets the caller must close.
   */
  async deleteAccount(user: User, input: AccountDeletion): Answer<readonly number[]> {
    const allowed = registered(user);
    if (!allowed.ok) return allowed;
    if (input.confirmation !== user.username) return err(serviceError('settings/confirmation'));
    const verified = await this.verify(user, input.password);
    if (!verified.ok) return verified;
    const deleted = await this.ports.settings.deleteAccount(user.id, this.ports.clock.now());
    return deleted.ok ? deleted : err(serviceError(deleted.error));
  }

  private async verify(user: User, password: string): Answer<null> {
    const stored = await this.ports.settings.passwordHash(user.id);
    const right = stored !== null && (await this.ports.hasher.verify(password, stored));
    return right ? ok(null) : err(serviceError('settings/wrong_password'));
  }
}

/** Settings are for registered players: not guests, not bots. */
function registered(user: User): Result<null, ServiceError> {
  return user.isGuest || user.isBot ? err(serviceError('settings/registered_only')) : ok(null);
}

/** The known preferences of `saved` over the defaults (anything else once stored is dropped). */
function merged(saved: Partial<Preferences> | null): Preferences {
  const all = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(DEFAULT_PREFERENCES) as Array<keyof Preferences>) {
    const value = saved?.[key];
    if (typeof value === 'boolean') all[key] = value;
  }
  return all;
}
