import { RULE_ERRORS, type RuleErrorCode } from '@palace/core';
import { SERVICE_ERRORS, type ServiceErrorCode } from '@palace/service';
import { describe, expect, it } from 'vitest';
import { httpStatus } from '../src/errors.js';

describe('http errors', () => {
  it('errors - each refusal answers the status of its category: 400 401 403 404 409 410 429 503', () => {
    const cases: Array<[RuleErrorCode | ServiceErrorCode, number]> = [
      ['play/too_low', 400],
      ['auth/not_signed_in', 401],
      ['seat/unknown', 403],
      ['player/forbidden', 403],
      ['game/not_found', 404],
      ['turn/not_your_turn', 409],
      ['username/taken', 409],
      ['room/closed', 410],
      ['auth/too_many_guests', 429],
      ['game/stale', 503],
    ];
    for (const [code, status] of cases) expect(httpStatus(code), code).toBe(status);
    // Every code has a category, hence a status.
    const codes = [...Object.keys(RULE_ERRORS), ...Object.keys(SERVICE_ERRORS)] as Array<
      RuleErrorCode | ServiceErrorCode
    >;
    for (const code of codes) expect([400, 401, 403, 404, 409, 410, 429, 503], code).toContain(httpStatus(code));
  });
});
