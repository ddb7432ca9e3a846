import { fastifyCookie } from '@fastify/cookie';
import { type AuthService, SESSION_IDLE_MS, type User } from '@palace/service';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';

/** The session cookie's name. Its value is the 256-bit token; the server keeps only its hash. */
export const SESSION_COOKIE = 'palace_session';

/** The session token a request carries (from its Cookie header), or undefined. */
export function sessionToken(headers: { readonly cookie?: string | undefined }): string | undefined {
  const header = headers.cookie;
  if (header === undefined || header === '') return undefined;
  const value = fastifyCookie.parse(header)[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/** A route's check of the session: its user, or null with the refusal (a 401) already sent. */
export function sessionGuard(
  auth: Pick<AuthService, 'check'>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<User | null> {
  return async (request, reply) => {
    const user = await auth.check(sessionToken(request.headers));
    if (user.ok) return user.value;
    sendError(reply, user.error, 'message');
    return null;
  };
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, path /, Secure when the request came over
 * HTTPS (directly or through a proxy that says so), kept for the session's idle period.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

/**
 * A route's check of who asks, where bot accounts get the route's own answer instead of 401
 * (docs/bots.md, docs/tournaments.md: "Bots cannot enter tournaments"): a request with an
 * `Authorization: Bearer` header is its bot (401 "Invalid or revoked bot token." when no bot has
 * that token), any other the session cookie's user. Null with the refusal sent.
 */
export function sessionOrBotGuard(
  auth: Pick<AuthService, 'check'>,
  bots: { authenticate(token: string): Promise<User | null> },
): (request: FastifyRequest, reply: FastifyReply) => Promise<User | null> {
  const session = sessionGuard(auth);
  return async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!/^Bearer(\s|$)/i.test(header)) return session(request, reply);
    const bot = await bots.authenticate(header.slice('Bearer'.length).trim());
    if (bot === null) reply.code(401).send({ message: BAD_BOT_TOKEN });
    return bot;
  };
}

/** The refusal of a Bearer token that is no bot's current token (docs/bots.md). */
export const BAD_BOT_TOKEN = 'Invalid or revoked bot token.';
