import type { RateLimiter } from '@palace/service';

/** The refusal of a rate-limited or locked sign-in attempt (429). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/**
 * Failed logins per account (issue 9: at most 100 an hour), counted by the normalised login
 * (trimmed, lower-cased username or e-mail address) in the limiter's counters: in memory on one
 * node, in the database when several share it, so an attacker spreading guesses over nodes meets
 * the same lock (docs/product.md §D12). The per-address limits count every request; this one counts only
 * failures, so a player who signs in often is never locked out, and an attacker spreading guesses
 * over many addresses still is. An unknown name is counted like a real one, so the lock says
 * nothing about who exists.
 */
export class LoginFailures {
  /**
   * @param limiter the shared counters
   * @param max failures allowed per login in `windowMs`; the next attempt is refused unchecked
   * @param windowMs the window, in ms (an hour in production)
   */
  constructor(
    private readonly limiter: RateLimiter,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** The counter key of a login as typed. */
  static key(login: string): string {
    return `login-failures:${login.trim().toLowerCase()}`;
  }

  /**
   * Counts an attempt for `login` before its password is checked (so parallel guesses cannot all
   * pass the check at once); false when the login has used up its failures.
   */
  async attempt(login: string): Promise<boolean> {
    return (await this.limiter.take(LoginFailures.key(login), this.max, this.windowMs)).allowed;
  }

  /** The attempt was refused before any password check (a malformed login): it does not count. */
  async uncounted(login: string): Promise<void> {
    await this.limiter.giveBack(LoginFailures.key(login), this.windowMs);
  }

  /** A successful login clears the account's count. */
  async succeeded(login: string): Promise<void> {
    await this.limiter.clear(LoginFailures.key(login));
  }
}
