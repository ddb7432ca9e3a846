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
 * `serverFactory`. Anything added to every response later (security headers) must be added here
 * too.
 */
export function restPollFastPath(games: RestGames): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined || !url.startsWith('/api/rest-games/')) return false;
    const match = POLL_URL.exec(url);
    if (match === null) return false;
    let playerId: string | undefined;
    let lastUpdate: number | undefined;
    for (const [key, value] of new URLSearchParams(match[2])) {
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
    response.writeHead(304);
    response.end();
    return true;
  };
}
