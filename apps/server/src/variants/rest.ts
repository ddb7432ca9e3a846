import { restGamesRoutes } from '@palace/adapter-http';
import { RestGames } from '@palace/service';
import type { VariantModule } from './variant.js';

/** The server-backed REST game (`/api/rest-games`, docs/api.md). */
export const restVariant: VariantModule<{ readonly lifecycle: RestGames; readonly games: RestGames }> = {
  build({ ports, config, turnMs }) {
    const games = new RestGames(ports, { aiDelayMs: config.aiDelayMs, turnMs });
    return { lifecycle: games, games };
  },
  async mount(app, { games }) {
    await app.register(restGamesRoutes, { games });
  },
};
