import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  RecordingPublisher,
  RestGames,
  SequentialIds,
} from '@palace/service';
import { describe, expect, it } from 'vitest';
import { restPollFastPath } from '../src/poll-fast-path.js';

async function rig() {
  const clock = new ManualClock();
  const games = new RestGames({
    store: new MemoryGamesStore(),
    clock,
    ids: new SequentialIds(),
    scheduler: new ManualScheduler(clock),
    publisher: new RecordingPublisher(),
  });
  const created = await games.create({ playerName: 'Ann' });
  if (!created.ok) throw new Error(created.error.code);
  const { gameId, playerId, gameState } = created.value;
  const fast = restPollFastPath(games, ['x-frame-options', 'DENY', 'referrer-policy', 'no-referrer']);
  return { games, gameId, playerId, version: gameState.lastUpdate, fast };
}

/** Runs the fast path on a GET of `url`; returns whether it answered and with what. */
function ask(fast: ReturnType<typeof restPollFastPath>, url: string, method = 'GET') {
  const written: Array<{ status: number; headers?: unknown; ended: boolean }> = [];
  const response = {
    writeHead(status: number, headers?: unknown) {
      written.push({ status, headers, ended: false });
      return this;
    },
    end() {
      const last = written.at(-1);
      if (last !== undefined) last.ended = true;
      return this;
    },
  };
  const handled = fast({ method, url } as IncomingMessage, response as unknown as ServerResponse);
  return { handled, written };
}

describe('idle poll fast path', () => {
  it('fast path - answers 304 for a known, unchanged game asked by its seat or a stranger', async () => {
    const { fast, gameId, playerId, version } = await rig();
    const own = ask(
      fast,
      `/api/rest-games/${gameId}/poll?playerId=${encodeURIComponent(playerId)}&lastUpdate=${version}`,
    );
    const headers = ['x-frame-options', 'DENY', 'referrer-policy', 'no-referrer'];
    expect(own).toEqual({ handled: true, written: [{ status: 304, headers, ended: true }] });
    expect(ask(fast, `/api/rest-games/${gameId.toLowerCase()}/poll?lastUpdate=${version + 5}`).handled).toBe(true);
  });

  it('fast path - leaves everything else to the framework', async () => {
    const { fast, games, gameId, playerId, version } = await rig();
    const id = encodeURIComponent(playerId);
    const passes = [
      `/api/rest-games/${gameId}/poll?playerId=${id}&lastUpdate=${version - 1}`, // changed since
      `/api/rest-games/${gameId}/poll?playerId=p1&lastUpdate=${version}`, // a public seat id: 403 there
      `/api/rest-games/${gameId}/poll?playerId=nope&lastUpdate=${version}`, // unknown id: 403 there
      `/api/rest-games/ZZZZZZ/poll?lastUpdate=${version}`, // unknown game: 404 there
      `/api/rest-games/${gameId}/poll?playerId=${id}`, // no lastUpdate: the route's default
      `/api/rest-games/${gameId}/poll?playerId=${id}&lastUpdate=abc`, // invalid: 400 there
      `/api/rest-games/${gameId}/poll?playerId=${id}&lastUpdate=${version}&x=1`, // extra field
      `/api/rest-games/${gameId}/poll?playerId=${id}&playerId=${id}&lastUpdate=${version}`, // repeated
      `/api/rest-games/${gameId}/poll?playerId=&lastUpdate=${version}`, // empty id: 400 there
      `/api/rest-games/${gameId}/poll?playerId&lastUpdate=${version}`, // no value: 400 there
      `/api/rest-games/${gameId}/poll?playerId=${id}&&lastUpdate=${version}`, // an empty field
      `/api/rest-games/${gameId}/poll?playerId=${id}%41&lastUpdate=${version}`, // escaped: decoded there
      `/api/rest-games/${gameId}/poll?playerId=${id}&lastUpdate=+${version}`, // "+" is a space there
      `/api/rest-games/${gameId}?playerId=${id}`,
      `/api/rest-games/${gameId}1/poll?lastUpdate=${version}`,
      '/healthz',
    ];
    for (const url of passes) expect(ask(fast, url), url).toEqual({ handled: false, written: [] });
    expect(ask(fast, `/api/rest-games/${gameId}/poll?lastUpdate=${version}`, 'POST').handled).toBe(false);
    // After a change the same poll is no longer answered here.
    await games.chat(gameId, playerId, 'hi');
    expect(ask(fast, `/api/rest-games/${gameId}/poll?playerId=${id}&lastUpdate=${version}`).handled).toBe(false);
  });
});
