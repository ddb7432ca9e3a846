import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageBody, MyRatingsResponse, RatingsLeaderboardQuery, RatingsLeaderboardResponse } from '@palace/protocol';
import type { AuthService, RatingsService } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionToken } from './session.js';

export interface RatingRoutesOptions {
  readonly auth: AuthService;
  readonly ratings: RatingsService;
}

/**
 * Ratings (docs/product.md §D11, docs/api.md "Ratings"): the leaderboard per preset (anyone) and
 * the signed-in player's own ratings with their history. Refusals answer `{ "message": … }`.
 */
export async function ratingRoutes(fastify: FastifyInstance, options: RatingRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, ratings } = options;

  app.get(
    '/api/ratings/leaderboard',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rated players of a preset (default classic), best first',
        querystring: RatingsLeaderboardQuery,
        response: { 200: RatingsLeaderboardResponse, 400: MessageBody },
      },
    },
    async (request) => {
      const { limit } = request.query;
      const leaders = await ratings.leaderboard(request.query.preset ?? 'classic', limit);
      return leaders.map((l, i) => ({ rank: i + 1, ...l }));
    },
  );

  app.get(
    '/api/ratings/me',
    {
      schema: {
        tags: ['ratings'],
        summary: "The signed-in player's ratings per preset, each with its history (oldest first)",
        response: { 200: MyRatingsResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await auth.check(sessionToken(request.headers));
      if (!user.ok) return sendError(reply, user.error, 'message');
      const mine = await ratings.mine(user.value);
      return {
        ratings: mine.map((r) => ({
          preset: r.preset as 'classic' | 'easy' | 'wild',
          rating: r.rating,
          provisional: r.provisional,
          games: r.games,
          history: r.history.map((h) => ({
            gameId: Number(h.gameId),
            rating: h.rating,
            delta: h.delta,
            timestamp: new Date(h.at).toISOString(),
          })),
        })),
      };
    },
  );
}
