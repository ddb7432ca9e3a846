import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimpleGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { sleep, startServer, useServer } from './harness.js';
import { Browser, cheapestPlay, expectNoLeak, type JoinAnswer, ownHandIds, playerNamed } from './simple-rest-client.js';

/** The simple REST game over HTTP: a whole game, the seat cookie, and a restart. */

const AI = 'AI Player 1';

/** Polls (as a client does every 2 s, here quicker) until `done` holds for `browser`'s view. */
async function until(
  browser: Browser,
  gameId: string,
  done: (state: SimpleGameState) => boolean,
  timeoutMs = 5_000,
): Promise<SimpleGameState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await browser.state(gameId);
    if (done(state)) return state;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last state ${JSON.stringify(state)}`);
    await sleep(10);
  }
}

/** Views of every human at one version, checked for leaks against each other's real hand cards. */
async function checkedViews(gameId: string, humans: readonly Browser[], stranger: Browser) {
  const views = await Promise.all(humans.map((h) => h.state(gameId)));
  const outside = await stranger.state(gameId);
  expectNoLeak(outside, new Set(views.flatMap((v, i) => ownHandIds(v, humans[i]?.username ?? ''))));
  expect(outside.you).toBeNull();
  const sameVersion = views.every((v) => v.lastUpdate === views[0]?.lastUpdate);
  views.forEach((view, i) => {
    const others = sameVersion
      ? views.flatMap((v, j) => (j === i ? [] : ownHandIds(v, humans[j]?.username ?? '')))
      : [];
    expectNoLeak(view, new Set(others));
    expect(view.you).toBe(humans[i]?.username);
  });
  return views;
}

describe('simple REST game over HTTP', () => {
  const served = useServer();

  it('simple REST - two humans and an AI play a whole game to a winner through HTTP only', async () => {
    const { server } = served();
    const alice = new Browser(server.base, 'Alice');
    const bob = new Browser(server.base, 'Bob');
    const stranger = new Browser(server.base, 'Nobody');

    const created: JoinAnswer = await alice.seated();
    const { gameId } = created;
    expect(gameId).toMatch(/^[A-Z0-9]{6}$/);
    expect(created.gameState.id).toBe(gameId);
    expect(created.gameState.status).toBe('setup');
    expect(created.gameState.you).toBe('Alice');
    expect(ownHandIds(created.gameState, 'Alice')).toHaveLength(6);
    // Bob types the id in lower case; it is the same game.
    const joined = await bob.seated(gameId.toLowerCase());
    expect(joined.gameId).toBe(gameId);

    const added = await alice.act<{ gameState: SimpleGameState; message: string }>(gameId, 'add-ai');
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(`${AI} joined the game`);
    expect(added.body.gameState.players.map((p) => [p.username, p.isAI])).toEqual([
      ['Alice', false],
      ['Bob', false],
      [AI, true],
    ]);
    // The AI picks its face-up cards on the server, after its delay.
    await until(alice, gameId, (s) => playerNamed(s, AI).selectedFaceUp);

    const aliceHand = ownHandIds(await alice.state(gameId), 'Alice');
    const afterAlice = await alice.done(gameId, 'select-faceup', { cards: aliceHand.slice(0, 3) });
    expect(playerNamed(afterAlice, 'Alice').faceUp.map((c) => c.id)).toEqual(aliceHand.slice(0, 3));
    expect(afterAlice.status).toBe('setup');
    // Bob sends the card objects he was shown.
    const bobHand = playerNamed(await bob.state(gameId), 'Bob').hand;
    const started = await bob.done(gameId, 'select-faceup', { cards: bobHand.slice(3, 6) });
    expect(started.status).toBe('playing');
    expect(started.players.every((p) => p.selectedFaceUp)).toBe(true);
    const first = started.currentTurn;
    expect(['Alice', 'Bob', AI]).toContain(first);
    expect(started.chat.filter((line) => line.isSystem).map((line) => line.text)).toEqual([
      'Alice joined the game',
      'Game has started. Select 3 cards to place face-up.',
      'Bob joined the game',
      `${AI} (AI) joined the game`,
      'All players are ready. Game has started!',
      `It's ${first}'s turn`,
    ]);
    expect(started.chat.every((line) => line.sender === 'System' && line.timestamp > 0)).toBe(true);
    const chatted = await bob.done(gameId, 'chat', { message: '  good luck!  ' });
    expect(chatted.chat.at(-1)).toMatchObject({ sender: 'Bob', text: 'good luck!', isSystem: false });

    const humans = [alice, bob];
    let final: SimpleGameState | null = null;
    const turnLines = new Set<string>();
    for (let step = 0; step < 5_000 && final === null; step++) {
      const views = await checkedViews(gameId, humans, stranger);
      for (const line of views[0]?.chat ?? []) if (line.text.startsWith("It's ")) turnLines.add(line.text);
      const state = views[0] as SimpleGameState;
      if (state.status === 'finished') {
        final = state;
        break;
      }
      const mover = humans.find((h) => h.username === state.currentTurn);
      const mine = humans.indexOf(mover as Browser);
      const view = views[mine];
      if (mover === undefined || view === undefined || view.lastUpdate !== state.lastUpdate) {
        // The AI's turn (or it just moved): the client polls until it has played.
        await sleep(5);
        continue;
      }
      const card = cheapestPlay(view);
      if (card !== null) await mover.done(gameId, 'play-card', { card });
      else {
        expect(view.canPickUp).toBe(true);
        await mover.done(gameId, 'pickup-pile');
      }
    }
    if (final === null) throw new Error('the game did not end');
    expect(final.winner).not.toBeNull();
    expect(final.currentTurn).toBeNull();
    expect(final.standings?.map((s) => s.place)).toEqual([1, 2, 3]);
    expect(final.standings?.[0]?.username).toBe(final.winner);
    expect(final.standings?.map((s) => s.username).sort()).toEqual(['AI Player 1', 'Alice', 'Bob']);
    expect(final.standings?.[0]?.cardsLeft).toBe(0);
    expect(final.chat.filter((l) => l.isSystem).at(-1)?.text).toBe(`Game over! ${final.winner} wins!`);
    // Every player had a turn line, the AI included.
    for (const name of ['Alice', 'Bob', AI]) expect(turnLines).toContain(`It's ${name}'s turn`);
    // Nothing more can happen.
    const late = await alice.act(gameId, 'pickup-pile');
    expect(late.status).toBe(409);
  });

  it('simple REST - every route is in the OpenAPI document with its tag, summary and refusals', async () => {
    const { server } = served();
    type Operation = { tags?: string[]; summary?: string; responses?: Record<string, unknown> };
    const doc = (await (await fetch(`${server.base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/simple-game'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const));
    expect(operations.map(([name]) => name).sort()).toEqual(
      [
        'get /api/simple-game/{id}',
        'post /api/simple-game/join',
        ...['add-ai', 'select-faceup', 'play-card', 'pickup-pile', 'chat', 'leave'].map(
          (action) => `post /api/simple-game/{id}/${action}`,
        ),
      ].sort(),
    );
    for (const [, op] of operations) {
      expect(op.tags).toEqual(['Simple REST game']);
      expect(op.summary?.length).toBeGreaterThan(10);
      expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
    }
  });

  it('simple REST - the seat cookie is HttpOnly, SameSite=Strict and scoped to the variant API root', async () => {
    const { server } = served();
    const alice = new Browser(server.base, 'Alice');
    const { gameId } = await alice.seated();
    const line = alice.jar.received.at(-1) ?? '';
    expect(line).toMatch(/^palace_seat_[0-9a-f]{20}=[^;]+;/);
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/api/simple-game');
    expect(line).toContain('Path=/api/simple-game;');
    expect(attributes.some((a) => a.startsWith('max-age='))).toBe(true);
    // Plain HTTP: not Secure (it would never be sent back).
    expect(attributes).not.toContain('secure');
    // The token is not in any answer body.
    const token = line.split(';')[0]?.split('=')[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect((await alice.view(gameId)).text).not.toContain(token);
  });

  it('simple REST - the same name with its cookie takes the seat back; leaving in setup frees it', async () => {
    const { server } = served();
    const alice = new Browser(server.base, 'Alice');
    const bob = new Browser(server.base, 'Bob');
    const { gameId } = await alice.seated();
    await bob.seated(gameId);
    const before = await bob.state(gameId);
    const again = await bob.rejoin(gameId);
    expect(again.status).toBe(200);
    expect(again.body.gameState.players).toHaveLength(2);
    expect(ownHandIds(again.body.gameState, 'Bob')).toEqual(ownHandIds(before, 'Bob'));

    const left = await bob.done(gameId, 'leave');
    expect(left.you).toBeNull();
    expect(left.players.map((p) => p.username)).toEqual(['Alice']);
    expect(left.chat.at(-1)?.text).toBe('Bob left the game');
    expect(bob.jar.all()).toEqual([]);
    // The name is free again: someone else may take it, in another browser.
    const other = new Browser(server.base, 'Bob');
    expect((await other.join(gameId)).status).toBe(200);
  });
});

