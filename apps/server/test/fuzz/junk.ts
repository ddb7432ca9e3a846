import fc from 'fast-check';

/** Hostile values for any field: wrong types, edges, huge and odd strings, deep nesting, prototype keys. */

/**
 * Stands for the JSON literal `1e999` (which parses to Infinity and has no JSON.stringify form):
 * `serialise` writes it in place of this string.
 */
export const INFINITY_MARK = 'fuzz:1e999';

/** Numbers at the edges of integers, safe integers, doubles and signs. */
export const EDGE_NUMBERS: readonly unknown[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  INFINITY_MARK,
];

/** Strings every parser and router should survive. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  '.',
  '..',
  '../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%ZZ',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '\u202eevil',
  '🂡🂱🃁',
  'ﷺ',
  '\ud800',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '0x10',
  'true',
  '[]',
  '{}',
];

/** A JSON value nested `depth` levels deep (arrays and objects in turn). */
export function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let n = 0; n < depth; n++) value = n % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Objects whose own keys are `__proto__`, `constructor`, `prototype`… (made by JSON.parse, so they stay own keys). */
export const PROTO_OBJECTS: readonly unknown[] = [
  '{"__proto__":{"polluted":true,"isAdmin":true,"balance":1000000}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"y"}',
].map((text) => JSON.parse(text) as unknown);

/** Keys an attacker adds to a body. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'isAdmin',
    'balance',
    'userId',
    'id',
    'version',
    'seed',
    'state',
    'token',
  ),
);

/** A hostile string: random full-range unicode, graphemes, odd literals, huge. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(101, 201, 321, 1001, 2001, 10_001, 100_001).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(50, 600).map((n) => 'é🂡'.repeat(n)) },
);

/**
 * A hostile string for a URL or a header: as `junkString`, but at most 2 KB once encoded, so
 * a request stays under Node's 16 KiB header limit (beyond it Node drops the connection with a
 * 431 before the server sees anything; `http fuzz` checks that once on its own).
 */
export const urlJunkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(101, 201, 321, 999, 1000, 1001, 2001).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(5, 50).map((n) => 'é🂡'.repeat(n)) },
);

/** Any hostile JSON value. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...EDGE_NUMBERS),
  junkString,
  fc.integer({ min: 1, max: 3000 }).map(nested),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(...PROTO_OBJECTS),
);

/** JSON text of `value`, with `INFINITY_MARK` written as the literal `1e999` (`null` for undefined). */
export function serialise(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replaceAll(JSON.stringify(INFINITY_MARK), '1e999');
}

/** Bodies that are not JSON, or not what a JSON parser should accept. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  '}',
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  "{'a':1}",
  '[1,2,',
  '\u0000',
  'undefined',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  `{"a":${'['.repeat(10_000)}`,
];

/** One path segment as a client writes it: percent-encoded, and `.`/`..` spelled %2E so no client folds them. */
export function encodeSegment(value: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: send the replacement character instead.
    encoded = encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
  return encoded === '.' || encoded === '..' ? encoded.replaceAll('.', '%2E') : encoded;
}

/** Raw path segments sent as they are (bad percent-encoding, dot segments a client would fold). */
export const RAW_SEGMENTS: readonly string[] = [
  '..',
  '.',
  '%ZZ',
  '%',
  '%00',
  '%2e%2e',
  '%2F',
  '%252F',
  '%C0%AE',
  '%FF',
  'a%20b',
  '%E2%80%AE',
];
