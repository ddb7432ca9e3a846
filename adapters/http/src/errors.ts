import type { ErrorCategory, RuleErrorCode } from '@palace/core';
import { errorCategory, type ServiceError, type ServiceErrorCode } from '@palace/service';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * The one table from a refusal's category to its HTTP status (each error code declares its
 * category where it is defined: core's rule errors, the service's own; docs/api.md "Errors").
 */
export const CATEGORY_STATUS: Readonly<Record<ErrorCategory, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  unavailable: 503,
};

/** The HTTP status of a refusal with `code`. */
export function httpStatus(code: RuleErrorCode | ServiceErrorCode): number {
  return CATEGORY_STATUS[errorCategory(code)];
}

/** Which field carries a refusal's text: `error` (REST variants) or `message` (main API, docs/product.md §P1.8). */
export type ErrorField = 'error' | 'message';

/** The only thing a client learns about a bug. */
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** Sends a refusal as `{ "error": message }` (or `{ "message": … }`) with its status. */
export function sendError(reply: FastifyReply, error: ServiceError, field: ErrorField = 'error'): FastifyReply {
  return reply.code(httpStatus(error.code)).send({ [field]: error.message });
}

/**
 * Answers every failure outside a handler with the same `{ "error": … }` shape (or `message` in
 * the plugin it is installed in): schema violations and unreadable bodies get their 4xx, and only
 * a bug gets a 500 (logged, with no details sent).
 */
export function installErrorHandling(app: FastifyInstance, field: ErrorField = 'error'): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation !== undefined) {
      return reply.code(400).send({ [field]: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ [field]: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ [field]: INTERNAL_ERROR });
  });
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (first === undefined) return 'Invalid request';
  const where = error.validationContext ?? 'request';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing =
    first.keyword === 'required' ? String((first.params as { missingProperty?: unknown }).missingProperty) : '';
  if (missing !== '') return `${missing} is required`;
  const allowed = allowedValues(error.validation ?? [], first.instancePath);
  if (allowed.length > 0) return `${path === '' ? where : path} must be one of ${allowed.join(', ')}`;
  return `${path === '' ? where : path} ${first.message ?? 'is invalid'}`;
}

/** The values a choice allows (a union of literals fails as one `const` error per branch, or as `enum`). */
function allowedValues(errors: NonNullable<FastifyError['validation']>, at: string): string[] {
  const values: string[] = [];
  for (const e of errors) {
    if (e.instancePath !== at) continue;
    const params = e.params as { allowedValue?: unknown; allowedValues?: unknown };
    if (e.keyword === 'const') values.push(String(params.allowedValue));
    else if (e.keyword === 'enum' && Array.isArray(params.allowedValues))
      values.push(...params.allowedValues.map(String));
  }
  return values;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message;
  }
}
