/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit). Its 128-bit state is four
 * unsigned 32-bit integers, kept as plain numbers so it can live in a JSON game state.
 */
export type RngState = readonly [number, number, number, number];

/** A mutable generator for a caller that owns it (AI policies, shuffles inside one step). */
export interface Rng {
  s: [number, number, number, number];
}

/** Next unsigned 32-bit value; advances `rng` in place. */
export function nextU32(rng: Rng): number {
  const s = rng.s;
  const a = s[0];
  const b = s[1];
  const c = s[2];
  const d = s[3];
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = ((c << 21) | (c >>> 11)) + t;
  s[2] |= 0;
  return t >>> 0;
}

/** A uniform integer in [0, n) for 1 <= n <= 2^32, without modulo bias (rejection sampling). */
export function nextInt(rng: Rng, n: number): number {
  if (n <= 1) return 0;
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextU32(rng);
    if (x < limit) return x % n;
  }
}

/** A uniform float in [0, 1). */
export function nextFloat(rng: Rng): number {
  return nextU32(rng) / 0x100000000;
}

/** Fisher–Yates shuffle of `items` in place. */
export function shuffleInPlace<T>(rng: Rng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}

/**
 * Seeds sfc32 from a string with cyrb128 (four independent 32-bit hashes of the seed's UTF-16
 * code units), then discards 12 outputs as the sfc32 author recommends.
 */
export function rngFromSeed(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const rng: Rng = { s: [(h1 ^ h2 ^ h3 ^ h4) | 0, (h2 ^ h1) | 0, (h3 ^ h1) | 0, (h4 ^ h1) | 0] };
  for (let i = 0; i < 12; i++) nextU32(rng);
  return freezeRng(rng);
}

/** A mutable copy of a stored state. */
export function thawRng(state: RngState): Rng {
  return { s: [state[0], state[1], state[2], state[3]] };
}

/** The storable state of a mutable generator. */
export function freezeRng(rng: Rng): RngState {
  return [rng.s[0], rng.s[1], rng.s[2], rng.s[3]];
}

/** A generator owned by the caller, seeded from a string (for AI players, simulations, tests). */
export function createRng(seed: string): Rng {
  return thawRng(rngFromSeed(seed));
}
