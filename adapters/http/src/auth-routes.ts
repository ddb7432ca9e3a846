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
import type { AuthService, User } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { initialsSvg } from './avatar.js';
import { installErrorHandling, sendError } from './errors.js';
import { LoginFailures, TOO_MANY_ATTEMPTS } from './login-failures.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session.js';

const tags = ['accounts'];
const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 409: MessageBody, 429: MessageBody };
/** Auth bodies are small; a bigger one is refused before parsing. */
const AUTH_BODY_LIMIT = 16 * 1024;

export function userBody(user: User): UserBody {
  return { id: user.id, username: user.username, email: user.email, avatar: user.avatar, isGuest: user.isGuest };
}

/**
 * `/api/auth/*` (spec 01 §7) with the session cookie, and the generated-initials avatars under
 * `/api/avatars/{name}.svg`. Refusals answer `{ "message": … }`.
 */
export async function authRoutes(
  fastify: FastifyInstance,
  options: {
    readonly auth: AuthService;
    /** Called after a user signs out (the composition root closes their live sockets). */
    readonly onSignOut?: (userId: number) => void;
    /**
     * Failed logins allowed per account (by the normalised login) in `windowMs`; further attempts
     * answer 429 without checking the password. Default: 100 an hour.
     */
    readonly loginFailures?: { readonly max: number; readonly windowMs: number };
  },
): Promise<void> {
  await fastify.register(fastifyCookie);
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = options;
  const failures = new LoginFailures(options.loginFailures?.max ?? 100, options.loginFailures?.windowMs ?? 3_600_000);

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
      if (!failures.attempt(login)) return reply.code(429).send({ message: TOO_MANY_ATTEMPTS });
      const signed = await auth.login(request.body, sessionToken(request.headers));
      if (signed.ok) {
        failures.succeeded(login);
        return signedIn(request, reply, signed.value.user, signed.value.token);
      }
      if (signed.error.code !== 'auth/login_failed') failures.uncounted(login);
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
        summary: 'Play as a guest (negative id, "Guest" + 1000–9999); a guest session is kept',
        body: GuestLoginBody,
        response: { 200: UserBody, 400: MessageBody },
      },
    },
    async (request, reply) => {
      const signed = await auth.guestLogin(sessionToken(request.headers));
      return signedIn(request, reply, signed.user, signed.token);
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
