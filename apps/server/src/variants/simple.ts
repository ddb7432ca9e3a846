import { simpleRestRoutes } from '@palace/adapter-http';
import { SimpleRooms, simpleSocket } from '@palace/adapter-ws';
import { SIMPLE_ROOM_IDLE_MS } from '@palace/protocol';
import { SIMPLE_REST, SIMPLE_WS, SimpleGames } from '@palace/service';
import type { VariantModule } from './variant.js';

/** The simple websocket game (`/simple-ws`): its rooms close after 30 minutes without a message. */
export const simpleWsVariant: VariantModule<{
  readonly lifecycle: SimpleGames;
  readonly games: SimpleGames;
  readonly rooms: SimpleRooms;
}> = {
  build({ ports, config, turnMs, roomClock, socketBufferBytes, announceRoom }) {
    const games = new SimpleGames(ports, SIMPLE_WS, {
      aiDelayMs: config.aiDelayMs,
      idleMs: SIMPLE_ROOM_IDLE_MS,
      turnMs,
    });
    const rooms = new SimpleRooms(games, roomClock, socketBufferBytes, announceRoom);
    return { lifecycle: games, games, rooms };
  },
  async mount(app, { rooms }, context) {
    await app.register(simpleSocket, {
      rooms,
      allowedOrigins: context.allowedOrigins,
      limits: context.socketLimits,
      gameBudget: context.gameBudget,
    });
  },
};

/** The simple REST game (`/api/simple-game`). */
export const simpleRestVariant: VariantModule<{ readonly lifecycle: SimpleGames; readonly games: SimpleGames }> = {
  build({ ports, config, turnMs }) {
    const games = new SimpleGames(ports, SIMPLE_REST, { aiDelayMs: config.aiDelayMs, turnMs });
    return { lifecycle: games, games };
  },
  async mount(app, { games }) {
    await app.register(simpleRestRoutes, { games });
  },
};
