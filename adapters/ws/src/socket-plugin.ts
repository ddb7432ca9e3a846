import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/** The largest websocket frame the server reads at all, in bytes; each socket checks its own smaller limit. */
export const WS_MAX_PAYLOAD = 1024 * 1024;

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
  await fastify.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
}
