import { afterAll, beforeAll, describe } from 'vitest';
import { dropFreshPostgres, freshPostgresUrl, POSTGRES_URL } from '../../../adapters/storage/test/dialects.js';
import { type ServerOptions, startServer, type TestServer } from './harness.js';

/** The cluster suites need a PostgreSQL test server (`PALACE_TEST_DATABASE_URL`); without one they skip. */
export const clusterDescribe = POSTGRES_URL === '' ? describe.skip : describe;

/** Two server nodes in this process sharing one fresh PostgreSQL database. */
export interface Nodes {
  readonly a: TestServer;
  readonly b: TestServer;
}

/**
 * Starts nodes `a` and `b` on a fresh database before the suite's tests and stops them (and drops
 * the database) after. The getter is called inside a test.
 */
export function useNodes(options: ServerOptions = {}): () => Nodes {
  let nodes: Nodes | undefined;
  let url = '';
  beforeAll(async () => {
    url = await freshPostgresUrl('palace_cluster');
    const a = await startServer({ ...options, databaseUrl: url, nodeId: 'node-a' });
    const b = await startServer({ ...options, databaseUrl: url, nodeId: 'node-b' }).catch(async (error: unknown) => {
      await a.close();
      throw error;
    });
    nodes = { a, b };
  }, 60_000);
  afterAll(async () => {
    await nodes?.a.close();
    await nodes?.b.close();
    if (url !== '') await dropFreshPostgres(url);
  });
  return () => {
    if (nodes === undefined) throw new Error('useNodes: the nodes run only while the tests do');
    return nodes;
  };
}

/** Waits until `check` answers true (polling every 20 ms); fails after `timeoutMs` saying `what`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
