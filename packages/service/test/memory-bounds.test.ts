import { ok } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { GameJobs, SEEN_KEPT } from '../src/game-jobs.js';
import { GameMemory, PUBLISHED_KEPT, RECENT_BYTES, RECENT_KEPT } from '../src/game-memory.js';
import { Records, type RestMeta, Reviews, type StoredGame, type User } from '../src/index.js';
import { MAIN_LOBBY_LIMIT } from '../src/main-game/main-lobby.js';
import { KNOWN_LIMIT, PROVEN_LIMIT, RestPollMemory } from '../src/rest-game/rest-poll.js';
import { FAILURES_KEPT } from '../src/reviews.js';
import { setup as mainSetup } from './main-support.js';
import { aiToMove, code, driveAi, setup, stored, value } from './rest-support.js';

/**
 * The caches a node keeps in memory between requests, each filled past its bound
 * (docs/architecture.md "Memory bounds"): what they hold stays within it, and the newest stays.
 */

/** A REST game of Alice against the AI in play, as stored, and the setup it lives in. */
async function gameInPlay() {
  const s = setup();
  const { id, alice } = await aiToMove(s);
  await driveAi(s);
  return { s, alice, game: await stored(s, id) };
}

/** `game` under another id (and version): a distinct game of the same shape. */
const copyOf = (game: StoredGame<RestMeta>, id: string, version = game.version): StoredGame<RestMeta> => ({
  ...game,
  id,
  version,
});

