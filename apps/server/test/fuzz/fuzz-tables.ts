import { EasyClient, ok } from '../easy-client.js';
import { Client, twoPlayers } from '../harness.js';
import { createGame, type Jar, PASSWORD, registered } from '../main-harness.js';
import { chooseFaceUp, Browser as PublicBrowser } from '../public-client.js';
import { ownHandIds, Browser as SimpleBrowser } from '../simple-rest-client.js';
import type { FuzzContext } from './fuzz-cases.js';

/**
 * One game in progress per route family, with what the fuzzer needs to reach past the schema
 * (live ids, seat credentials, card ids really held) and a snapshot of every seat's view of it.
 */

/** The route families that hold state a refused request must not change. */
export type Family = 'rest' | 'public' | 'easy' | 'simple-rest' | 'main';

export interface Table {
  readonly family: Family;
  readonly context: FuzzContext;
  /** The game's id in its family (a number for the main game). */
  readonly gameId: string;
  /** What every player of the game can GET about it, now. */
  snapshot(): Promise<unknown>;
}

/** The invite code every fuzz server seeds (good for many registrations). */
export const FUZZ_INVITE = 'FUZZ-INVITE';

/** The ids of every card a JSON value shows face up (objects with a `suit` and an `id`). */
export function cardIds(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const item of v) walk(item);
    else if (typeof v === 'object' && v !== null) {
      const record = v as Record<string, unknown>;
      if (typeof record.id === 'string' && 'suit' in record) found.add(record.id);
      for (const item of Object.values(record)) walk(item);
    }
  };
  walk(value);
  return [...found];
}

/** A started REST game of two humans. */
export async function restTable(base: string): Promise<Table> {
  const c = new Client(base);
  const { gameId, alice, bob } = await twoPlayers(c, { start: true });
  const snapshot = async () => [await c.state(gameId, alice.playerId), await c.state(gameId, bob.playerId)];
  const seen = await snapshot();
  return {
    family: 'rest',
    gameId,
    snapshot,
    context: {
      known: {
        gameId: [gameId],
        playerId: [alice.playerId, bob.playerId],
        playerName: ['Zed'],
        message: ['hello'],
        'cardIds[]': cardIds(seen),
      },
      cookie: undefined,
    },
  };
}

/** A public game of two humans, face-up cards chosen (playing); the cookie proves both seats. */
export async function publicTable(base: string): Promise<Table> {
  const alice = { browser: new PublicBrowser(base), username: 'Alice' };
  const bob = { browser: new PublicBrowser(base), username: 'Bob' };
  const { gameId } = await alice.browser.entered({ username: 'Alice', visibility: 'public' });
  await bob.browser.entered({ username: 'Bob', gameId });
  await alice.browser.done(gameId, 'start', { username: 'Alice' });
  await chooseFaceUp(gameId, alice);
  await chooseFaceUp(gameId, bob);
  const path = `/api/palace/games/${gameId}`;
  const snapshot = async () => [await alice.browser.state(gameId, 'Alice'), await bob.browser.state(gameId, 'Bob')];
  const ids = cardIds(await snapshot());
  return {
    family: 'public',
    gameId,
    snapshot,
    context: {
      known: {
        id: [gameId],
        gameId: [gameId],
        username: ['Alice', 'Bob'],
        message: ['hello'],
        'cardIds[]': ids,
        'selectedCards[]': ids,
      },
      cookie: `${alice.browser.cookieFor(path)}; ${bob.browser.cookieFor(path)}`,
    },
  };
}

/** A started easy game of two humans. */
export async function easyTable(base: string): Promise<Table> {
  const ez = new EasyClient(new Client(base));
  const alice = ok(await ez.create('Alice'));
  const bob = ok(await ez.join(alice.gameId, 'Bob'));
  ok(await ez.act(alice.gameId, 'start', { playerId: alice.playerId }));
  const { gameId } = alice;
  const snapshot = async () => [await ez.state(gameId, alice.playerId), await ez.state(gameId, bob.playerId)];
  return {
    family: 'easy',
    gameId,
    snapshot,
    context: {
      known: {
        gameId: [gameId],
        playerId: [alice.playerId, bob.playerId],
        playerName: ['Carol'],
        cardId: [...cardIds(await snapshot()), 'blind-0'],
      },
      cookie: undefined,
    },
  };
}

/** A simple REST game of two humans, face-up cards chosen (playing); the cookie proves both seats. */
export async function simpleRestTable(base: string): Promise<Table> {
  const alice = new SimpleBrowser(base, 'Alice');
  const bob = new SimpleBrowser(base, 'Bob');
  const { gameId } = await alice.seated();
  await bob.seated(gameId);
  const aliceHand = ownHandIds(await alice.state(gameId), 'Alice');
  const bobHand = ownHandIds(await bob.state(gameId), 'Bob');
  await alice.done(gameId, 'select-faceup', { cards: aliceHand.slice(0, 3) });
  await bob.done(gameId, 'select-faceup', { cards: bobHand.slice(0, 3) });
  const path = `/api/simple-game/${gameId}`;
  const snapshot = async () => [await alice.state(gameId), await bob.state(gameId)];
  const ids = cardIds(await snapshot());
  const cookies = [alice.jar.headerFor(path).cookie, bob.jar.headerFor(path).cookie].filter((c) => c !== undefined);
  return {
    family: 'simple-rest',
    gameId,
    snapshot,
    context: {
      known: {
        id: [gameId],
        gameId: [gameId],
        username: ['Alice', 'Bob'],
        message: ['hello'],
        card: ids,
        'cards[]': ids,
      },
      cookie: cookies.join('; '),
    },
  };
}

/**
 * The main API's state of a signed-in user (balance, history, games, friends, profile) around a
 * waiting game the user created; the context also knows a second user (a friend to add).
 */
export async function mainTable(base: string): Promise<Table> {
  const alice = await registered(base, FUZZ_INVITE, 'fuzzA');
  const bob = await registered(base, FUZZ_INVITE, 'fuzzB');
  const gameId = await createGame(alice.jar, { name: 'Fuzz table', playerLimit: 2 });
  const get = async (jar: Jar, path: string) => {
    const got = await jar.get(path);
    return { path, status: got.status, body: got.body };
  };
  const snapshot = async () =>
    Promise.all(
      ['/api/tokens/balance', '/api/tokens/history', '/api/games', '/api/friends/online', '/api/profile'].map((p) =>
        get(alice.jar, p),
      ),
    );
  return {
    family: 'main',
    gameId: String(gameId),
    snapshot,
    context: {
      known: {
        username: [alice.user.username, bob.user.username],
        password: [PASSWORD],
        confirmPassword: [PASSWORD],
        email: [`${alice.user.username.toLowerCase()}@example.com`, 'new@example.com'],
        inviteCode: [FUZZ_INVITE],
        id: [bob.user.id],
        gameId: [gameId],
        guestId: [bob.user.id],
        name: ['Fuzz game'],
        file: [`${alice.user.username}.svg`],
      },
      cookie: alice.jar.cookieHeader().cookie,
    },
  };
}

/** Builds every family's table, one after the other. */
export async function allTables(base: string): Promise<Record<Family, Table>> {
  return {
    rest: await restTable(base),
    public: await publicTable(base),
    easy: await easyTable(base),
    'simple-rest': await simpleRestTable(base),
    main: await mainTable(base),
  };
}
