import { describe, expect, it } from 'vitest';
import { OPEN_REQUESTS, prettyLogLines } from '../src/lazy-logger.js';
import { TimerScheduler } from '../src/ports.js';

/**
 * The composition root's own memory filled past its bounds (docs/architecture.md "Memory bounds"):
 * the timers of games, and the requests the pretty log waits to see end.
 */
describe('memory bounds - server', () => {
  it('timer scheduler - a timer is forgotten when it fires or is cancelled; one key holds one timer', async () => {
    const scheduler = new TimerScheduler();
    let fired = 0;
    const now = Date.now();
    for (let i = 0; i < 1000; i++) scheduler.schedule(`G${i}`, now, () => fired++);
    // Scheduling a game again replaces its timer.
    for (let i = 0; i < 1000; i++) scheduler.schedule(`G${i}`, now, () => fired++);
    for (let i = 0; i < 500; i++) scheduler.cancel(`G${i}`);
    expect(scheduler.size).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fired).toBe(500);
    expect(scheduler.size).toBe(0);
    scheduler.close();
  });

  it('pretty log - past OPEN_REQUESTS requests that never end, the oldest starts are forgotten', () => {
    const at = Date.UTC(2026, 0, 1, 14, 2, 5);
    const json = (fields: object) => `${JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...fields })}\n`;
    const pretty = prettyLogLines();
    const start = (id: string) =>
      json({ reqId: id, req: { method: 'GET', url: `/api/${id}` }, msg: 'incoming request' });
    const end = (id: string) => json({ reqId: id, res: { statusCode: 200 }, msg: 'request completed' });
    for (let i = 0; i < OPEN_REQUESTS + 10; i++) pretty(start(`r${i}`));
    // The oldest start was forgotten (the line says "request"); the newest is remembered.
    expect(pretty(end('r0'))).toMatch(/ request 200\n$/);
    expect(pretty(end('r9'))).toMatch(/ request 200\n$/);
    expect(pretty(end('r10'))).toMatch(/ GET \/api\/r10 200\n$/);
    expect(pretty(end(`r${OPEN_REQUESTS + 9}`))).toMatch(new RegExp(` GET /api/r${OPEN_REQUESTS + 9} 200\\n$`));
  });
});