describe('simple REST game across a restart', () => {
  it('simple REST - a game continues on a new server over the same file, with the same cookies and AI', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'palace-simple-rest-'));
    const dataFile = join(dir, 'palace.db');
    try {
      // A slow AI: its face-up choice is still pending when the first server stops.
      const first = await startServer({ dataFile, aiDelayMs: 1_500 });
      const alice = new Browser(first.base, 'Alice');
      const bob = new Browser(first.base, 'Bob');
      const { gameId } = await alice.seated();
      await bob.seated(gameId);
      const withAi = await alice.act<{ gameState: SimpleGameState }>(gameId, 'add-ai');
      expect(playerNamed(withAi.body.gameState, AI).selectedFaceUp).toBe(false);
      const aliceHand = ownHandIds(await alice.state(gameId), 'Alice');
      await alice.done(gameId, 'select-faceup', { cards: aliceHand.slice(0, 3) });
      const bobHand = ownHandIds(await bob.state(gameId), 'Bob');
      expect(playerNamed(await alice.state(gameId), AI).selectedFaceUp).toBe(false);
      await first.close();

      const second = await startServer({ dataFile });
      try {
        const alice2 = new Browser(second.base, 'Alice');
        const bob2 = new Browser(second.base, 'Bob');
        for (const [from, to] of [
          [alice, alice2],
          [bob, bob2],
        ] as const)
          for (const cookie of from.jar.all()) to.jar.add(cookie);
        // The cookies still prove the seats: each sees its own hand.
        expect(ownHandIds(await bob2.state(gameId), 'Bob')).toEqual(bobHand);
        expect((await alice2.state(gameId)).you).toBe('Alice');
        // The AI's pending choice was re-armed at boot.
        await until(alice2, gameId, (s) => playerNamed(s, AI).selectedFaceUp);
        const started = await bob2.done(gameId, 'select-faceup', { cards: bobHand.slice(0, 3) });
        expect(started.status).toBe('playing');
        const mover = [alice2, bob2].find((b) => b.username === started.currentTurn);
        if (mover !== undefined) {
          const card = cheapestPlay(await mover.state(gameId));
          expect(card).not.toBeNull();
          const played = await mover.done(gameId, 'play-card', { card });
          expect(played.pileCount).toBeGreaterThan(0);
        } else {
          await until(alice2, gameId, (s) => s.pileCount > 0 || s.currentTurn !== AI);
        }
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
