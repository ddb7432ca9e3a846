import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AvatarParams,
  GuestLoginBody,
  LoginBody,
  LogoutResponse,
  MessageBody,
  RegisterBody,
  UserBody,
} from '@palace/protocol';
import type { AuthService, RateLimiter, User } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { initialsSvg } from './avatar.js';
import { installErrorHandling, sendError } from './errors.js';
import { LoginFailures, TOO_MANY_ATTEMPTS } from './login-failures.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session.js';

const tags = ['accounts'];
/** New guests per client address per minute unless told (docs/product.md §D12: a classroom still gets in). */
export const GUESTS_PER_MINUTE = 30;
const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 409: MessageBody, 429: MessageBody };
/** Auth bodies are small; a bigger one is refused before parsing. */
const AUTH_BODY_LIMIT = 16 * 1024;

export function userBody(user: User): UserBody {
  const { id, username, email, avatar, isGuest, isBot } = user;
  return { id, username, email, avatar, isGuest, isBot };
}

/**
 * `/api/auth/*` (docs/product.md §P1.7) with the session cookie, and the generated-initials avatars under
 * `/api/avatars/{name}.svg`. Refusals answer `{ "message": … }`.
 */
export async function authRoutes(
  fastify: FastifyInstance,
  options: {
    readonly auth: AuthService;
    /** Called after a user signs out (the composition root closes their live sockets). */
    readonly onSignOut?: (userId: number) => void;
    /** The abuse limits' counters (per node, or shared through the database; docs/product.md §D12). */
    readonly limiter: RateLimiter;
    /**
     * Failed logins allowed per account (by the normalised login) in `windowMs`; further attempts
     * answer 429 without checking the password. Default: 100 an hour.
     */
    readonly loginFailures?: { readonly max: number; readonly windowMs: number };
    /** New guests per client address per minute (`GUESTS_PER_MINUTE`, default 30; docs/product.md §D12). */
    readonly guestsPerMinute?: number;
  },
): Promise<void> {
  await fastify.register(fastifyCookie);
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = options;
  const failures = new LoginFailures(
    options.limiter,
    options.loginFailures?.max ?? 100,
    options.loginFailures?.windowMs ?? 3_600_000,
  );
  const guestsPerMinute = options.guestsPerMinute ?? GUESTS_PER_MINUTE;

  const signedIn = (request: FastifyRequest, reply: FastifyReply, user: User, token: string | undefined) => {
    if (token !== undefined) setSessionCookie(request, reply, token);
    return reply.send(userBody(user));
  };

  app.get(
    '/api/auth/check',
    {
      schema: {
        tags,
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: UserBody, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request.headers);
      const user = await auth.check(token);
      if (!user.ok) return sendError(reply, user.error, 'message');
      // Each use extends the session on the server; the cookie follows.
      return signedIn(request, reply, user.value, token);
    },
  );

  app.post(
    '/api/auth/login',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail address',
        body: LoginBody,
        response: { 200: UserBody, ...refusals },
      },
    },
    async (request, reply) => {
      const login = request.body.username;
      // The same answer for a known and an unknown name: the lock says nothing about who exists.
      if (!(await failures.attempt(login))) return reply.code(429).send({ message: TOO_MANY_ATTEMPTS });
      const signed = await auth.login(request.body, sessionToken(request.headers));
      if (signed.ok) {
        await failures.succeeded(login);
        return signedIn(request, reply, signed.value.user, signed.value.token);
      }
      if (signed.error.code !== 'auth/login_failed') await failures.uncounted(login);
      return sendError(reply, signed.error, 'message');
    },
  );

  app.post(
    '/api/auth/register',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Register with an invite code (100 SRT tokens on the house) and sign in',
        body: RegisterBody,
        response: { 200: UserBody, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, email, password, confirmPassword, avatar, inviteCode } = request.body;
      const signed = await auth.register(
        {
          username,
          email,
          password,
          confirmPassword: confirmPassword ?? undefined,
          avatar: avatar ?? undefined,
          inviteCode: inviteCode ?? undefined,
        },
        sessionToken(request.headers),
      );
      return signed.ok
        ? signedIn(request, reply, signed.value.user, signed.value.token)
        : sendError(reply, signed.error, 'message');
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'Sign out (the session is deleted)', response: { 200: LogoutResponse } } },
    async (request, reply) => {
      const token = sessionToken(request.headers);
      const user = await auth.check(token);
      await auth.logout(token);
      if (user.ok) options.onSignOut?.(user.value.id);
      clearSessionCookie(request, reply);
      return reply.send({ success: true as const, message: 'You have been successfully logged out.' });
    },
  );

  app.post(
    '/api/auth/guest-login',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Play as a guest (negative id, "Guest" + 1000–9999); a guest session is kept. ' +
          'At most GUESTS_PER_MINUTE new guests per client address (429 beyond)',
        body: GuestLoginBody,
        response: { 200: UserBody, 400: MessageBody, 429: MessageBody },
      },
    },
    async (request, reply) => {
      // Only a new guest counts: a request that already carries a guest session keeps it.
      const signed = await auth.guestLogin(sessionToken(request.headers), async () => {
        const taken = await options.limiter.take(`guests:${request.ip}`, guestsPerMinute, 60_000);
        if (!taken.allowed) reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        return taken.allowed;
      });
      return signed.ok
        ? signedIn(request, reply, signed.value.user, signed.value.token)
        : sendError(reply, signed.error, 'message');
    },
  );

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags,
        summary: 'A generated-initials avatar: /api/avatars/{username}.svg',
        params: AvatarParams,
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!file.endsWith('.svg') || file.length === 4) {
        return reply.code(404).send({ message: 'Avatars are served as /api/avatars/{name}.svg' });
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(initialsSvg(file.slice(0, -4)));
    },
  );
}
