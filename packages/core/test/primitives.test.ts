import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  createRng,
  fnv1a64,
  nextInt,
  nextU32,
  rngFromSeed,
  shuffleInPlace,
  stateHash,
} from '../src/index.js';

describe('hash', () => {
  it('fnv1a64 - matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('canonicalJson - sorts keys and drops undefined, so key order never changes a hash', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined })).toBe('{"a":[true,null,"x"],"b":1}');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(stateHash(reversed)).toBe(stateHash(obj));
      }),
    );
  });
});

describe('rng', () => {
  it('sfc32 - the same seed gives the same sequence; different seeds differ', () => {
    const a = createRng('seed-1');
    const b = createRng('seed-1');
    const c = createRng('seed-2');
    const seqA = Array.from({ length: 8 }, () => nextU32(a));
    expect(Array.from({ length: 8 }, () => nextU32(b))).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => nextU32(c))).not.toEqual(seqA);
    expect(rngFromSeed('seed-1')).toEqual(rngFromSeed('seed-1'));
  });

  it('nextInt - stays in range and is roughly uniform', () => {
    const rng = createRng('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) {
      const k = nextInt(rng, 6);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    for (const n of counts) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });

  it('shuffleInPlace - is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const copy = items.slice();
        shuffleInPlace(createRng(seed), copy);
        expect(copy.slice().sort()).toEqual(items.slice().sort());
      }),
    );
  });
});
