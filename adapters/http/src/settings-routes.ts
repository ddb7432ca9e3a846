import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AvatarBody,
  DeleteAccountBody,
  MessageBody,
  PasswordChangeBody,
  Preferences,
  PreferencesChange,
  SettingsDone,
  UserBody,
} from '@palace/protocol';
import {
  type AuthService,
  type RateLimiter,
  type ServiceError,
  type SettingsService,
  serviceError,
  type User,
} from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userBody } from './auth-routes.js';
import { installErrorHandling, sendError } from './errors.js';
import { LoginFailures, TOO_MANY_ATTEMPTS } from './login-failures.js';
import { clearSessionCookie, sessionToken } from './session.js';

const tags = ['settings'];
const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody };
/** Settings bodies are small; a bigger one is refused before parsing. */
const SETTINGS_BODY_LIMIT = 16 * 1024;
export const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions have been signed out.';
export const ACCOUNT_DELETED = 'Your account has been deleted.';
const NO_PREFERENCE = 'Send at least one preference to change.';

export interface SettingsRoutesOptions {
  readonly auth: AuthService;
  readonly settings: SettingsService;
  /** The abuse limits' counters: wrong current passwords count toward the login-failure lock. */
  readonly limiter: RateLimiter;
  /** As `authRoutes`' option of that name (default 100 an hour). */
  readonly loginFailures?: { readonly max: number; readonly windowMs: number };
  /** Called for each user whose sessions ended (the composition root closes their live sockets). */
  readonly onSignOut?: (userId: number) => void;
}

/**
 * `/api/settings/*` (docs/api.md "Settings"; docs/product.md §D11): preferences, avatar, password
 * change and account deletion, for a signed-in registered player (no session 401, guest or bot 403).
 * Refusals answer `{ "message": … }`.
 */
export async function settingsRoutes(fastify: FastifyInstance, options: SettingsRoutesOptions): Promise<void> {
  await fastify.register(fastifyCookie);
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, settings } = options;
  const failures = new LoginFailures(
    options.limiter,
    options.loginFailures?.max ?? 100,
    options.loginFailures?.windowMs ?? 3_600_000,
  );

  /** The session's registered user and token, or a 401/403 already sent (then null). */
  async function registered(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ readonly user: User; readonly token: string } | null> {
    const token = sessionToken(request.headers);
    const user = await auth.check(token);
    if (!user.ok || token === undefined) {
      sendError(reply, user.ok ? serviceError('auth/not_signed_in') : user.error, 'message');
      return null;
    }
    if (user.value.isGuest || user.value.isBot) {
      sendError(reply, serviceError('settings/registered_only'), 'message');
      return null;
    }
    return { user: user.value, token };
  }

  /**
   * Runs a password-checked change under the login-failure lock of the username: a wrong password
   * counts, a refusal before the check does not, a success clears the count.
   */
  async function checked<T>(
    user: User,
    reply: FastifyReply,
    change: () => Promise<{ ok: true; value: T } | { ok: false; error: ServiceError }>,
  ): Promise<{ readonly value: T } | null> {
    if (!(await failures.attempt(user.username))) {
      reply.code(429).send({ message: TOO_MANY_ATTEMPTS });
      return null;
    }
    const done = await change();
    if (done.ok) {
      await failures.succeeded(user.username);
      return { value: done.value };
    }
    if (done.error.code !== 'settings/wrong_password') await failures.uncounted(user.username);
    sendError(reply, done.error, 'message');
    return null;
  }

  app.get(
    '/api/settings/preferences',
    {
      schema: {
        tags,
        summary: "The signed-in player's preferences (the defaults when never saved)",
        response: { 200: Preferences, 401: MessageBody, 403: MessageBody },
      },
    },
    async (request, reply) => {
      const signed = await registered(request, reply);
      if (signed === null) return reply;
      const preferences = await settings.preferences(signed.user);
      return preferences.ok ? reply.send(preferences.value) : sendError(reply, preferences.error, 'message');
    },
  );

  app.put(
    '/api/settings/preferences',
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change some preferences; answers all of them after the change',
        body: PreferencesChange,
        response: { 200: Preferences, ...refusals },
      },
    },
    async (request, reply) => {
      const signed = await registered(request, reply);
      if (signed === null) return reply;
      // The schema's unknown fields are dropped before this (Fastify's Ajv removes them): none left, nothing to change.
      if (Object.keys(request.body).length === 0) return reply.code(400).send({ message: NO_PREFERENCE });
      const preferences = await settings.updatePreferences(signed.user, request.body);
      return preferences.ok ? reply.send(preferences.value) : sendError(reply, preferences.error, 'message');
    },
  );

  app.put(
    '/api/settings/avatar',
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary: "An http(s) image address (at most 500 characters), or '' for the generated initials avatar",
        body: AvatarBody,
        response: { 200: UserBody, ...refusals },
      },
    },
    async (request, reply) => {
      const signed = await registered(request, reply);
      if (signed === null) return reply;
      const user = await settings.setAvatar(signed.user, request.body.avatar);
      return user.ok ? reply.send(userBody(user.value)) : sendError(reply, user.error, 'message');
    },
  );

  app.post(
    '/api/settings/password',
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change the password (current one required); every other session is signed out',
        body: PasswordChangeBody,
        response: { 200: SettingsDone, ...refusals, 429: MessageBody },
      },
    },
    async (request, reply) => {
      const signed = await registered(request, reply);
      if (signed === null) return reply;
      const { user, token } = signed;
      const changed = await checked(user, reply, () => settings.changePassword(user, token, request.body));
      if (changed === null) return reply;
      // This session stays valid; the browser's socket reconnects with its cookie.
      options.onSignOut?.(user.id);
      return reply.send({ success: true as const, message: PASSWORD_CHANGED });
    },
  );

  app.delete(
    '/api/settings/account',
    {
      bodyLimit: SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Delete the account (password and the username typed as confirmation; refused with a game in ' +
          'play): personal data removed, ledger kept under an anonymised name',
        body: DeleteAccountBody,
        response: { 200: SettingsDone, ...refusals, 409: MessageBody, 429: MessageBody },
      },
    },
    async (request, reply) => {
      const signed = await registered(request, reply);
      if (signed === null) return reply;
      const { user } = signed;
      const deleted = await checked(user, reply, () => settings.deleteAccount(user, request.body));
      if (deleted === null) return reply;
      for (const id of deleted.value) options.onSignOut?.(id);
      clearSessionCookie(request, reply);
      return reply.send({ success: true as const, message: ACCOUNT_DELETED });
    },
  );
}
