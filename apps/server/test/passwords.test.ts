import { describe, expect, it } from 'vitest';
import { SCRYPT_COST, ScryptHasher } from '../src/passwords.js';

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('scrypt password hasher', () => {
  it('passwords - the production cost hashes and verifies (N=2^17 needs the raised maxmem)', async () => {
    const hasher = new ScryptHasher();
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${SCRYPT_COST.N}\\$8\\$1\\$[\\w-]+\\$[\\w-]+$`));
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
  }, 30_000);

  it('passwords - salted: the same password hashes differently, and each verifies', async () => {
    const hasher = new ScryptHasher(cheap);
    const [a, b] = await Promise.all([hasher.hash('secret1'), hasher.hash('secret1')]);
    expect(a).not.toBe(b);
    expect(await hasher.verify('secret1', a)).toBe(true);
    expect(await hasher.verify('secret1', b)).toBe(true);
  });

  it('passwords - a hash made at another cost still verifies (the cost is stored with it)', async () => {
    const stored = await new ScryptHasher({ N: 2 ** 11, r: 8, p: 1 }).hash('pw123456');
    expect(await new ScryptHasher(cheap).verify('pw123456', stored)).toBe(true);
  });

  it('passwords - malformed stored hashes never verify', async () => {
    const hasher = new ScryptHasher(cheap);
    const good = await hasher.hash('pw123456');
    const parts = good.split('$');
    for (const bad of [
      '',
      'plain',
      good.replace('scrypt', 'bcrypt'),
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'),
      [parts[0], 'x', ...parts.slice(2)].join('$'),
      [parts[0], String(2 ** 24), ...parts.slice(2)].join('$'),
    ]) {
      expect(await hasher.verify('pw123456', bad), bad).toBe(false);
    }
  });

  it('passwords - no more than two hashes run at once', async () => {
    const hasher = new ScryptHasher(cheap, 2);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, hasher.active);
    }, 0);
    const all = Promise.all(Array.from({ length: 8 }, (_, i) => hasher.hash(`password-${i}`)));
    expect(hasher.active).toBe(2);
    await all;
    clearInterval(watch);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(hasher.active).toBe(0);
  });
});