describe('memory bounds', () => {
  it('game memory - past RECENT_KEPT games the oldest copies go; a finished game is not kept', async () => {
    const { game } = await gameInPlay();
    const memory = new GameMemory<RestMeta>();
    for (let i = 0; i < RECENT_KEPT + 50; i++) memory.keep(copyOf(game, `G${i}`));
    expect(memory.size.recent).toBe(RECENT_KEPT);
    expect(memory.size.recentBytes).toBeLessThanOrEqual(RECENT_BYTES);
    expect(memory.recall('G0')).toBeUndefined();
    expect(memory.recall(`G${RECENT_KEPT + 49}`)?.id).toBe(`G${RECENT_KEPT + 49}`);
    // The copy is kept without the record's entries.
    expect(memory.recall(`G${RECENT_KEPT + 49}`)?.record.entries).toEqual([]);

    const finished = { ...game, id: 'F', state: { ...game.state, phase: 'finished' as const } };
    memory.keep(copyOf(game, 'F'));
    memory.keep({ ...finished, version: game.version + 1 });
    expect(memory.recall('F')).toBeUndefined();
  });

  it('game memory - the copies kept stay within their byte budget, whatever their count', async () => {
    const { game } = await gameInPlay();
    // The estimate of one copy (kept without its record's entries).
    const probe = new GameMemory<RestMeta>();
    probe.keep(copyOf(game, 'G0'));
    const one = probe.size.recentBytes;
    const budget = one * 10 + one / 2;
    const memory = new GameMemory<RestMeta>({ recentKept: 1000, recentBytes: budget, publishedKept: 10 });
    for (let i = 0; i < 100; i++) memory.keep(copyOf(game, `G${i}`));
    expect(memory.size.recentBytes).toBeLessThanOrEqual(budget);
    expect(memory.size.recent).toBe(10);
    expect(memory.recall('G99')).toBeDefined();
    expect(memory.recall('G89')).toBeUndefined();
    // A copy bigger than the whole budget is not kept, and pushes nothing out.
    const big = {
      ...copyOf(game, 'BIG'),
      meta: { ...game.meta, chat: [] },
      state: { ...game.state, huge: 'x'.repeat(budget) },
    };
    memory.keep(big as StoredGame<RestMeta>);
    expect(memory.recall('BIG')).toBeUndefined();
    expect(memory.size.recent).toBe(10);
    // Forgetting gives its bytes back.
    memory.forgetCopies();
    expect(memory.size).toMatchObject({ recent: 0, recentBytes: 0 });
  });

  it('game memory - past PUBLISHED_KEPT games the oldest published versions go', async () => {
    const { game } = await gameInPlay();
    const memory = new GameMemory<RestMeta>();
    for (let i = 0; i < PUBLISHED_KEPT + 50; i++) memory.notePublished(copyOf(game, `G${i}`, 3));
    expect(memory.size.published).toBe(PUBLISHED_KEPT);
    expect(memory.wasPublished(copyOf(game, 'G0', 3))).toBe(false);
    expect(memory.wasPublished(copyOf(game, `G${PUBLISHED_KEPT + 49}`, 3))).toBe(true);
  });

  it('game jobs - past SEEN_KEPT games the least recently seen sightings go', async () => {
    const s = setup();
    const ports = { store: s.store, clock: s.clock, ids: s.ids, scheduler: s.scheduler, publisher: s.publisher };
    const host = {
      get: async () => {
        throw new Error('touch reads no game');
      },
      write: async () => {
        throw new Error('touch writes no game');
      },
    };
    const jobs = new GameJobs<RestMeta>(ports, 'rest', host);
    for (let i = 0; i < SEEN_KEPT + 50; i++) jobs.touch(`G${i}`);
    expect(jobs.seenSize).toEqual({ lastSeen: SEEN_KEPT, sharedSeen: SEEN_KEPT });
    // A game seen again is the newest: the oldest sighting goes next, not it.
    jobs.touch('G50');
    jobs.touch('NEW');
    expect(jobs.seenSize.lastSeen).toBe(SEEN_KEPT);
  });

  it('rest poll memory - past KNOWN_LIMIT games the oldest go; a game proves at most PROVEN_LIMIT credentials', async () => {
    const { s, alice, game } = await gameInPlay();
    const memory = new RestPollMemory(s.ids);
    for (let i = 0; i < KNOWN_LIMIT + 50; i++) memory.remember(copyOf(game, `G${i}`));
    expect(memory.size.games).toBe(KNOWN_LIMIT);
    expect(memory.poll('G0', undefined, game.version)).toBeUndefined();
    const newest = `G${KNOWN_LIMIT + 49}`;
    expect(memory.poll(newest, alice, game.version)).toEqual({ ok: true, value: null });
    // Only a seat's credential is proven, so a game holds no more than its seats' worth.
    for (let i = 0; i < PROVEN_LIMIT + 10; i++) memory.poll(newest, `not-a-seat-${i}`, game.version);
    expect(memory.size.proven).toBe(1);
  });

  it('main lobby - its cache holds at most MAIN_LOBBY_LIMIT games, however many are open', async () => {
    const s = mainSetup();
    for (let i = 1; i <= MAIN_LOBBY_LIMIT + 10; i++) {
      const guest: User = {
        id: -i,
        username: `Guest${1000 + i}`,
        email: null,
        avatar: null,
        isGuest: true,
        isBot: false,
      };
      value(await s.main.create(guest, { name: `Table ${i}` }));
    }
    const lobby = await s.main.lobby(null);
    expect(lobby).toHaveLength(MAIN_LOBBY_LIMIT);
  });

  it(`reviews - past FAILURES_KEPT failed games the failures are forgotten and asked again`, async () => {
    const s = setup();
    const { id, alice } = await aiToMove(s);
    for (let i = 0; i < 2000 && value(await s.rest.view(id, alice)).status !== 'finished'; i++) {
      const state = value(await s.rest.view(id, alice));
      if (state.currentTurn !== alice) await driveAi(s);
      else {
        const [first] = state.playableCards;
        value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
      }
    }
    const record = value(await new Records(s.store).get('rest', id));
    // A damaged record (its result names another winner than the replay reaches) under many ids.
    const damaged = { ...record, result: record.result === null ? null : { ...record.result, winner: 'nobody' } };
    const failed: string[] = [];
    const reviews = new Reviews(
      { get: async (_variant, gameId) => ok({ ...damaged, gameId }) },
      { load: async () => null, save: async () => undefined },
      { pause: async () => {}, now: () => 5, failed: (key) => failed.push(key), queueLimit: 1 },
    );
    const drain = async (n: number) => {
      for (let i = 0; i < 20 && failed.length < n; i++) await new Promise((r) => setImmediate(r));
    };
    for (let i = 0; i < FAILURES_KEPT; i++) {
      expect(value(await reviews.get('rest', `R${i}`)).status).toBe('pending');
      await drain(i + 1);
    }
    expect(failed).toHaveLength(FAILURES_KEPT);
    expect(code(await reviews.get('rest', 'R0'))).toBe('review/failed');
    // One more failure: the remembered ones are forgotten, so R0 is tried again.
    expect(value(await reviews.get('rest', 'ONE-MORE')).status).toBe('pending');
    await drain(FAILURES_KEPT + 1);
    expect(value(await reviews.get('rest', 'R0')).status).toBe('pending');
  });
});
