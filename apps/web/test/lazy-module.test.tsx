import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type LazyModule, lazyModule, useLazyModule } from '../src/lib/lazy-module.js';

afterEach(cleanup);

function Probe(props: { readonly lazy: LazyModule<{ name: string }>; readonly wanted: boolean }): ReactElement {
  const { module, failed } = useLazyModule(props.lazy, props.wanted);
  return <p>{module !== null ? module.name : failed ? 'failed' : 'loading'}</p>;
}

/** A module whose first download fails ("offline") and whose later ones succeed; `imports()` counts them. */
function failsOnce(): { lazy: LazyModule<{ name: string }>; imports: () => number } {
  let imports = 0;
  const lazy = lazyModule(async () => {
    imports += 1;
    if (imports === 1) throw new Error('offline');
    return { name: 'room' };
  });
  return { lazy, imports: () => imports };
}

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
    const { lazy, imports } = failsOnce();
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.current()).toBeNull();
    await expect(lazy.load()).resolves.toEqual({ name: 'room' });
    expect(imports()).toBe(2);
  });

  it('useLazyModule reports a failure only while wanted, and a new attempt clears it', async () => {
    const { lazy, imports } = failsOnce();
    const view = render(<Probe lazy={lazy} wanted={true} />);
    await screen.findByText('failed');
    // Not wanted (back in the lobby): asked for again after the first frame, quietly.
    view.rerender(<Probe lazy={lazy} wanted={false} />);
    await screen.findByText('room');
    expect(imports()).toBe(2);
  });

  it('useLazyModule: wanted again after a failure shows loading, not the old failure', async () => {
    let imports = 0;
    let release = (): void => undefined;
    const lazy = lazyModule(() => {
      imports += 1;
      if (imports === 1) return Promise.reject(new Error('offline'));
      return new Promise<{ name: string }>((resolve) => {
        release = () => resolve({ name: 'room' });
      });
    });
    const view = render(<Probe lazy={lazy} wanted={true} />);
    await screen.findByText('failed');
    view.rerender(<Probe lazy={lazy} wanted={false} />);
    view.rerender(<Probe lazy={lazy} wanted={true} />);
    await screen.findByText('loading');
    release();
    await screen.findByText('room');
  });
});
