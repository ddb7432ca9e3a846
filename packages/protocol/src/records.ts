import { type Static, Type } from 'typebox';
import { RecordHints } from './hints.js';

/**
 * Wire shapes of the game records endpoint, `GET /api/records/{variant}/{gameId}` (docs/product.md §D7):
 * a finished game's whole record, seed included, so anyone can replay it and check the deal.
 */

/** The game kinds whose records can be fetched: the `{variant}` of the path, one per variant. */
export const RECORD_VARIANTS = ['main', 'rest', 'simple-ws', 'simple-rest', 'public', 'easy'] as const;
export type RecordVariant = (typeof RECORD_VARIANTS)[number];

/** Whether `value` names a game kind with records (anything else answers 404). */
export function isRecordVariant(value: string): value is RecordVariant {
  return (RECORD_VARIANTS as readonly string[]).includes(value);
}

/**
 * The path. `variant` is a plain string, not an enum: an unknown kind is "no such game" (404),
 * like an unknown id, rather than a malformed request.
 */
export const RecordParams = Type.Object({
  variant: Type.String({ maxLength: 40, description: `One of ${RECORD_VARIANTS.join(', ')}` }),
  gameId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type RecordParams = Static<typeof RecordParams>;

/** `?download=1` asks for `Content-Disposition: attachment` (a file save); without it the record is inline. */
export const RecordQuery = Type.Object({
  download: Type.Optional(Type.String({ maxLength: 10, description: '`1` to download as a file' })),
});
export type RecordQuery = Static<typeof RecordQuery>;

/**
 * The downloadable record file: the engine's `GameRecord` (see `@palace/core`, described loosely
 * here: it is the core's format, versioned by `version`) plus the game's kind, id and fair-deal
 * commitment. Readers also accept a record without the last three fields (saved by other tools).
 */
export const RecordFile = Type.Object({
  format: Type.Literal('palace-record'),
  version: Type.Integer(),
  /** Table options: the rules, the flow and the table size. */
  options: Type.Unknown(),
  /** The deal's seed, revealed now that the game is over: sha256(seed) equals `commitment`. */
  seed: Type.String(),
  /** When the game was created, ms since the Unix epoch. */
  createdAt: Type.Integer(),
  /** The seats after the last entry: public seat id, name and AI level (null for a human). */
  seats: Type.Array(Type.Unknown()),
  /** Every accepted engine command in order, with when it was accepted (ms since the epoch). */
  entries: Type.Array(Type.Unknown()),
  /** How the game ended (winner, standings, reason); null for a main game called off before it was played. */
  result: Type.Unknown(),
  variant: Type.String(),
  gameId: Type.String(),
  /** Hex sha256 of the seed, as published in the game's state while it ran. */
  commitment: Type.String(),
  /** The seats that used a hint (docs/product.md §D14 hint) and how many; absent when none did. */
  hints: Type.Optional(RecordHints),
});
export type RecordFile = Static<typeof RecordFile>;

/** 409 while the game runs: the record (and its seed) is not published yet; the commitment is. */
export const RecordPending = Type.Object(
  { error: Type.String(), commitment: Type.String() },
  { additionalProperties: false },
);
export type RecordPending = Static<typeof RecordPending>;
