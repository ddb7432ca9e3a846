import type { IncomingMessage, ServerResponse } from 'node:http';
import { REST_CREDENTIAL_MAX } from '@palace/protocol';
import type { RestGames } from '@palace/service';

/** `/api/rest-games/{6-character id}/poll?{query}` */
const POLL_URL = /^\/api\/rest-games\/([A-Za-z0-9]{6})\/poll\?([^#]*)$/;
const WHOLE_NUMBER = /^\d{1,15}$/;

/**
 * The one hot path that bypasses the framework: an idle poll (a known game, unchanged since the
 * client's `lastUpdate`, asked by a seat's credential or a stranger) answered 304 straight from
 * memory. Every poll is such a poll most of the time, every second, from every player.
 *
 * It answers only when the request is exactly what the `/api/rest-games/:gameId/poll` route's
 * schemas accept and the answer is "unchanged"; anything else (another URL, an odd or extra
 * query field, an unknown game, a change, a wrong credential) returns false and goes through
 * Fastify as usual, which would have given the same 304. Install it with Fastify's
 * `serverFactory`. `headers` (name, value, name, value …) go on every answer it gives: anything
 * added to every response (security headers) must be among them.
 *
 * Cost (issue 23, measured pinned against a bare node:http 304): the headers are written as one
 * raw list by `writeHead`, not set one by one (four `setHeader` calls cost about 15 % of the
 * throughput), and the query is split by hand; one with an escape (`%`, `+`) goes to the framework,
 * which decodes it (credentials and numbers never need one).
 */
export function restPollFastPath(
  games: RestGames,
  headers: readonly string[] = [],
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const raw = [...headers];
  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith('/api/rest-games/')) return false;
    const match = POLL_URL.exec(url);
    if (match === null) return false;
    const query = match[2] as string;
    if (query.includes('%') || query.includes('+')) return false;
    let playerId: string | undefined;
    let lastUpdate: number | undefined;
    for (const part of query.split('&')) {
      const eq = part.indexOf('=');
      if (eq < 0) return false;
      const key = part.slice(0, eq);
      const value = part.slice(eq + 1);
      if (key === 'playerId' && playerId === undefined && value.length >= 1 && value.length <= REST_CREDENTIAL_MAX) {
        playerId = value;
      } else if (key === 'lastUpdate' && lastUpdate === undefined && WHOLE_NUMBER.test(value)) {
        lastUpdate = Number(value);
      } else {
        return false;
      }
    }
    if (lastUpdate === undefined) return false;
    const answer = games.pollFromMemory(match[1] as string, playerId, lastUpdate);
    if (answer === undefined || !answer.ok) return false;
    response.writeHead(304, raw);
    response.end();
    return true;
  };
}
