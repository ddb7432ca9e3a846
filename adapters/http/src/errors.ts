import type { RuleErrorCode } from '@palace/core';
import type { ServiceError, ServiceErrorCode } from '@palace/service';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * The one table from a refusal's code to its HTTP status: 400 for a move or input that can never
 * be right, 403 for acting as someone you are not, 404 for no such game, 409 for "not now" (not
 * your turn, wrong phase, full), 503 when the game kept changing under the request.
 */
export const HTTP_STATUS: Readonly<Record<RuleErrorCode | ServiceErrorCode, number>> = {
  'seat/unknown': 403,
  'seat/taken': 409,
  'seat/full': 409,
  'game/started': 409,
  'game/not_waiting': 409,
  'game/not_playing': 409,
  'game/over': 409,
  'start/too_few': 409,
  'start/not_ready': 409,
  'start/automatic': 409,
  'ready/choose_face_up': 409,
  'face_up/not_now': 409,
  'face_up/already_chosen': 409,
  'face_up/count': 400,
  'face_up/not_in_hand': 400,
  'turn/not_your_turn': 409,
  'play/empty': 400,
  'play/unknown_card': 400,
  'play/duplicate_card': 400,
  'play/mixed_sources': 400,
  'play/mixed_ranks': 400,
  'play/hand_first': 400,
  'play/face_up_first': 400,
  'play/one_blind': 400,
  'play/must_play_all': 400,
  'play/too_low': 400,
  'pick_up/empty': 400,
  'game/not_found': 404,
  'game/stale': 503,
  'game/no_id': 503,
  'game/id_taken': 409,
  'player/forbidden': 403,
  'name/required': 400,
  'name/too_long': 400,
  'players/range': 400,
  'chat/empty': 400,
  'chat/too_long': 400,
  'auth/login_short': 400,
  'auth/username_short': 400,
  'auth/username_invalid': 400,
  'auth/email_invalid': 400,
  'auth/password_short': 400,
  'auth/password_long': 400,
  'auth/password_mismatch': 400,
  'auth/username_taken': 409,
  'auth/email_taken': 409,
  'auth/invite_required': 403,
  'auth/login_failed': 401,
  'auth/not_signed_in': 401,
  'auth/not_you': 403,
  'auth/too_many_guests': 429,
  'tokens/short': 400,
  'game/name_short': 400,
  'game/name_long': 400,
  'game/limit': 400,
  'game/fee_low': 400,
  'game/fee_step': 400,
  'game/not_member': 403,
  'game/private': 403,
  'prize/none': 404,
  'prize/not_yours': 403,
  'prize/claimed': 409,
  'prize/register': 403,
  'friends/unknown': 404,
  'friends/self': 400,
  'friends/guest': 403,
  'waitlist/name_required': 400,
  'waitlist/name_long': 400,
  'waitlist/email_invalid': 400,
  'waitlist/note_long': 400,
  'support/subject_required': 400,
  'support/subject_long': 400,
  'support/message_required': 400,
  'support/message_long': 400,
  'username/required': 400,
  'username/length': 400,
  'username/too_long': 400,
  'username/taken': 409,
  'seat/not_yours': 403,
  'game/id_required': 400,
  // — Simple websocket rooms —
  'room/id_invalid': 400,
  'room/closed': 410,
  // — Public games —
  'game/spectator': 403,
  'spectators/full': 409,
  // — Easy variant —
  'ai/not_due': 409,
  'play/source_mismatch': 400,
  // — Records —
  'record/not_over': 409,
};

/** Which field carries a refusal's text: `error` (REST variants) or `message` (main API, spec 01 §8). */
export type ErrorField = 'error' | 'message';

/** The only thing a client learns about a bug. */
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** Sends a refusal as `{ "error": message }` (or `{ "message": … }`) with its status. */
export function sendError(reply: FastifyReply, error: ServiceError, field: ErrorField = 'error'): FastifyReply {
  return reply.code(HTTP_STATUS[error.code]).send({ [field]: error.message });
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
