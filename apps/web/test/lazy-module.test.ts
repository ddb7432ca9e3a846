import { describe, expect, it } from 'vitest';
import { lazyModule } from '../src/lib/lazy-module.js';

describe('lazyModule', () => {
  it('downloads once however many ask, and keeps the module', async () => {
    let imports = 0;
    const lazy = lazyModule(async () => {
      imports += 1;
      return { name: 'room' };
    });
    expect(lazy.current()).toBeNull();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(imports).toBe(1);
    expect(lazy.current()).toBe(a);
    await lazy.load();
    expect(imports).toBe(1);
  });

  it('asks again after a failed download', async () => {
    let imports = 0;
    const lazy = lazyModule(async () => {
      imports += 1;
      if (imports === 1) throw new Error('offline');
      return { name: 'room' };
    });
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.current()).toBeNull();
    await expect(lazy.load()).resolves.toEqual({ name: 'room' });
    expect(imports).toBe(2);
  });
});
