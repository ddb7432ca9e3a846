import type { GameRecord } from '@palace/core';
import type { PublicGameState, RestGameState, SimpleGameState } from '@palace/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EasyClient, ok, playToEnd as playEasy } from '../easy-client.js';
import { Client, sleep, useServer } from '../harness.js';
import { chooseFaceUp, moveIfDue, Browser as PublicBrowser } from '../public-client.js';
import { Browser as SimpleBrowser } from '../simple-rest-client.js';
import { sortExchanges, streamsOf } from './http-attribution.js';
import { HttpTap } from './http-tap.js';
import { addTotals, LeakError, type ScanTotals, scanCardless, scanGame } from './leak-scan.js';

/**
 * The polling variants: every HTTP answer each player, spectator and stranger received in many
 * games of the REST game (`/poll` included), the simple REST game, public games (with a spectator)
 * and the easy variant, and every lobby and list answer, checked for hidden cards and early seeds.
 * One human per game plays against AI seats; a stranger (or spectator) watches throughout.
 */

/**
 * How long one game may take at most. Nine games run at once against one server, each move a durable
 * write: on a busy 2-core CI machine a long deal (up to the move cap) has taken over 20 s. The loop
 * ends with the game (every game ends: the move cap); the bound only turns a hang into a failure.
 */
const LIMIT_MS = 90_000;

async function until<T>(what: string, step: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + LIMIT_MS;
  for (;;) {
    const done = await step();
    if (done !== undefined) return done;
    if (Date.now() > deadline) throw new Error(`${what} did not end within ${LIMIT_MS} ms`);
    await sleep(5);
  }
}

