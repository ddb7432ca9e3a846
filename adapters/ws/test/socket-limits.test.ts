import { describe, expect, it } from 'vitest';
import { originAllowed, parseOrigins } from '../src/origin.js';
import { Budget, MessageQueue, sendOrDrop } from '../src/socket-limits.js';

/** A socket stand-in: what `sendOrDrop` reads and does. */
function fakeSocket(bufferedAmount: number) {
  return {
    readyState: 1,
    OPEN: 1,
    bufferedAmount,
    sent: [] as string[],
    terminated: false,
    send(frame: string) {
      this.sent.push(frame);
    },
    terminate() {
      this.terminated = true;
    },
  };
}

describe('socket limits', () => {
  it('slow consumer - a client with more than the limit queued is terminated instead of sent to', () => {
    const fine = fakeSocket(1024 * 1024);
    expect(sendOrDrop(fine, 'a', 1024 * 1024)).toBe(true);
    expect(fine.sent).toEqual(['a']);
    expect(fine.terminated).toBe(false);
    const slow = fakeSocket(1024 * 1024 + 1);
    expect(sendOrDrop(slow, 'a', 1024 * 1024)).toBe(false);
    expect(slow.sent).toEqual([]);
    expect(slow.terminated).toBe(true);
    const closed = { ...fakeSocket(0), readyState: 3 };
    expect(sendOrDrop(closed, 'a', 10)).toBe(false);
    expect(closed.sent).toEqual([]);
  });

  it('budget - at most max events per window, refilled when the window is over', () => {
    const budget = new Budget(3, 1000);
    expect([0, 1, 2, 3, 999].map((t) => budget.take(t))).toEqual([true, true, true, false, false]);
    expect(budget.take(1000)).toBe(true);
  });

  it('message queue - one at a time in order; over the in-flight budget refused, flooding on a flood', async () => {
    const queue = new MessageQueue({ inFlight: 2, floodRefusals: 3, floodWindowMs: 60_000 });
    const order: number[] = [];
    const gates: Array<() => void> = [];
    const task = (n: number) => () =>
      new Promise<void>((resolve) => {
        order.push(n);
        gates.push(resolve);
      });
    expect([queue.push(task(1)), queue.push(task(2))]).toEqual(['queued', 'queued']);
    // Two wait for their answers: the next three are refused (and never run), the fourth is a flood.
    expect([queue.push(task(3)), queue.push(task(4)), queue.push(task(5))]).toEqual(['refused', 'refused', 'refused']);
    expect(queue.push(task(6))).toBe('flood');
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1]);
    gates.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1, 2]);
    expect(queue.inFlight).toBe(1);
    // One answered: room for one more; a client waiting for each answer is never refused.
    expect(queue.push(task(7))).toBe('queued');
    for (let n = 0; n < 2; n++) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(order).toEqual([1, 2, 7]);
    expect(queue.inFlight).toBe(0);
    for (let n = 0; n < 100; n++) {
      expect(queue.push(task(100 + n))).toBe('queued');
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(queue.inFlight).toBe(0);
  });

  it('origin - no Origin, the own host and listed origins pass; foreign, null, malformed and cross-site fail', () => {
    const host = 'palace.example:8080';
    const allowed = new Set(parseOrigins('https://friend.example, http://localhost:5173/'));
    const cases: Array<[Record<string, string>, boolean]> = [
      [{}, true],
      [{ origin: 'http://palace.example:8080' }, true],
      [{ origin: 'https://palace.example:8080' }, true],
      [{ origin: 'https://friend.example' }, true],
      [{ origin: 'https://friend.example', 'sec-fetch-site': 'cross-site' }, true],
      [{ origin: 'http://localhost:5173' }, true],
      [{ 'sec-fetch-site': 'same-origin' }, true],
      [{ origin: 'http://palace.example' }, false],
      [{ origin: 'https://evil.example' }, false],
      [{ origin: 'null' }, false],
      [{ origin: '' }, false],
      [{ origin: 'http://palace.example:8080', 'sec-fetch-site': 'cross-site' }, false],
      [{ 'sec-fetch-site': 'cross-site' }, false],
    ];
    for (const [headers, expected] of cases) {
      expect(originAllowed({ host, ...headers }, allowed), JSON.stringify(headers)).toBe(expected);
    }
    expect(() => parseOrigins('palace.example')).toThrow(/ALLOWED_ORIGINS/);
    expect(() => parseOrigins('https://a.example/path')).toThrow(/ALLOWED_ORIGINS/);
    expect(parseOrigins('')).toEqual([]);
  });
});
