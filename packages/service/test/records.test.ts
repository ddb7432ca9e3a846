import { appendEntry, applyCommand, createGame, newRecord, replay, tableOptions } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { MemoryGamesStore, Records, type StoredGame } from '../src/index.js';
import { aiToMove, driveAi, setup, strings, value } from './rest-support.js';

/** Alice plays her lowest playable card (or picks up) on her turns, the AI on its own, until the game is over. */
async function playOut(s: ReturnType<typeof setup>, id: string, alice: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    const state = value(await s.rest.view(id, alice));
    if (state.status === 'finished') return;
    if (state.currentTurn !== alice) {
      await driveAi(s);
      continue;
    }
    const [first] = state.playableCards;
    value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
  }
  throw new Error('the game did not finish');
}

/** A stored game of `kind` with two seats sat down and nothing else (a waiting table). */
function waitingGame(kind: string, meta: StoredGame['meta'] = {}): StoredGame {
  const options = tableOptions({ maxSeats: 2 });
  let state = createGame(options, 'the-seed');
  let record = newRecord(options, 'the-seed', 1);
  for (const command of [{ type: 'sit', seat: 'p1', name: 'Ann', ai: null } as const]) {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    record = appendEntry(record, 2, command, state);
  }
  return {
    id: 'G1',
    kind,
    version: 1,
    createdAt: 1,
    updatedAt: 2,
    state,
    record,
    commitment: 'c0ffee',
    aiDueAt: null,
    aiDelayMs: 0,
    seatClock: { turnDueAt: null, strikes: {}, away: [] },
    listed: false,
    meta,
  };
}

describe('records', () => {
  it('records - a finished REST game: the whole record, seed and commitment, no credential or meta', async () => {
    const s = setup();
    const { id, alice } = await aiToMove(s);
    const records = new Records(s.store);
    const running = await records.get('rest', id);
    expect(running.ok).toBe(false);
    if (!running.ok) {
      expect(running.error).toEqual({
        code: 'record/not_over',
        message: 'The record is published when the game is over',
        commitment: 'digest(seed-1)',
      });
    }
    await playOut(s, id, alice);

    const file = value(await records.get('rest', id.toLowerCase()));
    expect(Object.keys(file)).toEqual([
      'format',
      'version',
      'options',
      'seed',
      'createdAt',
      'seats',
      'entries',
      'result',
      'variant',
      'gameId',
      'commitment',
    ]);
    expect(file).toMatchObject({ variant: 'rest', gameId: id, seed: 'seed-1', commitment: 'digest(seed-1)' });
    expect(file.result).not.toBeNull();
    const stored = await s.store.load(id);
    expect(file.entries).toHaveLength(stored?.record.entries.length ?? -1);
    // Replaying the published record reproduces the stored game exactly.
    const final = replay(file);
    expect(final.ok && final.value).toEqual(stored?.state);
    // Nothing secret: no credential, no digest of one, no variant data.
    const text = strings(file);
    expect(text).not.toContain(alice);
    expect(text.some((t) => t.startsWith('digest(secret'))).toBe(false);
    expect(text).not.toContain('keys');
    expect(text).not.toContain('chat');
  });

  it('records - an unknown kind, an unknown id or a game of another kind is not found', async () => {
    const store = new MemoryGamesStore();
    await store.insert(waitingGame('easy'));
    const records = new Records(store);
    for (const [variant, id] of [
      ['poker', 'G1'],
      ['rest', 'G1'],
      ['easy', 'G2'],
      ['main', 'G1'],
    ] as const) {
      const got = await records.get(variant, id);
      expect(got.ok ? null : got.error, `${variant}/${id}`).toEqual({
        code: 'game/not_found',
        message: 'Game not found',
      });
    }
    const running = await records.get('easy', 'g1');
    expect(running.ok ? null : running.error.code).toBe('record/not_over');
  });

  it('records - a main game called off before the start is over; a simple websocket room id keeps its case', async () => {
    const store = new MemoryGamesStore();
    await store.insert({ ...waitingGame('main', { cancelled: true }), id: '7' });
    await store.insert({ ...waitingGame('simple-ws'), id: 'myRoom' });
    const records = new Records(store);
    const main = value(await records.get('main', '7'));
    expect(main).toMatchObject({ variant: 'main', gameId: '7', seed: 'the-seed', result: null });
    expect(replay(main).ok).toBe(true);
    expect((await records.get('main', 'seven')).ok).toBe(false);
    const room = await records.get('simple-ws', 'myRoom');
    expect(room.ok ? null : room.error.code).toBe('record/not_over');
    expect((await records.get('simple-ws', 'MYROOM')).ok).toBe(false);
  });
});
