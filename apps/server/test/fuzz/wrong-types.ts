import type { FuzzCase } from './fuzz-cases.js';
import { serialise } from './junk.js';
import type { JsonSchema, Operation, Parameter } from './openapi.js';

/**
 * Wrong-type cases (docs/product.md §D12 strict-input; docs/api.md "Validation"): for every field
 * of every route's OpenAPI schemas, a request that is valid except for that one field, which holds
 * a value of a type the field does not take. Each must be a 400 whose text starts with the field.
 */

/** One wrong-type request and the field its refusal must name. */
export interface WrongTypeCase {
  readonly request: FuzzCase;
  /** The field as refusals name it: `playerName`, `rules.sevenLower`, `cardIds.0`, `limit`, or `body`. */
  readonly field: string;
  /** The wrong value, as sent (for failure messages). */
  readonly sent: string;
}

/** JSON values of each kind: a whole number, a fraction, text (also text that looks like a number or a boolean), … */
const WRONG_VALUES: readonly unknown[] = [7, 1.5, 'x', '7', 'true', true, null, ['x'], {}];

/** The JSON type of a value as JSON Schema names it (`integer` for whole numbers). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Every JSON type a schema takes (`null` when nullable); empty when it says nothing (it takes anything). */
function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if (schema.type !== undefined) types.add(schema.type);
  if (schema.nullable === true) types.add('null');
  if (schema.const !== undefined) types.add(kindOf(schema.const));
  for (const value of schema.enum ?? []) types.add(kindOf(value));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    for (const t of typesOf(branch)) types.add(t);
  return types;
}

/** Whether the schema takes a value of this value's type (a whole number is also a number). */
function takes(types: ReadonlySet<string>, value: unknown): boolean {
  const kind = kindOf(value);
  return types.has(kind) || (kind === 'integer' && types.has('number'));
}

/** The smallest value the schema accepts: its first choice, shortest text, lowest number, required fields only. */
export function minimal(schema: JsonSchema): unknown {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined && choices.length > 0) return minimal(choices[0] as JsonSchema);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(schema.minLength ?? 0, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, minimal(schema.properties?.[key] ?? {})]));
    default:
      return null;
  }
}

/** One place in a body: its path of keys (array items as `0`) and the schema there. */
interface Field {
  readonly path: readonly string[];
  readonly schema: JsonSchema;
}

/** Every field of an object schema, nested objects and array items included, to `depth` levels. */
function fieldsOf(schema: JsonSchema, path: readonly string[] = [], depth = 3): Field[] {
  if (depth === 0) return [];
  const fields: Field[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    fields.push({ path: [...path, key], schema: property }, ...fieldsOf(property, [...path, key], depth - 1));
  }
  if (schema.type === 'array' && schema.items !== undefined) {
    fields.push({ path: [...path, '0'], schema: schema.items }, ...fieldsOf(schema.items, [...path, '0'], depth - 1));
  }
  return fields;
}

/** A copy of `base` (the minimal valid body) with `value` at `path`, creating the containers on the way. */
function withValue(base: unknown, schema: JsonSchema, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (schema.type === 'array') {
    const item = schema.items ?? {};
    return [withValue(minimal(item), item, rest, value)];
  }
  const property = schema.properties?.[head] ?? {};
  const container = (typeof base === 'object' && base !== null ? base : {}) as Record<string, unknown>;
  const inner = head in container ? container[head] : minimal(property);
  return { ...container, [head]: withValue(inner, property, rest, value) };
}

/** The route's path with each parameter filled: a whole number where it takes one, else a plain id. */
function pathOf(operation: Operation, override?: { readonly name: string; readonly text: string }): string {
  let path = operation.path;
  for (const p of operation.parameters.filter((q) => q.in === 'path')) {
    const text = override?.name === p.name ? override.text : String(minimal(p.schema));
    path = path.replace(`{${p.name}}`, encodeURIComponent(text === 'x' ? 'ABCDEF' : text));
  }
  return path;
}

/** The required query parameters with valid values, as `name=value` pairs. */
function requiredQuery(operation: Operation, except: string): string[] {
  return operation.parameters
    .filter((p) => p.in === 'query' && p.required && p.name !== except)
    .map((p) => `${p.name}=${encodeURIComponent(String(minimal(p.schema)))}`);
}

/** Texts no numeric (or boolean) parameter may be read from. */
function wrongTexts(parameter: Parameter): string[] {
  const types = typesOf(parameter.schema);
  if (types.has('string') || types.size === 0) return [];
  const texts: string[] = [];
  if (types.has('integer') || types.has('number')) texts.push('10x', '', ' 1', '1e1', '0x1', 'Infinity', 'true');
  if (types.has('integer') && !types.has('number')) texts.push('1.5');
  if (types.has('boolean')) texts.push('1', 'yes', 'TRUE');
  return texts;
}

/** Every wrong-type case of one operation, sent without credentials (validation comes before them). */
export function wrongTypeCases(operation: Operation): WrongTypeCase[] {
  const cases: WrongTypeCase[] = [];
  const json = (path: string, body: unknown, field: string, value: unknown): WrongTypeCase => ({
    request: {
      method: operation.method,
      target: path,
      body: serialise(body),
      contentType: 'application/json',
      cookie: undefined,
    },
    field,
    sent: JSON.stringify(value) ?? 'undefined',
  });
  const path = pathOf(operation);
  const query = requiredQuery(operation, '');
  const target = query.length === 0 ? path : `${path}?${query.join('&')}`;
  const body = operation.body;
  if (body !== undefined) {
    const base = minimal(body);
    // The body as a whole: a list or a text where the route takes an object.
    for (const value of [['x'], 'x', 7])
      if (!takes(typesOf(body), value)) cases.push(json(target, value, 'body', value));
    for (const field of fieldsOf(body)) {
      const types = typesOf(field.schema);
      if (types.size === 0) continue;
      for (const value of WRONG_VALUES) {
        if (takes(types, value)) continue;
        cases.push(json(target, withValue(base, body, field.path, value), field.path.join('.'), value));
      }
    }
  }
  const get = (t: string, field: string, sent: string): WrongTypeCase => ({
    request: {
      method: operation.method,
      target: t,
      body: body === undefined ? undefined : serialise(minimal(body)),
      contentType: body === undefined ? undefined : 'application/json',
      cookie: undefined,
    },
    field,
    sent,
  });
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const text of wrongTexts(parameter)) {
        if (text === '' || text.startsWith(' ')) continue; // an empty or padded segment is another route
        const wrongPath = pathOf(operation, { name: parameter.name, text });
        cases.push(get(query.length === 0 ? wrongPath : `${wrongPath}?${query.join('&')}`, parameter.name, text));
      }
    } else if (parameter.in === 'query') {
      const others = requiredQuery(operation, parameter.name);
      const valid = encodeURIComponent(String(minimal(parameter.schema)));
      const texts = [...wrongTexts(parameter).map(encodeURIComponent), `${valid}&${parameter.name}=${valid}`];
      for (const text of texts) {
        cases.push(get(`${path}?${[...others, `${parameter.name}=${text}`].join('&')}`, parameter.name, text));
      }
    }
  }
  return cases;
}
