import { createHash } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a seat cookie lasts, in seconds (a week: longer than any game). */
export const SEAT_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * The seat cookie's name for `username`: `palace_seat_` + 16 hex digits of the sha256 of the
 * trimmed, lower-cased name. One cookie per (game path, username), so one browser can hold two
 * seats of one game (two tabs, two names) without one overwriting the other.
 */
export function seatCookieName(username: string): string {
  const digest = createHash('sha256').update(username.trim().toLowerCase()).digest('hex');
  return `palace_seat_${digest.slice(0, 16)}`;
}

/**
 * Sets the seat token of `username` (DECISIONS §8): HttpOnly, SameSite=Strict, Secure over
 * HTTPS, scoped to `path` (the game's own API path, e.g. `/api/simple-game/ABC123`), so a browser
 * sends it only with requests about that game. Appends to any other Set-Cookie of the reply.
 */
export function setSeatCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  username: string,
  token: string,
): void {
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(seatCookieName(username), token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path,
      maxAge: SEAT_COOKIE_MAX_AGE_S,
    }),
  );
}

/** The seat token the request carries for `username`, or undefined. */
export function seatToken(request: FastifyRequest, username: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || header === '') return undefined;
  const value = fastifyCookie.parse(header)[seatCookieName(username)];
  return value === undefined || value === '' ? undefined : value;
}
