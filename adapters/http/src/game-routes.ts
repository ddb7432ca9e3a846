import type { Result } from '@palace/core';
import type { ServiceError } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, LogLevel } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { type ErrorField, sendError } from './errors.js';

/** Sends a service's answer: its value (200), or its refusal with the refusal's status. */
export function sendResult<T>(
  reply: FastifyReply,
  result: Result<T, ServiceError>,
  field: ErrorField = 'error',
): FastifyReply {
  return result.ok ? reply.send(result.value) : sendError(reply, result.error, field);
}

/** The refusals a game variant's routes answer (400, 403, 404, 409, 503), each in the variant's error body. */
export function gameRefusals<E extends TSchema>(body: E) {
  return { 400: body, 403: body, 404: body, 409: body, 503: body };
}

/** What a request part's schema makes of it (nothing when the route has no such schema). */
type Parsed<S> = S extends TSchema ? Static<S> : undefined;

/** One route of a game variant: its OpenAPI summary, the schemas of its parts and of its answer. */
export interface GameRoute<P, Q, B, A extends TSchema> {
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** The 200 answer; the variant's refusals are added. */
  readonly answer: A;
  /** Routes polled every second or two log only warnings. */
  readonly logLevel?: LogLevel;
}

/** A request as the route's schemas parsed it (Fastify validated each part before the handler). */
export interface GameRequest<P, Q, B> {
  readonly params: Parsed<P>;
  readonly query: Parsed<Q>;
  readonly body: Parsed<B>;
  readonly request: FastifyRequest;
  /** For what goes with the answer (a seat cookie); the builder sends the answer itself. */
  readonly reply: FastifyReply;
}

/** A route's schema with what the OpenAPI document shows of it. */
type OpenApiSchema = FastifySchema & { readonly tags: string[]; readonly summary: string };

type Act<P, Q, B, T> = (input: GameRequest<P, Q, B>) => Promise<Result<T, ServiceError>>;

/**
 * The route builder of a game variant whose routes all work alike: the request is parsed by the
 * route's schemas, `act` calls the service (naming the game and the player from the parsed parts),
 * and the service's result is sent (`sendResult`: the value, or the refusal in the variant's
 * error field with its status).
 */
export function gameRoutes(
  app: FastifyInstance,
  variant: { readonly tags: string[]; readonly refusals: Record<number, TSchema>; readonly field?: ErrorField },
) {
  function route<P, Q, B, A extends TSchema, T>(
    method: 'GET' | 'POST',
    url: string,
    spec: GameRoute<P, Q, B, A>,
    act: Act<P, Q, B, T>,
  ): void {
    const { summary, params, query, body, answer, logLevel } = spec;
    const schema: OpenApiSchema = {
      tags: variant.tags,
      summary,
      ...(params === undefined ? {} : { params }),
      ...(query === undefined ? {} : { querystring: query }),
      ...(body === undefined ? {} : { body }),
      response: { 200: answer, ...variant.refusals },
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const input = { params: request.params, query: request.query, body: request.body, request, reply };
      return sendResult(reply, await act(input as GameRequest<P, Q, B>), variant.field);
    };
    app.route({ method, url, ...(logLevel === undefined ? {} : { logLevel }), schema, handler });
  }
  return {
    get: <P, Q, B, A extends TSchema, T>(url: string, spec: GameRoute<P, Q, B, A>, act: Act<P, Q, B, T>) =>
      route('GET', url, spec, act),
    post: <P, Q, B, A extends TSchema, T>(url: string, spec: GameRoute<P, Q, B, A>, act: Act<P, Q, B, T>) =>
      route('POST', url, spec, act),
  };
}
