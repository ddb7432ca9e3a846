import fc from 'fast-check';
import {
  encodeSegment,
  junkValue,
  keyArb,
  PROTO_OBJECTS,
  RAW_BODIES,
  RAW_SEGMENTS,
  serialise,
  urlJunkString,
} from './junk.js';
import type { JsonSchema, Operation, Parameter } from './openapi.js';

/** Requests built from an operation's schemas, then broken: the cases of the HTTP fuzz. */

/** What a route family knows that makes a request reach deeper than the schema: live ids, credentials. */
export interface FuzzContext {
  /**
   * Values for a field or parameter by its name (`gameId`, `playerId`, `username`); `name[]` for
   * the items of an array field (`cardIds[]`: card ids a seat really holds).
   */
  readonly known: Readonly<Record<string, readonly unknown[]>>;
  /** The Cookie header of a valid session or seat, when the family has one. */
  readonly cookie: string | undefined;
}

/** One request, ready to send as it is. */
export interface FuzzCase {
  readonly method: string;
  /** The raw request target: path and query, already encoded (or deliberately not). */
  readonly target: string;
  /** The raw body text, or undefined for no body. */
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  readonly cookie: string | undefined;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A value the schema accepts (or nearly: random strings may break length rules after trimming). */
function plainValid(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined && choices.length > 0) return fc.oneof(...choices.map((c) => plainValid(c, context)));
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  let arbitrary: fc.Arbitrary<unknown>;
  switch (schema.type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 24, 24);
      arbitrary = fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
      break;
    }
    case 'integer':
      arbitrary = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      break;
    case 'number':
      arbitrary = fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'null':
      arbitrary = fc.constant(null);
      break;
    case 'array':
      arbitrary = fc.array(schema.items === undefined ? junkValue : plainValid(schema.items, context), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
      break;
    case 'object':
      arbitrary = objectOf(schema, context);
      break;
    default:
      arbitrary = junkValue;
  }
  return schema.nullable === true ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** A value for the field `name`: mostly one the context knows, else one the schema accepts. */
function valid(schema: JsonSchema, name: string, context: FuzzContext): fc.Arbitrary<unknown> {
  const known = context.known[name] ?? [];
  const items = context.known[`${name}[]`] ?? [];
  if (schema.type === 'array' && items.length > 0) {
    const fromContext = fc.array(fc.constantFrom(...items), { minLength: 1, maxLength: 3 });
    return fc.oneof({ weight: 3, arbitrary: fromContext }, { weight: 1, arbitrary: plainValid(schema, context) });
  }
  if (known.length === 0) return plainValid(schema, context);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: plainValid(schema, context) },
  );
}

function objectOf(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) model[key] = valid(property, key, context);
  return fc.record(model, { requiredKeys: [...(schema.required ?? [])] });
}

/** A body for `schema`: valid, or broken one way (missing, wrong-typed, extra or prototype fields; not an object; not JSON). */
function bodyText(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<string> {
  const good = valid(schema, '', context);
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const options: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    { weight: 2, arbitrary: good },
    {
      weight: 2,
      arbitrary: fc
        .tuple(good, fc.dictionary(keyArb, junkValue, { minKeys: 1, maxKeys: 3 }))
        .map(([body, extra]) => ({ ...asObject(body), ...extra })),
    },
    { weight: 2, arbitrary: junkValue },
    {
      weight: 1,
      arbitrary: fc.tuple(good, fc.constantFrom(...PROTO_OBJECTS)).map(([body, proto]) => ({
        ...asObject(body),
        ...asObject(proto),
      })),
    },
  ];
  if (keys.length > 0) {
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(good, fc.constantFrom(...keys), junkValue)
        .map(([body, key, junk]) => ({ ...asObject(body), [key]: junk })),
    });
  }
  if (required.length > 0) {
    options.push({
      weight: 2,
      arbitrary: fc.tuple(good, fc.constantFrom(...required)).map(([body, key]) => {
        const { [key]: _dropped, ...rest } = asObject(body);
        return rest;
      }),
    });
  }
  return fc.oneof({ weight: 9, arbitrary: fc.oneof(...options).map(serialise) }, fc.constantFrom(...RAW_BODIES));
}

