/** The refusal of a rate-limited or locked sign-in attempt (429). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/**
 * Failed logins per account (issue 9: at most 100 an hour), counted in memory by the normalised
 * login (trimmed, lower-cased username or e-mail address). The per-address limits of
 * @fastify/rate-limit count every request; this one counts only failures, so a player who signs
 * in often is never locked out, and an attacker spreading guesses over many addresses still is.
 * An unknown name is counted like a real one, so the lock says nothing about who exists. Kept in
 * memory: a restart forgets it (the per-address limits still hold).
 */
export class LoginFailures {
  private readonly windows = new Map<string, { start: number; failures: number }>();

  /**
   * @param max failures allowed per login in `windowMs`; the next attempt is refused unchecked
   * @param windowMs the window, in ms (an hour in production)
   * @param now the clock, in ms (tests may pass their own)
   */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a login as typed. */
  static key(login: string): string {
    return login.trim().toLowerCase();
  }

  /**
   * Counts an attempt for `login` before its password is checked (so parallel guesses cannot all
   * pass the check at once); false, counting nothing, when the login has used up its failures.
   */
  attempt(login: string): boolean {
    const now = this.now();
    if (this.windows.size >= 10_000) this.prune(now);
    const key = LoginFailures.key(login);
    const entry = this.windows.get(key);
    if (entry === undefined || now - entry.start >= this.windowMs) {
      this.windows.set(key, { start: now, failures: 1 });
      return true;
    }
    if (entry.failures >= this.max) return false;
    entry.failures++;
    return true;
  }

  /** The attempt was refused before any password check (a malformed login): it does not count. */
  uncounted(login: string): void {
    const entry = this.windows.get(LoginFailures.key(login));
    if (entry !== undefined && entry.failures > 0) entry.failures--;
  }

  /** A successful login clears the account's count. */
  succeeded(login: string): void {
    this.windows.delete(LoginFailures.key(login));
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (now - entry.start >= this.windowMs) this.windows.delete(key);
    // Still full of live entries (a spray of names): forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < 10_000) break;
      this.windows.delete(key);
    }
  }
}