describe('leaks - polling variants over HTTP', () => {
  const served = useServer({ aiDelayMs: 1 });
  const tap = new HttpTap();
  beforeAll(() => tap.start());
  afterAll(() => tap.stop());

  /** The REST game: the human polls with `lastUpdate`, plays its first playable card or picks up. */
  async function restGame(n: number): Promise<string> {
    const c = new Client(served().server.base);
    const variant = ['classic', 'easy', 'wild'][n % 3] as string;
    const ann = await c.seated(c.create({ playerName: 'Ann', variant, maxPlayers: 4 }));
    const { gameId, playerId } = ann;
    for (let i = 0; i < 1 + (n % 3); i++) await c.done(gameId, 'ai', { playerId });
    await c.done(gameId, 'ready', { playerId });
    await c.done(gameId, 'start', { playerId });
    let lastUpdate = 0;
    let state: RestGameState | undefined;
    let loops = 0;
    await until(`REST game ${gameId}`, async () => {
      loops += 1;
      if (loops % 7 === 0) await c.view(gameId);
      if (loops % 11 === 0) await c.get('/api/rest-games/lobby');
      const polled = await c.poll(gameId, playerId, lastUpdate);
      if (polled.status === 200 && polled.body !== undefined) {
        state = polled.body.gameState;
        lastUpdate = polled.body.lastUpdate;
      }
      if (state === undefined) return undefined;
      if (state.status === 'finished') return state;
      if (state.currentTurn !== playerId) return undefined;
      const card = state.playableCards[0];
      const moved =
        card === undefined
          ? await c.act(gameId, 'pickup', { playerId })
          : await c.act(gameId, 'play', { playerId, cardId: card });
      // A move the AI made first is refused as not your turn; the next poll catches up.
      if (moved.status === 200) state = moved.body;
      return undefined;
    });
    await c.view(gameId);
    return gameId;
  }

  /** The simple REST game: the human chooses face-up cards, then plays whenever it is its turn. */
  async function simpleRestGame(n: number): Promise<string> {
    const { base } = served().server;
    const ann = new SimpleBrowser(base, 'Ann');
    const stranger = new SimpleBrowser(base, 'Nobody');
    const { gameId, gameState } = await ann.seated();
    for (let i = 0; i < 1 + (n % 3); i++) await ann.done(gameId, 'add-ai');
    const hand = gameState.players.find((p) => p.username === 'Ann')?.hand ?? [];
    await ann.done(gameId, 'select-faceup', { cards: hand.slice(0, 3).map((c) => c.id) });
    let loops = 0;
    await until(`simple REST game ${gameId}`, async () => {
      loops += 1;
      if (loops % 5 === 0) await stranger.view(gameId, null);
      const state: SimpleGameState = await ann.state(gameId);
      if (state.status === 'finished') return state;
      if (state.currentTurn !== 'Ann') return undefined;
      const card = state.playableCards[0];
      await (card === undefined ? ann.act(gameId, 'pickup-pile') : ann.act(gameId, 'play-card', { card }));
      return undefined;
    });
    await stranger.view(gameId, null);
    return gameId;
  }

  /** A public game with a spectator who joins once it has started and watches to the end. */
  async function publicGame(n: number): Promise<string> {
    const { base } = served().server;
    const ann = { browser: new PublicBrowser(base), username: 'Ann' };
    const carol = new PublicBrowser(base);
    const { gameId } = await ann.browser.entered({ username: 'Ann' });
    for (let i = 0; i < 1 + (n % 3); i++) await ann.browser.done(gameId, 'ai', { username: 'Ann' });
    await ann.browser.done(gameId, 'start', { username: 'Ann' });
    const watching = await carol.entered({ username: 'Carol', gameId });
    expect(watching.asSpectator).toBe(true);
    await chooseFaceUp(gameId, ann);
    let loops = 0;
    await until(`public game ${gameId}`, async () => {
      loops += 1;
      await carol.view(gameId, 'Carol');
      if (loops % 9 === 0) await carol.list();
      const state: PublicGameState = await ann.browser.state(gameId, 'Ann');
      if (state.status === 'finished') return state;
      if (state.status === 'playing') await moveIfDue(gameId, [ann], state);
      return undefined;
    });
    await carol.view(gameId, 'Carol');
    return gameId;
  }

  /** The easy variant: the human plays, the test calls `ai-move` on the AI seats' turns (easy-client). */
  async function easyGame(n: number): Promise<string> {
    const ez = new EasyClient(new Client(served().server.base));
    const { gameId, playerId } = ok(await ez.create('Ann'));
    for (let i = 0; i < 1 + (n % 3); i++) ok(await ez.act(gameId, 'ai', { playerId }));
    ok(await ez.act(gameId, 'start', { playerId }));
    await playEasy(ez, gameId, [playerId]);
    await ez.view(gameId);
    return gameId;
  }

  it('leaks - no answer names a card its receiver may not see, nor the seed before the end', async () => {
    const { base } = served().server;
    const lists = new Client(base);
    const started = await Promise.all([
      // The REST game once per variant (classic, easy, wild) with one to three AI seats; the others
      // at two and four seats (n % 3 picks the number of AI seats).
      ...[0, 1, 2].map(async (n) => ({ kind: 'rest', id: await restGame(n) })),
      ...[0, 2].map(async (n) => ({ kind: 'simple-rest', id: await simpleRestGame(n) })),
      ...[0, 2].map(async (n) => ({ kind: 'public', id: await publicGame(n) })),
      ...[0, 2].map(async (n) => ({ kind: 'easy', id: await easyGame(n) })),
    ]);
    await lists.get('/api/rest-games/lobby');
    await lists.get('/api/palace/games');
    const records = new Map<string, GameRecord>();
    for (const { kind, id } of started) {
      const got = await lists.get<GameRecord>(`/api/records/${kind}/${id}`);
      expect(got.status, got.text).toBe(200);
      records.set(`${kind} ${id}`, got.body);
    }

    const sorted = sortExchanges(tap.exchanges);
    const totals: ScanTotals = { payloads: 0, bytes: 0, states: 0 };
    for (const [key, game] of sorted.games) {
      const record = records.get(key);
      if (record === undefined) throw new Error(`answers about ${key}, a game this test did not play`);
      addTotals(totals, scanGame(key, record, streamsOf(game, record)));
    }
    expect(sorted.games.size).toBe(started.length);
    const seeds = [...records.values()].map((r) => r.seed);
    for (const exchange of sorted.other) {
      scanCardless(`${exchange.method} ${exchange.url.pathname}`, exchange.text, seeds);
      totals.payloads += 1;
      totals.bytes += Buffer.byteLength(exchange.text);
    }
    console.info(`leaks polling: ${started.length} games, ${JSON.stringify(totals)}`);
    expect(totals.states).toBeGreaterThan(started.length * 50);

    // The scan can fail: the human's answers read as if the stranger had received them name its hand.
    const [key, game] = [...sorted.games][0] as [string, typeof sorted.games extends Map<string, infer G> ? G : never];
    const record = records.get(key) as GameRecord;
    const human = streamsOf(game, record).find((s) => s.viewer !== null);
    if (human === undefined) throw new Error('no seated viewer in the first game');
    expect(() => scanGame(key, record, [{ ...human, viewer: null }])).toThrow(LeakError);
  }, 240_000);
});
