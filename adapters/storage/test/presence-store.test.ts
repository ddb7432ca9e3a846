import { afterAll, describe, expect, it } from 'vitest';
import { KyselyPresenceStore, NODE_ALIVE_MS, NODE_FORGET_MS } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';

const T = 1_700_000_000_000;

describe.each(DIALECTS)('presence store (%s)', (dialect) => {
  const dbs = new DialectDatabases(dialect);
  afterAll(() => dbs.cleanUp());

  async function twoNodes(): Promise<{ a: KyselyPresenceStore; b: KyselyPresenceStore }> {
    const db = await dbs.fresh('presence');
    const a = new KyselyPresenceStore(db, 'node-a');
    const b = new KyselyPresenceStore(db, 'node-b');
    await a.registerNode(T);
    await b.registerNode(T);
    return { a, b };
  }

  it('presence store - a socket opened on one node is seen from the other, until it closes', async () => {
    const { a, b } = await twoNodes();
    expect(await b.lastActive(1, T)).toBeNull();
    await a.opened(1, 'c1', T);
    expect(await b.lastActive(1, T + 1)).toBe(T);
    await a.active(1, 'c1', T + 500);
    expect(await b.lastActive(1, T + 600)).toBe(T + 500);
    await a.closed(1, 'c1');
    expect(await b.lastActive(1, T + 700)).toBeNull();
  });

  it('presence store - a newer socket owns the row: the older one closing leaves it', async () => {
    const { a, b } = await twoNodes();
    await a.opened(2, 'old', T);
    await b.opened(2, 'new', T + 10);
    await a.closed(2, 'old');
    await a.active(2, 'old', T + 20);
    expect(await a.lastActive(2, T + 30)).toBe(T + 10);
    await b.closed(2, 'new');
    expect(await a.lastActive(2, T + 30)).toBeNull();
  });

  it('presence store - a silent node’s users go offline; a dead node is forgotten; a removed node leaves nothing', async () => {
    const { a, b } = await twoNodes();
    await a.opened(3, 'c3', T);
    await b.opened(4, 'c4', T);
    // Node b keeps saying it is alive; node a stopped at T.
    await b.heartbeat(T + NODE_ALIVE_MS);
    expect(await b.lastActive(3, T + NODE_ALIVE_MS)).toBe(T);
    expect(await b.lastActive(3, T + NODE_ALIVE_MS + 1)).toBeNull();
    expect(await a.lastActive(4, T + NODE_ALIVE_MS + 1)).toBe(T);
    await b.heartbeat(T + NODE_FORGET_MS + 1);
    expect(await b.forgetDeadNodes(T + NODE_FORGET_MS + 1)).toBe(1);
    // Node a comes back (a restart under the same id): its user's old row is gone.
    await a.registerNode(T + NODE_FORGET_MS + 2);
    expect(await a.lastActive(3, T + NODE_FORGET_MS + 2)).toBeNull();
    await b.removeNode();
    expect(await a.lastActive(4, T + NODE_FORGET_MS + 2)).toBeNull();
  });

  it('presence store - registering again under the same id drops the rows of the earlier run', async () => {
    const { a } = await twoNodes();
    await a.opened(5, 'c5', T);
    await a.registerNode(T + 1);
    expect(await a.lastActive(5, T + 2)).toBeNull();
  });
});
