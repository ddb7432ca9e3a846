import { mainRoutes } from '@palace/adapter-http';
import { mainSocket } from '@palace/adapter-ws';
import { MainGames } from '@palace/service';
import type { VariantModule } from './variant.js';

/** The main real-time game: its HTTP routes (`/api/games`…) and the `/ws` socket (docs/api.md). */
export const mainVariant: VariantModule<{ readonly lifecycle: MainGames; readonly games: MainGames }> = {
  build({ ports, tokens, config, turnMs }) {
    const games = new MainGames(
      { ...ports, tokens },
      { aiDelayMs: config.aiDelayMs, turnMs, presence: config.presenceTimes },
    );
    return { lifecycle: games, games };
  },
  async mount(app, { games }, context) {
    await app.register(mainRoutes, { auth: context.auth, games, tokens: context.tokens, friends: context.friends });
    await app.register(mainSocket, {
      games,
      connections: context.connections,
      allowedOrigins: context.allowedOrigins,
      limits: context.socketLimits,
      gameBudget: context.gameBudget,
      authenticate: context.authenticate,
    });
  },
};
