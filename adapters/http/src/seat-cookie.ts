import { createHash } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a seat cookie lasts, in seconds (a week: longer than any game). */
export const SEAT_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * The seat cookie's name for `username` in game `gameId`: `palace_seat_` + 20 hex digits of the
 * sha256 of the game id and the trimmed, lower-cased name. One cookie per (game, name), so one
 * browser can hold seats in many games, and two seats of one game (two tabs, two names).
 * `gameId` must be the id as the service stores it (normalized).
 */
export function seatCookieName(gameId: string, username: string): string {
  const digest = createHash('sha256').update(`${gameId}\n${username.trim().toLowerCase()}`).digest('hex');
  return `palace_seat_${digest.slice(0, 20)}`;
}

function attributes(request: FastifyRequest, path: string, maxAge: number) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    path,
    maxAge,
  };
}

/**
 * Sets the seat token of `username` in `gameId` (docs/product.md §D8): HttpOnly, SameSite=Strict, Secure
 * over HTTPS, scoped to `path`, the variant's API root (e.g. `/api/simple-game`), so the browser
 * sends it with the variant's join call as well as with the game's own routes. Appends to any
 * other Set-Cookie of the reply.
 */
export function setSeatCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  gameId: string,
  username: string,
  token: string,
): void {
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(seatCookieName(gameId, username), token, attributes(request, path, SEAT_COOKIE_MAX_AGE_S)),
  );
}

/** Expires the seat cookie of `username` in `gameId` (a freed seat's token proves nothing any more). */
export function clearSeatCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  gameId: string,
  username: string,
): void {
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(seatCookieName(gameId, username), '', attributes(request, path, 0)),
  );
}

/** The seat token the request carries for `username` in `gameId` (normalized), or undefined. */
export function seatToken(request: FastifyRequest, gameId: string, username: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || header === '') return undefined;
  const value = fastifyCookie.parse(header)[seatCookieName(gameId, username)];
  return value === undefined || value === '' ? undefined : value;
}
