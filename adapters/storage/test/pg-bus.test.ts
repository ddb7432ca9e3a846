import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyGamesStore } from '../src/index.js';
import { type BusEvent, decode, gameAnnouncer, MAX_PAYLOAD_BYTES, PgBus } from '../src/pg-bus.js';
import { DialectDatabases, POSTGRES_URL } from './dialects.js';
import { newGame, nextVersion } from './helpers.js';

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('pg bus - decoding', () => {
  it('pg bus - decodes other nodes’ messages and drops its own and malformed ones', () => {
    expect(decode(JSON.stringify({ n: 'b', t: 'game', k: 'main', i: '12', v: 3 }), 'a')).toEqual({
      t: 'game',
      k: 'main',
      i: '12',
      v: 3,
    });
    expect(decode(JSON.stringify({ n: 'a', t: 'signout', u: 4 }), 'a')).toBeNull();
    expect(decode(gameAnnouncer('a')(newGame('G1', 1_000)), 'a')).toBeNull();
    expect(decode(JSON.stringify({ t: 'signout', u: 4, n: 'a' }), 'a')).toBeNull();
    expect(decode(JSON.stringify({ n: 'b', t: 'signout', u: '4' }), 'a')).toBeNull();
    expect(decode(JSON.stringify({ n: 'b', t: 'left', r: 'x', s: 'y', why: 'sulked' }), 'a')).toBeNull();
    expect(decode('not json', 'a')).toBeNull();
    expect(decode(undefined, 'a')).toBeNull();
  });

  it('pg bus - a game announcement carries the stored game when it fits, else only its version', () => {
    const game = nextVersion(newGame('G7', 1_000), 2_000);
    const heard = decode(gameAnnouncer('b')(game), 'a');
    // As the store reads it back without entries: none kept, `entriesFrom` counts them.
    expect(heard).toEqual({
      t: 'game',
      k: game.kind,
      i: 'G7',
      v: game.version,
      g: { ...game, record: { ...game.record, entries: [] }, entriesFrom: game.record.entries.length },
    });
    // Too big for a NOTIFY payload: the version only (the node told reads the game).
    const big = { ...game, meta: { note: 'x'.repeat(MAX_PAYLOAD_BYTES) } };
    const payload = gameAnnouncer('b')(big);
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(decode(payload, 'a')).toEqual({ t: 'game', k: game.kind, i: 'G7', v: game.version });
    // A game that is not the one announced, or not whole, is dropped from the message.
    const other = JSON.parse(gameAnnouncer('b')(game)) as { g: Record<string, unknown> };
    for (const g of [{ ...other.g, id: 'G8' }, { ...other.g, version: 1 }, { ...other.g, state: null }, 'x']) {
      expect(decode(JSON.stringify({ ...other, g }), 'a')).toEqual({
        t: 'game',
        k: game.kind,
        i: 'G7',
        v: game.version,
      });
    }
  });
});

describe.skipIf(POSTGRES_URL === '')('pg bus - LISTEN/NOTIFY between two nodes', () => {
  const dbs = new DialectDatabases('postgres');
  let url = '';
  const buses: PgBus[] = [];

  beforeAll(async () => {
    url = await dbs.location('bus');
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await dbs.cleanUp();
  });

  async function node(
    nodeId: string,
  ): Promise<{ bus: PgBus; heard: BusEvent[]; db: Awaited<ReturnType<typeof dbs.open>> }> {
    const db = await dbs.open(url);
    const bus = await PgBus.start({ url, db, nodeId, retryMs: { first: 20, max: 200 } });
    buses.push(bus);
    const heard: BusEvent[] = [];
    bus.subscribe((event) => heard.push(event));
    return { bus, heard, db };
  }

  it('pg bus - a message reaches the other node, never its sender', async () => {
    const a = await node('node-a');
    const b = await node('node-b');
    await a.bus.send({ t: 'socket', u: 7, c: 'conn-1', at: 1000 });
    await b.bus.send({ t: 'signout', u: 8 });
    await until(() => a.heard.length > 0 && b.heard.length > 0, 'both messages');
    expect(b.heard).toEqual([{ t: 'socket', u: 7, c: 'conn-1', at: 1000 }]);
    expect(a.heard).toEqual([{ t: 'signout', u: 8 }]);
    // A node's own messages come back on the channel (in commit order) and are dropped: once a
    // reply sent after it has arrived, the own message would have too.
    await a.bus.send({ t: 'signout', u: 9 });
    await until(() => b.heard.length === 2, 'the second message');
    await b.bus.send({ t: 'signout', u: 11 });
    await until(() => a.heard.length === 2, 'the reply');
    expect(a.heard).toEqual([
      { t: 'signout', u: 8 },
      { t: 'signout', u: 11 },
    ]);
  });

  it('pg bus - a stored change is announced when its transaction commits, not when it rolls back', async () => {
    const a = await node('node-c');
    const b = await node('node-d');
    const store = new KyselyGamesStore(a.db, gameAnnouncer('node-c'));
    const game = newGame('BUS1', 1_000);
    expect(await store.insert(game)).toBe('saved');
    await until(() => b.heard.some((e) => e.t === 'game'), 'the game announcement');
    // The game goes along, exactly as the other node would read it.
    const stored = await store.load('BUS1', { entries: false });
    expect(b.heard.filter((e) => e.t === 'game')).toEqual([
      { t: 'game', k: game.kind, i: 'BUS1', v: game.version, g: stored },
    ]);
    // A save that loses its race writes nothing and announces nothing; the next good one is heard.
    const next = nextVersion(game, 2_000);
    expect(await store.save(next, game.version + 5)).toBe('conflict');
    expect(await store.save(next, game.version)).toBe('saved');
    await until(() => b.heard.filter((e) => e.t === 'game').length === 2, 'the save announcement');
    expect(b.heard.filter((e) => e.t === 'game').at(-1)).toEqual({
      t: 'game',
      k: game.kind,
      i: 'BUS1',
      v: game.version + 1,
      g: await store.load('BUS1', { entries: false }),
    });
  });

  it('pg bus - a lost listening connection is made again and subscribers are told to resync', async () => {
    const a = await node('node-e');
    const b = await node('node-f');
    const pid = b.bus.listenerPid;
    expect(pid).not.toBeNull();
    await sql`select pg_terminate_backend(${pid})`.execute(a.db);
    await until(() => b.heard.some((e) => e.t === 'resync'), 'resync');
    expect(b.bus.listenerPid).not.toBe(pid);
    // Listening again: a message sent now arrives.
    await a.bus.send({ t: 'signout', u: 10 });
    await until(() => b.heard.some((e) => e.t === 'signout' && e.u === 10), 'a message after the reconnect');
  });
});
