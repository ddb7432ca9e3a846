import websocket from '@fastify/websocket';
import { SOCKET_MAX_BYTES } from '@palace/protocol';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { RESTART_CLOSE, RESTART_REASON } from './connections.js';

/**
 * The largest websocket frame the server reads, in bytes (16 KiB, the protocol's message limit):
 * `ws` closes a connection that sends a bigger one with 1009 ("message too big") before buffering it.
 */
export const WS_MAX_PAYLOAD = SOCKET_MAX_BYTES;

/**
 * Makes a socket plugin (`/ws`, `/simple-ws`) that shares one @fastify/websocket per server.
 * @fastify/websocket listens to the HTTP server's `upgrade` event and routes every upgrade through
 * Fastify, so a second registration (in a sibling plugin) would route each upgrade twice. The
 * returned plugin runs in the context that registers it (what fastify-plugin does, by the same
 * symbol), installs @fastify/websocket there unless a sibling already did, and then registers
 * `routes` in its own encapsulated context.
 */
export function socketPlugin<O extends FastifyPluginOptions>(routes: FastifyPluginAsync<O>): FastifyPluginAsync<O> {
  const plugin: FastifyPluginAsync<O> = async (fastify, options) => {
    await websocketOnce(fastify);
    await fastify.register(routes, options);
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

async function websocketOnce(fastify: FastifyInstance): Promise<void> {
  if (fastify.hasDecorator('websocketServer')) return;
  // Added before @fastify/websocket's own preClose (hooks run in the order added), which closes
  // every socket with no code (the client sees 1005): on shutdown each client is told "service
  // restart" (1012) with a reason, and may reconnect once the server is back.
  fastify.addHook('preClose', async () => {
    for (const client of fastify.websocketServer.clients) client.close(RESTART_CLOSE, RESTART_REASON);
  });
  await fastify.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
}
