import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageBody, SupportBody, WaitlistBody, WaitlistResponse } from '@palace/protocol';
import type { AuthService, InboxService } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionToken } from './session.js';

export interface InboxRoutesOptions {
  readonly auth: AuthService;
  readonly inbox: InboxService;
}

/**
 * The waitlist application (`POST /api/waitlist`, docs/product.md §D5) and the help page's contact form
 * (`POST /api/support`). Neither needs a session; a support message records the signed-in sender
 * when there is one. Refusals answer `{ "message": … }`.
 */
export async function inboxRoutes(fastify: FastifyInstance, options: InboxRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, inbox } = options;

  app.post(
    '/api/waitlist',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Apply for an invite: name (1–80), e-mail and an optional note (at most 1000)',
        body: WaitlistBody,
        response: { 201: WaitlistResponse, 400: MessageBody },
      },
    },
    async (request, reply) => {
      const applied = await inbox.apply(request.body);
      return applied.ok ? reply.code(201).send(applied.value) : sendError(reply, applied.error, 'message');
    },
  );

  app.post(
    '/api/support',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a message to support: subject (1–120) and message (1–2000)',
        body: SupportBody,
        response: { 201: MessageBody, 400: MessageBody },
      },
    },
    async (request, reply) => {
      const signed = await auth.check(sessionToken(request.headers));
      const sent = await inbox.contact(signed.ok ? signed.value : null, request.body);
      return sent.ok ? reply.code(201).send(sent.value) : sendError(reply, sent.error, 'message');
    },
  );
}
