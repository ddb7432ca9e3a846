import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FriendParams,
  InviteBody,
  MessageBody,
  NotificationsResponse,
  ReadNotificationsBody,
  UnreadResponse,
} from '@palace/protocol';
import type { AuthService, Notification, NotificationsService } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionGuard } from './session.js';

const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody };

export interface NotificationRoutesOptions {
  readonly auth: AuthService;
  readonly notifications: NotificationsService;
}

/**
 * Game invitations between friends and the bell's notifications (docs/api.md "Notifications";
 * docs/product.md §D13 friend-invitations). Every call needs a session; guests have no friends
 * and an empty list. Refusals answer `{ "message": … }` like the rest of the main API.
 */
export async function notificationRoutes(fastify: FastifyInstance, options: NotificationRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { notifications } = options;
  const signedIn = sessionGuard(options.auth);

  app.post(
    '/api/friends/:id/invite',
    {
      schema: {
        tags: ['friends'],
        summary: 'Invite a friend into a waiting main game you sit in (their bell shows the invitation)',
        params: FriendParams,
        body: InviteBody,
        response: { 200: MessageBody, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const sent = await notifications.invite(user, request.params.id, request.body.gameId);
      if (!sent.ok) return sendError(reply, sent.error, 'message');
      return reply.send(sent.value);
    },
  );

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['friends'],
        summary: "The signed-in player's notifications, newest first (at most 20), and the unread count",
        response: { 200: NotificationsResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const page = await notifications.list(user);
      return reply.send({ unread: page.unread, items: page.items.map(notificationBody) });
    },
  );

  app.get(
    '/api/notifications/unread',
    {
      schema: {
        tags: ['friends'],
        summary: 'How many notifications are unread (what the bell polls)',
        response: { 200: UnreadResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return reply.send({ unread: await notifications.unread(user) });
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['friends'],
        summary: 'Mark notifications read: those of `ids`, or all without `ids`; answers the unread count',
        body: ReadNotificationsBody,
        response: { 200: UnreadResponse, 400: MessageBody, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return reply.send({ unread: await notifications.markRead(user, request.body.ids ?? null) });
    },
  );
}

/** A notification on the wire: numeric game id, ISO time. */
function notificationBody(n: Notification) {
  return {
    id: n.id,
    kind: n.kind,
    fromUser: n.from,
    gameId: Number(n.gameId),
    gameName: n.gameName,
    gameStatus: n.gameStatus,
    createdAt: new Date(n.at).toISOString(),
    read: n.read,
  };
}
