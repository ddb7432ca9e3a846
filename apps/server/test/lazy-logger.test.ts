import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, prettyLogLines, readyUrl, usePrettyLogs } from '../src/lazy-logger.js';

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

describe('pretty log lines', () => {
  const at = new Date(2026, 0, 2, 14, 2, 5).getTime();
  const json = (fields: object) => `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...fields })}\n`;

  it('pretty log - a request is one line at its end: method, path, status, time', () => {
    const pretty = prettyLogLines();
    expect(pretty(json({ reqId: 'req-1', req: { method: 'GET', url: '/api/x' }, msg: 'incoming request' }))).toBe('');
    expect(
      pretty(json({ reqId: 'req-1', res: { statusCode: 404 }, responseTime: 2.6, msg: 'request completed' })),
    ).toBe('14:02:05 GET /api/x 404 3 ms\n');
  });

  it('pretty log - warnings and errors are labelled, with their fields and the error message; stacks for errors', () => {
    const pretty = prettyLogLines();
    expect(pretty(json({ level: 40, err: { message: 'gone' }, msg: 'presence write failed' }))).toBe(
      '14:02:05 WARN presence write failed: gone\n',
    );
    expect(pretty(json({ signal: 'SIGTERM', msg: 'shutting down' }))).toBe('14:02:05 shutting down signal=SIGTERM\n');
    expect(pretty(json({ level: 50, err: { message: 'boom', stack: 'Error: boom\n    at x' }, msg: 'failed' }))).toBe(
      '14:02:05 ERROR failed: boom\nError: boom\n    at x\n',
    );
  });

  it('pretty log - Fastify\'s "Server listening" lines are left out; what is not JSON passes unchanged', () => {
    const pretty = prettyLogLines();
    expect(pretty(json({ msg: 'Server listening at http://127.0.0.1:5000' }))).toBe('');
    expect(pretty('plain text\n')).toBe('plain text\n');
  });

  it('pretty log - usePrettyLogs turns the JSON of a real Fastify logger and its children into pretty lines', async () => {
    const written: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => written.push(line) } } });
    const before = app.log.child({ part: 'early' });
    usePrettyLogs(app.log);
    app.log.warn('careful');
    before.info('from a child made before');
    app.log.child({ part: 'late' }).info('from a child made after');
    await app.close();
    expect(written.filter((l) => l !== '')).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN careful\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d from a child made before part=early\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d from a child made after part=late\n$/),
    ]);
  });

  it('ready url - every address (0.0.0.0, ::) reads localhost; another host as given, IPv6 in brackets', () => {
    expect(readyUrl('0.0.0.0', 5000)).toBe('http://localhost:5000');
    expect(readyUrl('::', 5001)).toBe('http://localhost:5001');
    expect(readyUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(readyUrl('::1', 8080)).toBe('http://[::1]:8080');
  });
});
