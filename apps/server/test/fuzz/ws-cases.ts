import fc from 'fast-check';
import { junkString } from './junk.js';

/** Socket frames for the websocket fuzz: junk, known messages with broken fields, and sentinels. */

/** What a field of a client message holds (as the protocol's schemas say). */
export type FieldKind =
  | 'gameId'
  | 'userId'
  | 'cardIds'
  | 'card'
  | 'level'
  | 'object'
  | { readonly string: number /* its maxLength */ };

/** A client message type: its fields and which of them are required. */
export interface MessageShape {
  readonly type: string;
  readonly fields: Readonly<Record<string, FieldKind>>;
  readonly required: readonly string[];
}

/** One frame to send: text, or binary bytes. */
export type Frame = { readonly text: string } | { readonly bytes: Uint8Array };

const notString = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.constant({}),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
);
const notInteger = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.constant(0),
  fc.integer({ max: -1 }),
  fc.constantFrom(0.5, -1.5, 1e-9),
  fc.string({ maxLength: 8 }).filter((s) => !/^-?[0-9]{1,15}$/.test(s)),
  fc.constant({}),
  fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
);

/** A value the field surely rejects (a wrong type, a bad shape or an over-long string). */
export function wrongFor(kind: FieldKind): fc.Arbitrary<unknown> {
  if (typeof kind === 'object') {
    return fc.oneof(notString, fc.constant('x'.repeat(kind.string + 1)));
  }
  switch (kind) {
    case 'gameId':
      return notInteger;
    case 'userId':
      return notInteger.filter((v) => v !== null);
    case 'cardIds':
      return fc.oneof(
        fc.boolean(),
        fc.constant(null),
        fc.string({ maxLength: 8 }),
        fc.constant({}),
        fc.array(notString, { minLength: 1, maxLength: 3 }),
        fc.constant(['x'.repeat(41)]),
        fc.constant(Array.from({ length: 105 }, (_, n) => `c${n}`)),
      );
    case 'card':
      return fc.oneof(
        fc.boolean(),
        fc.constant(null),
        fc.integer(),
        fc.constant(''),
        fc.constant('x'.repeat(41)),
        fc.constant({}),
        fc.constant({ id: 5 }),
        fc.constant([]),
      );
    case 'level':
      return fc.oneof(fc.integer(), fc.constantFrom('godlike', '', 'GREEDY', 'random '), fc.constant({}));
    case 'object':
      return fc.oneof(fc.boolean(), fc.constant(null), fc.integer(), fc.string({ maxLength: 8 }), fc.constant([]));
  }
}

/** A known message type with one field of a wrong type, or a required field missing: always invalid. */
export function brokenMessages(shapes: readonly MessageShape[], base: Readonly<Record<string, unknown>>) {
  return fc.constantFrom(...shapes).chain((shape) => {
    const full: Record<string, unknown> = { type: shape.type };
    for (const field of shape.required) full[field] = base[field] ?? 'x';
    const fields = Object.keys(shape.fields);
    const wrong = fc
      .constantFrom(...fields)
      .chain((field) => wrongFor(shape.fields[field] as FieldKind).map((value) => ({ ...full, [field]: value })));
    if (shape.required.length === 0) return wrong;
    const missing = fc.constantFrom(...shape.required).map((field) => {
      const { [field]: _dropped, ...rest } = full;
      return rest;
    });
    return fc.oneof(wrong, missing);
  });
}

/**
 * Frames no server should act on: random JSON (fc.json), anything serialised, random text, binary
 * bytes, and objects whose `type` names no message. `known` lists the real message types.
 */
export function junkFrames(known: readonly string[]): fc.Arbitrary<Frame> {
  const unknownType = fc
    .tuple(
      fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('__proto__', 'constructor', 'toString', 'PLAY_CARD', 'play_card ', 'game_state'),
      ),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .filter(([type]) => !known.includes(type))
    .map(([type, rest]) => ({ text: JSON.stringify({ ...rest, type }) }));
  return fc.oneof(
    fc.json({ maxDepth: 3 }).map((text) => ({ text })),
    fc.anything({ maxDepth: 3 }).map((value) => ({ text: JSON.stringify(value) ?? 'undefined' })),
    fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        junkString.filter((s) => s.length < 12_000),
      )
      .map((text) => ({ text })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes })),
    unknownType,
  );
}

/** Whether a frame surely names no valid message (so the server must answer it with an error). */
export function surelyInvalid(frame: Frame, known: readonly string[]): boolean {
  if ('bytes' in frame) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.text);
  } catch {
    return true;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return true;
  const type = (parsed as { type?: unknown }).type;
  return typeof type !== 'string' || !known.includes(type);
}

/** The text of the frame after which a socket's answers to one case are complete (an unknown type, refused in order). */
export const sentinel = (n: number): string => JSON.stringify({ type: `fuzz-sentinel-${n}` });
