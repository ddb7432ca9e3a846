import { easyGamesRoutes, publicGamesRoutes } from '@palace/adapter-http';
import { EasyGames, PublicGames } from '@palace/service';
import type { VariantModule } from './variant.js';

/** Public games (`/api/palace/games`): listed tables with spectators. */
export const publicVariant: VariantModule<{ readonly lifecycle: PublicGames; readonly games: PublicGames }> = {
  build({ ports, config, turnMs }) {
    const games = new PublicGames(ports, { aiDelayMs: config.aiDelayMs, turnMs });
    return { lifecycle: games, games };
  },
  async mount(app, { games }) {
    await app.register(publicGamesRoutes, { games });
  },
};

/**
 * The easy variant (`/api/simple-palace/games`): the client triggers AI moves (`ai-move`); the
 * server plays a due AI seat itself after `EASY_AI_FALLBACK_MS`.
 */
export const easyVariant: VariantModule<{ readonly lifecycle: EasyGames; readonly games: EasyGames }> = {
  build({ ports, turnMs }) {
    const games = new EasyGames(ports, { turnMs });
    return { lifecycle: games, games };
  },
  async mount(app, { games }) {
    await app.register(easyGamesRoutes, { games });
  },
};
