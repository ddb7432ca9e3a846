import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterDelivery, type Change, type Delivered, deliveryOf } from '../src/delivery.js';
import { ChatWindow } from '../src/socket-limits.js';

const move = (version: number, chatSeq: number): Change => ({ version, chatSeq, chatOnly: false });
const chat = (version: number, chatSeq: number): Change => ({ version, chatSeq, chatOnly: true });

describe('deliveryOf', () => {
  it('first delivery from this node: a chat line alone, or the state alone', () => {
    expect(deliveryOf(undefined, chat(4, 2))).toEqual({ lines: 1, state: false });
    expect(deliveryOf(undefined, move(4, 2))).toEqual({ lines: 0, state: true });
  });

  it('the next version: a chat change sends its line only, a move sends the state only', () => {
    const before: Delivered = { version: 4, chatSeq: 2 };
    expect(deliveryOf(before, chat(5, 3))).toEqual({ lines: 1, state: false });
    expect(deliveryOf(before, move(5, 2))).toEqual({ lines: 0, state: true });
  });

  it('coalesced changes: every newer chat line goes, and the state too even if the newest change was chat', () => {
    const before: Delivered = { version: 4, chatSeq: 2 };
    // chat at v5, move at v6, chat at v7 — read as v7 only.
    expect(deliveryOf(before, chat(7, 4))).toEqual({ lines: 2, state: true });
    expect(deliveryOf(before, move(6, 3))).toEqual({ lines: 1, state: true });
  });

  it('a change not newer than what was delivered is skipped', () => {
    const before: Delivered = { version: 4, chatSeq: 2 };
    expect(deliveryOf(before, move(4, 2))).toBeNull();
    expect(deliveryOf(before, chat(3, 1))).toBeNull();
  });

  it('afterDelivery never goes back', () => {
    expect(afterDelivery(undefined, chat(3, 1))).toEqual({ version: 3, chatSeq: 1 });
    expect(afterDelivery({ version: 6, chatSeq: 4 }, move(5, 3))).toEqual({ version: 6, chatSeq: 4 });
    expect(afterDelivery({ version: 6, chatSeq: 4 }, chat(7, 5))).toEqual({ version: 7, chatSeq: 5 });
  });

  it('whatever subset of a game history a node hears, in order, every chat line is delivered exactly once and the last state is sent', () => {
    // A history of changes v1..vn, each a chat line or a move; a node hears an increasing subset
    // that always includes the last change (the newest read always catches up).
    const history = fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }).map((kinds) => {
      let chatSeq = 0;
      return kinds.map((isChat, i) => {
        if (isChat) chatSeq++;
        return { version: i + 1, chatSeq, chatOnly: isChat } satisfies Change;
      });
    });
    fc.assert(
      fc.property(history, fc.array(fc.boolean(), { maxLength: 40 }), (changes, heard) => {
        const last = changes[changes.length - 1];
        if (last === undefined) return;
        const seen = changes.filter((_, i) => i === changes.length - 1 || (heard[i] ?? true));
        let delivered: Delivered | undefined = { version: 0, chatSeq: 0 };
        let lines = 0;
        let stateAt = 0;
        for (const change of seen) {
          const delivery = deliveryOf(delivered, change);
          expect(delivery).not.toBeNull();
          if (delivery === null) return;
          lines += delivery.lines;
          if (delivery.state) stateAt = change.version;
          delivered = afterDelivery(delivered, change);
        }
        expect(lines).toBe(last.chatSeq);
        // The state a client holds is the newest one that changed the game.
        const lastMove = changes.filter((c) => !c.chatOnly).at(-1);
        if (lastMove !== undefined) expect(stateAt).toBeGreaterThanOrEqual(lastMove.version);
        // Hearing a change again delivers nothing.
        expect(deliveryOf(delivered, last)).toBeNull();
      }),
    );
  });
});

describe('ChatWindow', () => {
  it('allows `burst` lines in any window and counts only the lines it allows', () => {
    const window = new ChatWindow(2, 1000);
    expect(window.allow(0)).toBe(true);
    expect(window.allow(10)).toBe(true);
    expect(window.allow(20)).toBe(false);
    expect(window.allow(999)).toBe(false);
    expect(window.allow(1000)).toBe(true);
    expect(window.allow(1011)).toBe(true);
    expect(window.allow(1500)).toBe(false);
  });
});
