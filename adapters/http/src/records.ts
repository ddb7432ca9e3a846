import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, RecordFile, RecordParams, RecordPending, RecordQuery, ReviewAnswer } from '@palace/protocol';
import type { Records, Reviews } from '@palace/service';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpStatus } from './errors.js';

const tags = ['Records'];

/** A game id as it may stand in a file name (ids are letters, digits, - and _ already; anything else is replaced). */
function fileSafe(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * `GET /api/records/{variant}/{gameId}`: a finished game's record file (docs/product.md §D7), for the CLI
 * and the web replay viewer. 409 `{ error, commitment }` while the game runs (the seed stays
 * secret), 404 `{ error }` for an unknown game or kind, 410 `{ error }` once the server no longer
 * keeps the finished game's moves (docs/deploy.md "Retention"). `?download=1` adds
 * `Content-Disposition: attachment` so a browser saves it as `palace-{variant}-{gameId}.json`.
 */
export async function recordsRoutes(
  fastify: FastifyInstance,
  options: { readonly records: Records; readonly reviews: Reviews },
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { records, reviews } = options;

  app.get(
    '/api/records/:variant/:gameId',
    {
      schema: {
        tags,
        summary: "A finished game's record: seed, rules, seats and every command, to replay and verify",
        params: RecordParams,
        querystring: RecordQuery,
        response: { 200: RecordFile, 400: ErrorBody, 404: ErrorBody, 409: RecordPending, 410: ErrorBody },
      },
    },
    async (request, typed) => {
      // The status comes from the one table, and the record's arrays are read-only: the plain reply
      // (its body still checked and serialized by the response schemas above).
      const reply: FastifyReply = typed;
      const { variant, gameId } = request.params;
      const found = await records.get(variant, gameId);
      if (!found.ok) {
        const { code, message, commitment } = found.error;
        const body = commitment === undefined ? { error: message } : { error: message, commitment };
        return reply.code(httpStatus(code)).header('cache-control', 'no-store').send(body);
      }
      if (request.query.download === '1') {
        const name = `palace-${found.value.variant}-${fileSafe(found.value.gameId)}.json`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
      }
      return reply.send(found.value);
    },
  );
  /**
   * `GET /api/records/{variant}/{gameId}/review`: the post-game review (docs/product.md §D14 review;
   * docs/records.md "Reviews"), for whoever may read the record. 200 `{ status: 'ready', review }`
   * once computed (then kept), 202 `{ status: 'pending', done, total }` while the review job works
   * on it (ask again), the record's 404, 409 and 410 as they are, 503 when too many games wait.
   */
  app.get(
    '/api/records/:variant/:gameId/review',
    {
      schema: {
        tags,
        summary: "A finished game's post-game review: each move's chance to win before and after, mistakes, luck",
        params: RecordParams,
        response: {
          200: ReviewAnswer,
          202: ReviewAnswer,
          404: ErrorBody,
          409: RecordPending,
          410: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, typed) => {
      const reply: FastifyReply = typed;
      const found = await reviews.get(request.params.variant, request.params.gameId);
      reply.header('cache-control', 'no-store');
      if (!found.ok) {
        const { code, message, commitment } = found.error;
        const body = commitment === undefined ? { error: message } : { error: message, commitment };
        return reply.code(httpStatus(code)).send(body);
      }
      return reply.code(found.value.status === 'ready' ? 200 : 202).send(found.value);
    },
  );
}
