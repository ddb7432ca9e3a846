import type { GameRecord } from '@palace/core';
import type { SimpleGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { Client, useServer } from '../harness.js';
import { cheapMove, freshRoom, playerNamed, SimpleSocket } from '../simple-socket-client.js';
import { addTotals, LeakError, type ScanTotals, scanGame } from './leak-scan.js';

/**
 * The simple websocket game: every frame each human's socket received in many rooms (one or two
 * humans with AI seats) checked for hidden cards and early seeds.
 */

const ROOMS = 8;
const WAIT_MS = 20_000;

interface Human {
  readonly name: string;
  readonly socket: SimpleSocket;
}

describe('leaks - simple websocket game', () => {
  const served = useServer({ aiDelayMs: 1 });

  /** Each human waits for the answer to one message before the next, so no flood limit applies (adapters/ws socket-limits.ts). */
  function send(human: Human, message: Record<string, unknown>): void {
    human.socket.send(message);
  }

  /** Picks the first 3 hand cards one by one, then plays the cheapest legal card (or picks up) on each turn. */
  async function playAs(human: Human, roomId: string): Promise<void> {
    const hand = playerNamed(human.socket.latest(), human.name).hand.slice(0, 3);
    for (const card of hand) send(human, { type: 'select_faceup', roomId, username: human.name, card: card.id });
    let acted = -1;
    for (;;) {
      const state: SimpleGameState = await human.socket.reach(
        (s) =>
          s.status === 'finished' || (s.status === 'playing' && s.currentTurn === human.name && s.lastUpdate > acted),
        WAIT_MS,
      );
      if (state.status === 'finished') return;
      acted = state.lastUpdate;
      const move = cheapMove(state, roomId);
      if (move === null) throw new Error(`${human.name} can neither play nor pick up`);
      send(human, move);
    }
  }

  async function room(n: number): Promise<{ roomId: string; humans: Human[] }> {
    const { base } = served().server;
    const roomId = freshRoom();
    const names = n % 2 === 0 ? ['Ann'] : ['Ann', 'Bob'];
    const humans: Human[] = [];
    for (const name of names) {
      const human = { name, socket: await SimpleSocket.connect(base) };
      await human.socket.join(roomId, name);
      humans.push(human);
    }
    const host = humans[0] as Human;
    // At most 4 seats (one deck).
    for (let i = 0; i < Math.min(1 + (n % 3), 4 - humans.length); i++) {
      send(host, { type: 'add_ai', roomId, username: host.name });
      await host.socket.next('ai_joined');
    }
    await Promise.all(humans.map((h) => playAs(h, roomId)));
    return { roomId, humans };
  }

  it('leaks - no frame names a card its receiver may not see, nor the seed before the end', async () => {
    const c = new Client(served().server.base);
    const rooms = await Promise.all(Array.from({ length: ROOMS }, (_, n) => room(n)));
    const totals: ScanTotals = { payloads: 0, bytes: 0, states: 0 };
    const records: GameRecord[] = [];
    for (const { roomId, humans } of rooms) {
      const got = await c.get<GameRecord>(`/api/records/simple-ws/${roomId}`);
      expect(got.status, got.text).toBe(200);
      const record = got.body;
      records.push(record);
      const streams = humans.map((h) => ({
        name: `${h.name}'s socket in ${roomId}`,
        viewer: record.seats.find((s) => s.name === h.name)?.id ?? null,
        payloads: h.socket.raw,
      }));
      expect(streams.every((s) => s.viewer !== null)).toBe(true);
      addTotals(totals, scanGame(`simple-ws ${roomId}`, record, streams));
    }
    console.info(`leaks simple-ws: ${rooms.length} rooms, ${JSON.stringify(totals)}`);
    expect(totals.states).toBeGreaterThan(ROOMS * 50);

    // The scan can fail: a human's frames read as if a stranger had received them name its hand.
    const first = rooms[0] as { roomId: string; humans: Human[] };
    const ann = first.humans[0] as Human;
    expect(() =>
      scanGame('forged', records[0] as GameRecord, [{ name: 'forged', viewer: null, payloads: ann.socket.raw }]),
    ).toThrow(LeakError);
    for (const human of rooms.flatMap((r) => r.humans)) await human.socket.close();
  }, 120_000);
});
