/**
 * Keeps a client under the sockets' per-connection message budget (40 frames per 10 s in
 * production, adapters/ws socket-limits.ts): at most `max` sends in any `windowMs`, so the server's
 * fixed window never sees more either. A client that plays as fast as the server answers would
 * otherwise be closed as a flood, which normal play never is.
 */
export class Pace {
  private readonly sent: number[] = [];

  /** `max` sends per `windowMs` (ms); the defaults leave a margin under 40 per 10 s. */
  constructor(
    private readonly max = 36,
    private readonly windowMs = 10_000,
  ) {}

  /** Resolves when one more send keeps the client within its budget, and counts it. */
  async slot(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.sent.length > 0 && now - (this.sent[0] as number) >= this.windowMs) this.sent.shift();
      if (this.sent.length < this.max) {
        this.sent.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, (this.sent[0] as number) + this.windowMs - now + 5));
    }
  }
}
