import { err, ok, type Result } from '@palace/core';
import { initialsAvatar } from '@palace/protocol';
import type { Clock, IdSource } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { AccountsStore, PasswordHasher, TokensStore, User } from './account-ports.js';

/** Tokens every new account gets (docs/product.md §P1.9). */
export const REGISTRATION_GIFT = 100;
/** Sessions end after this long without use, in ms (docs/product.md §D5: 30 days idle). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A guest unseen this long is deleted unless a prize of theirs waits for a claim (docs/product.md §D12). */
export const GUEST_UNSEEN_MS = 30 * 24 * 60 * 60 * 1000;
/** How often the server purges unseen guests, in ms. */
export const GUEST_PURGE_MS = 60 * 60 * 1000;
const USERNAME_MIN = 3;
const USERNAME_MAX = 30;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 200;
/** Fresh codes tried before giving up (a collision of 10 random characters is already rare). */
const INVITE_ATTEMPTS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegisterInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** Optional; checked when given. */
  readonly confirmPassword?: string | undefined;
  readonly avatar?: string | undefined;
  readonly inviteCode?: string | undefined;
}

/** A signed-in user and the session token to hand to the browser (only its hash is stored). */
export interface Signed {
  readonly user: User;
  readonly token: string;
}

export interface AuthPorts {
  readonly accounts: AccountsStore;
  /** Guest identities carried into accounts (so a guest's prize can be claimed). */
  readonly tokens: TokensStore;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdSource;
}

type Answer<T> = Promise<Result<T, ServiceError>>;

/**
 * Accounts and sessions (docs/product.md §P1.4–§P1.8, §D5): invite-only registration with the
 * registration gift, login by username or e-mail, guests, and server-side sessions.
 */
export class AuthService {
  /** Hashed once, so an unknown user costs a login as much time as a wrong password. */
  private decoy: Promise<string> | null = null;

  constructor(private readonly ports: AuthPorts) {}

