import { KyselyGamesStore, openSqlite } from '@palace/adapter-storage';
import { describe, expect, it } from 'vitest';
import { useServer } from '../harness.js';
import { runWsLoad } from './ws-load.js';

/**
 * 200 websocket clients in 50 main games playing random legal moves for 12 s: no legal move is
 * refused, no socket is dropped, and every stored game equals the replay of its record. Speed is
 * reported (and benchmarked by `npm run bench`, bench/load.ts, for 25 s), never asserted.
 *
 * 12 s spans the sockets' 10 s flood window and about 2,900 moves (10 finished games): a server
 * refusing one play in 300 failed it (7 refused), and so did one closing a socket in 2,000 plays
 * (checked on a scratch change when it came down from 25 s).
 */

const GAMES = 50;
const SECONDS = 12;
const THINK_MS = 200;

describe('load - main game over /ws', () => {
  const served = useServer();

  it('load - 200 clients in 50 games play 12 s with no rejected legal move, no drop, replays equal', async () => {
    const { server } = served();
    const db = await openSqlite(server.dataFile);
    const store = new KyselyGamesStore(db);
    try {
      const report = await runWsLoad({
        base: server.base,
        games: GAMES,
        seconds: SECONDS,
        thinkMs: THINK_MS,
        stored: async (id) => {
          const game = await store.load(id, { entries: true });
          return game === null ? null : { state: game.state, record: game.record };
        },
      });
      const { rejections, replayMismatches, ...numbers } = report;
      console.info(`load /ws: ${JSON.stringify(numbers)}`);
      expect(report.clients).toBe(GAMES * 4);
      expect(rejections).toEqual([]);
      expect(report.unexpectedDisconnects).toBe(0);
      expect(replayMismatches).toEqual([]);
      expect(report.moves).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
