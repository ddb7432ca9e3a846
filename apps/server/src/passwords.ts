import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '@palace/service';

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The production cost (issue 4): N = 2^17, r = 8, p = 1, i.e. 128 MiB and a few hundred ms. */
export const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is too small for N = 2^17.
  const maxmem = 2 * 128 * cost.N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, { N: cost.N, r: cost.r, p: cost.p, maxmem }, (error, key) =>
      error === null ? resolve(key) : reject(error),
    );
  });
}

/**
 * scrypt password hashing (node:crypto) with a per-password random salt, stored as
 * `scrypt$N$r$p$salt$key` (base64url), so the cost can be raised later without breaking old
 * hashes. At most `parallel` hashes run at once (each holds 128 MiB); others wait their turn.
 */
export class ScryptHasher implements PasswordHasher {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly cost: ScryptCost = SCRYPT_COST,
    private readonly parallel = 2,
  ) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.limited(() => derive(password, salt, this.cost));
    const { N, r, p } = this.cost;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return false;
    const salt = Buffer.from(parts[4] ?? '', 'base64url');
    const expected = Buffer.from(parts[5] ?? '', 'base64url');
    if (expected.length !== KEY_BYTES) return false;
    const key = await this.limited(() => derive(password, salt, { N, r, p }));
    return timingSafeEqual(key, expected);
  }

  /** How many hashes are running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    while (this.running >= this.parallel) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