  /**
   * Registers and signs in. `previous` is the token of the session the request came with: a guest
   * session is carried into the new account (its prizes become claimable) and then closed.
   */
  async register(input: RegisterInput, previous?: string): Answer<Signed> {
    const username = input.username.trim();
    const email = input.email.trim().toLowerCase();
    const named = checkUsername(username);
    if (!named.ok) return named;
    if (!EMAIL.test(email)) return err(serviceError('auth/email_invalid'));
    const checked = checkPassword(input.password);
    if (!checked.ok) return checked;
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      return err(serviceError('auth/password_mismatch'));
    }
    const inviteCode = (input.inviteCode ?? '').trim();
    if (inviteCode === '') return err(serviceError('auth/invite_required'));
    const avatar = input.avatar?.trim() || initialsAvatar(username);
    const passwordHash = await this.ports.hasher.hash(input.password);
    const created = await this.ports.accounts.register({
      username,
      email,
      passwordHash,
      avatar,
      inviteCode,
      gift: REGISTRATION_GIFT,
      at: this.ports.clock.now(),
    });
    if (!created.ok) return err(serviceError(created.error));
    return ok(await this.open(created.value, previous));
  }

  /** `login` is a username or an e-mail address; `previous` as for `register`. */
  async login(input: { readonly username: string; readonly password: string }, previous?: string): Answer<Signed> {
    const login = input.username.trim();
    if (login.length < USERNAME_MIN) return err(serviceError('auth/login_short'));
    const checked = checkPassword(input.password);
    if (!checked.ok) return checked;
    const found = await this.ports.accounts.credentials(login.includes('@') ? login.toLowerCase() : login);
    if (found === null) {
      this.decoy ??= this.ports.hasher.hash('palace-decoy-password');
      await this.ports.hasher.verify(input.password, await this.decoy);
      return err(serviceError('auth/login_failed'));
    }
    if (!(await this.ports.hasher.verify(input.password, found.passwordHash))) {
      return err(serviceError('auth/login_failed'));
    }
    return ok(await this.open(found.user, previous));
  }

  /**
   * A new guest: negative id, the name "Guest" and a number from 1000 to 9999. A request that
   * already carries a guest session keeps that guest and its session (and is not counted).
   * `mayCreate` is asked before a new guest is written (the per-address guest limit of
   * docs/product.md §D12); when it says no, nothing is written and the answer is `auth/too_many_guests`.
   */
  async guestLogin(previous?: string, mayCreate: () => Promise<boolean> = async () => true): Answer<Signed> {
    const current = await this.check(previous);
    if (current.ok && current.value.isGuest && previous !== undefined) {
      return ok({ user: current.value, token: previous });
    }
    if (!(await mayCreate())) return err(serviceError('auth/too_many_guests'));
    const number = 1000 + this.ports.ids.pick(9000);
    const user = await this.ports.accounts.createGuest(`Guest${number}`, this.ports.clock.now());
    return ok(await this.open(user, previous));
  }

  /**
   * Deletes the guests unseen for `GUEST_UNSEEN_MS` (no session used since; a session lasts
   * `SESSION_IDLE_MS` past its last use) that hold no unclaimed prize, with their sessions,
   * presence, friend and result rows; finished games' records keep their names (docs/product.md §D12).
   * The server runs it every `GUEST_PURGE_MS`. Answers how many guests went.
   */
  async purgeGuests(): Promise<number> {
    const seenBefore = this.ports.clock.now() - GUEST_UNSEEN_MS;
    // A session expires SESSION_IDLE_MS after its last use: one that ends later was used since.
    return this.ports.accounts.purgeGuests({
      createdBefore: seenBefore,
      sessionsEndingBefore: seenBefore + SESSION_IDLE_MS,
    });
  }

  /** The session's user; `auth/not_signed_in` without a valid session. Each use extends it. */
  async check(token: string | undefined): Answer<User> {
    if (token === undefined || token === '') return err(serviceError('auth/not_signed_in'));
    const now = this.ports.clock.now();
    const user = await this.ports.accounts.session(this.ports.ids.digest(token), now, now + SESSION_IDLE_MS);
    return user === null ? err(serviceError('auth/not_signed_in')) : ok(user);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token !== undefined && token !== '') await this.ports.accounts.deleteSession(this.ports.ids.digest(token));
  }

  /** A new invite code good for `uses` registrations (`palace invite create --uses N`). */
  async createInvite(uses = 1): Promise<string> {
    return createInviteCode(this.ports.accounts, () => this.ports.ids.secret(), this.ports.clock.now(), uses);
  }

  /** Seeds operator-given codes (`PALACE_INVITE_CODES`); existing ones are left as they are. */
  async seedInvites(codes: readonly string[], uses: number): Promise<void> {
    for (const code of codes) await this.ports.accounts.addInvite(code.trim(), uses, this.ports.clock.now());
  }

  /**
   * A fresh session for `user` (a new token on every login: no session fixation). The previous
   * session is closed; if it was a guest's and `user` is an account, the guest is carried over.
   */
  private async open(user: User, previous?: string): Promise<Signed> {
    const now = this.ports.clock.now();
    if (previous !== undefined && previous !== '') {
      const before = await this.check(previous);
      if (before.ok && before.value.isGuest && !user.isGuest) {
        await this.ports.tokens.adoptGuest(before.value.id, user.id, now);
      }
      await this.logout(previous);
    }
    const token = this.ports.ids.token();
    await this.ports.accounts.createSession(this.ports.ids.digest(token), user.id, now, now + SESSION_IDLE_MS);
    return { user, token };
  }
}

/**
 * Stores a new invite code good for `uses` registrations and returns it: 10 upper-case characters
 * cut from `secret()` (a fresh random credential), retried on the rare collision.
 */
export async function createInviteCode(
  accounts: Pick<AccountsStore, 'addInvite'>,
  secret: () => string,
  at: number,
  uses: number,
): Promise<string> {
  if (!Number.isInteger(uses) || uses < 1) throw new Error(`uses must be a whole number of at least 1, got ${uses}`);
  for (let attempt = 0; attempt < INVITE_ATTEMPTS; attempt++) {
    const code = secret().slice(0, 10).toUpperCase();
    if (await accounts.addInvite(code, uses, at)) return code;
  }
  throw new Error(`no unused invite code after ${INVITE_ATTEMPTS} attempts`);
}

/** A (trimmed) username by the registration's rules: 3–30 characters, no "@" (bots' names too). */
export function checkUsername(username: string): Result<string, ServiceError> {
  if (username.length < USERNAME_MIN) return err(serviceError('auth/username_short'));
  if (username.length > USERNAME_MAX || username.includes('@')) return err(serviceError('auth/username_invalid'));
  return ok(username);
}

/** The registration rules of a password (6–200 characters); a password change follows them too. */
export function checkPassword(password: string): Result<string, ServiceError> {
  if (password.length < PASSWORD_MIN) return err(serviceError('auth/password_short'));
  if (password.length > PASSWORD_MAX) return err(serviceError('auth/password_long'));
  return ok(password);
}
