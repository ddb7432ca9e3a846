import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../src/lazy-logger.js';

/** A parent logger that records children made and lines written. */
function recorder(level: string) {
  const lines: Array<{ level: string; bindings: object; args: unknown[] }> = [];
  let children = 0;
  const make = (bindings: object, own: string): FastifyBaseLogger => {
    const write =
      (name: string) =>
      (...args: unknown[]) => {
        lines.push({ level: name, bindings, args });
      };
    return {
      level: own,
      trace: write('trace'),
      debug: write('debug'),
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      fatal: write('fatal'),
      silent: () => {},
      child: (more: object, options?: { level?: string }) => {
        children++;
        return make({ ...bindings, ...more }, options?.level ?? own);
      },
    } as unknown as FastifyBaseLogger;
  };
  return { parent: make({}, level), lines, children: () => children };
}

describe('lazy request logger', () => {
  it('lazy logger - makes no child while nothing is logged at an enabled level', () => {
    const r = recorder('info');
    const log = lazyChildLogger(r.parent, { reqId: 'req-1' }, { level: 'warn' });
    log.info('incoming request');
    log.debug('detail');
    expect(r.children()).toBe(0);
    expect(r.lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('lazy logger - the first enabled line makes one child with the request bindings', () => {
    const r = recorder('info');
    const log = lazyChildLogger(r.parent, { reqId: 'req-7' }, {});
    log.info('incoming request');
    log.error({ err: 'x' }, 'failed');
    log.trace('hidden');
    expect(r.children()).toBe(1);
    expect(r.lines.map((l) => [l.level, l.bindings])).toEqual([
      ['info', { reqId: 'req-7' }],
      ['error', { reqId: 'req-7' }],
    ]);
    expect(log.level).toBe('info');
  });

  it('lazy logger - child() of a request logger keeps the request bindings', () => {
    const r = recorder('debug');
    const log = lazyChildLogger(r.parent, { reqId: 'req-2' }, {});
    log.child({ part: 'db' }).debug('query');
    expect(r.lines).toEqual([{ level: 'debug', bindings: { reqId: 'req-2', part: 'db' }, args: ['query'] }]);
  });
});
