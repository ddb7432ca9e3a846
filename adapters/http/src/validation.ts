import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';

/**
 * Strict input (docs/product.md §D12 strict-input; docs/api.md "Validation"). Fastify's default
 * Ajv coerces types, so a body's `{"playerName": 123}` became the name "123" and `?limit=0x10` the
 * limit 16. Here one Ajv instance with coercion off validates every part of a request; bodies
 * (JSON, so typed by the client) are checked as they are. Path parameters, query strings and headers are text by nature: before the
 * same check, each value whose schema wants a number or a boolean and accepts no string is read
 * from its text by the strict grammar below, and any other text stays a string, so the check
 * refuses it naming the parameter ("limit must be integer"). This is explicit where Ajv's own
 * coercion is lax: Ajv would read "0x10", " 10", "1e1" and "Infinity" as numbers.
 */

/** A whole number in decimal: an optional minus and digits, nothing else. */
const INTEGER_TEXT = /^-?[0-9]+$/;
/** A decimal number: an integer part and an optional fraction; no exponent, no sign `+`, no spaces. */
const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;

/** The part of a JSON schema the text reading looks at. */
interface SchemaShape {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaShape>>;
  readonly anyOf?: readonly SchemaShape[];
  readonly oneOf?: readonly SchemaShape[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
}

/** Every JSON type a schema (or one of its branches) accepts. */
function typesOf(schema: SchemaShape): Set<string> {
  const types = new Set<string>();
  if (typeof schema.type === 'string') types.add(schema.type);
  else if (Array.isArray(schema.type)) for (const t of schema.type) types.add(t);
  if (schema.const !== undefined) types.add(typeof schema.const);
  for (const value of schema.enum ?? []) types.add(typeof value);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    for (const t of typesOf(branch)) types.add(t);
  return types;
}

/**
 * The value a text stands for under `schema`: a number when it wants a number (or an integer) and
 * the text is one in plain decimal (a safe integer, for integers), a boolean for `true`/`false`
 * when it wants a boolean; otherwise the text itself (which the check then refuses or accepts).
 */
export function readText(text: string, schema: SchemaShape): unknown {
  const types = typesOf(schema);
  if (types.has('string')) return text;
  if (types.has('number') && NUMBER_TEXT.test(text)) return Number(text);
  if (types.has('integer') && INTEGER_TEXT.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : text;
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A copy of a text part (params, querystring, headers) with each property read by its schema. */
function readTextPart(data: unknown, schema: SchemaShape): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const properties = schema.properties ?? {};
  // Object.fromEntries defines own properties: a `__proto__` parameter stays a plain key.
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => {
      const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
      return [key, typeof value === 'string' && property !== undefined ? readText(value, property) : value];
    }),
  );
}

/** What a compiled validator is to Fastify. */
type Validator = ReturnType<FastifySchemaCompiler<unknown>>;

/** The request parts whose values arrive as text. */
const TEXT_PARTS = new Set(['params', 'querystring', 'headers']);

/**
 * The validator compiler: Fastify's Ajv options (defaults filled in, extra properties removed where
 * a schema forbids them, one error at a time) with coercion off and NaN/Infinity refused as numbers.
 */
export function strictValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    strictNumbers: true,
  });
  formats.default(ajv);
  const compile = (schema: AnySchema): ValidateFunction => {
    const id = typeof schema === 'object' ? schema.$id : undefined;
    const known = typeof id === 'string' ? ajv.getSchema(id) : undefined;
    return known ?? ajv.compile(schema);
  };
  return ({ schema, httpPart }) => {
    const validate = compile(schema as AnySchema);
    if (httpPart === undefined || !TEXT_PARTS.has(httpPart)) return validate as Validator;
    const shape = schema as SchemaShape;
    return (data: unknown) => {
      const value = readTextPart(data, shape);
      return validate(value) ? { value } : { error: validate.errors ?? [] };
    };
  };
}

/** Validates every route registered on `app` after this (and in its child plugins) strictly. */
export function installStrictValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(strictValidatorCompiler());
}
