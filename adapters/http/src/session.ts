import { fastifyCookie } from '@fastify/cookie';
import { SESSION_IDLE_MS } from '@palace/service';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie's name. Its value is the 256-bit token; the server keeps only its hash. */
export const SESSION_COOKIE = 'palace_session';

/** The session token a request carries (from its Cookie header), or undefined. */
export function sessionToken(headers: { readonly cookie?: string | undefined }): string | undefined {
  const header = headers.cookie;
  if (header === undefined || header === '') return undefined;
  const value = fastifyCookie.parse(header)[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
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