/** One path parameter, encoded: a known id, a valid-looking one, hostile text, or a raw odd segment. */
function segment(parameter: Parameter, context: FuzzContext): fc.Arbitrary<string> {
  const known = context.known[parameter.name] ?? [];
  const options: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [
    { weight: 2, arbitrary: plainValid(parameter.schema, context).map((v) => encodeSegment(String(v))) },
    { weight: 3, arbitrary: urlJunkString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  ];
  if (known.length > 0) {
    options.push({ weight: 4, arbitrary: fc.constantFrom(...known).map((v) => encodeSegment(String(v))) });
  }
  return fc.oneof(...options);
}

/** Raw query pieces a careless client or an attacker sends. */
const RAW_QUERY = ['', '&', '&&=', '=', '%ZZ', 'x=%', 'a[b]=c', '__proto__[x]=1', 'constructor[prototype][x]=1', '?'];

/** A query string (with its `?`, or empty): the route's parameters known, valid, junk or absent, plus extras. */
function query(parameters: readonly Parameter[], context: FuzzContext): fc.Arbitrary<string> {
  const value = (p: Parameter): fc.Arbitrary<string> => {
    const known = context.known[p.name] ?? [];
    const options: fc.Arbitrary<unknown>[] = [plainValid(p.schema, context), urlJunkString];
    if (known.length > 0) options.push(fc.constantFrom(...known), fc.constantFrom(...known));
    return fc.oneof(...options).map(String);
  };
  const pairs = parameters.map((p) =>
    fc.option(
      fc
        .tuple(value(p), fc.boolean(), value(p))
        .map(([v, twice, again]) =>
          twice ? [[p.name, v] as const, [p.name, again] as const] : [[p.name, v] as const],
        ),
      { nil: [], freq: 3 },
    ),
  );
  const extra = fc.array(fc.tuple(keyArb, urlJunkString), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...pairs), extra, fc.option(fc.constantFrom(...RAW_QUERY), { nil: undefined, freq: 4 }))
    .map(([chosen, extras, raw]) => {
      const parts = [...chosen.flat(), ...extras].map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
      if (raw !== undefined) parts.push(raw);
      return parts.length === 0 ? '' : `?${parts.join('&')}`;
    });
}

/** Cookie headers: the context's valid one, none, or junk (forged names, broken syntax, huge). */
function cookieHeader(context: FuzzContext): fc.Arbitrary<string | undefined> {
  const junk = fc.oneof(
    fc.constantFrom(
      'palace_session=x',
      'palace_session=',
      '=;=;',
      `palace_session=${'a'.repeat(2000)}`,
      'palace_seat_0123456789abcdef0123=forged',
      'palace_session=%ZZ; palace_session=a',
      'palace_session="quoted"',
    ),
    fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
  );
  const options: fc.Arbitrary<string | undefined>[] = [fc.constant(undefined), junk];
  if (context.cookie !== undefined) {
    const valid = context.cookie;
    options.push(
      fc.constant(valid),
      fc.constant(valid),
      junk.map((j) => `${valid}; ${j}`),
    );
  }
  return fc.oneof(...options);
}

/** The JSON content types clients send (all of which must be read as JSON). */
const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];

/** Every case for one operation. */
export function casesFor(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzCase> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const segments = fc.tuple(...pathParameters.map((p) => segment(p, context)));
  const withBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const body: fc.Arbitrary<string | undefined> = !withBody
    ? fc.constant(undefined)
    : operation.body !== undefined
      ? fc.oneof({ weight: 12, arbitrary: bodyText(operation.body, context) }, fc.constant(undefined))
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          junkValue.map(serialise),
          fc.constantFrom(...RAW_BODIES),
        );
  return fc
    .record({
      segments,
      query: query(
        operation.parameters.filter((p) => p.in === 'query'),
        context,
      ),
      body,
      contentType: fc.constantFrom(...JSON_TYPES),
      cookie: cookieHeader(context),
    })
    .map(({ segments: values, query: search, body: text, contentType, cookie }) => {
      let path = operation.path;
      pathParameters.forEach((p, n) => {
        path = path.replace(`{${p.name}}`, values[n] ?? '');
      });
      return {
        method: operation.method,
        target: `${path}${search}`,
        body: text,
        contentType: text === undefined ? undefined : contentType,
        cookie,
      };
    });
}

/** `POST /x?y (cookie, 12 B body)`: a case in one line (its body cut short) for failure messages. */
export function describeCase(c: FuzzCase): string {
  const body = c.body === undefined ? 'no body' : `${c.body.length} B body ${JSON.stringify(c.body.slice(0, 200))}`;
  const cookie = c.cookie === undefined ? 'no cookie' : `cookie ${JSON.stringify(c.cookie.slice(0, 80))}`;
  return `${c.method} ${c.target.slice(0, 300)} (${cookie}, ${c.contentType ?? 'no content type'}, ${body})`;
}
