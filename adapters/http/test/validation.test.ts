import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../src/errors.js';
import { installStrictValidation, readText } from '../src/validation.js';

const Body = Type.Object({
  name: Type.String({ maxLength: 20 }),
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  ratio: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.Array(Type.String())),
  options: Type.Optional(Type.Object({ size: Type.Integer() })),
  pick: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  nothing: Type.Optional(Type.Null()),
});
const Query = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  ratio: Type.Optional(Type.Number()),
  flag: Type.Optional(Type.Boolean()),
  text: Type.Optional(Type.String()),
  either: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
});
const Params = Type.Object({ id: Type.Integer() });

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  installErrorHandling(app);
  installStrictValidation(app);
  const echo = async (request: { body?: unknown; query?: unknown; params?: unknown }) => ({
    body: request.body ?? null,
    query: request.query,
    params: request.params,
  });
  app.post('/things', { schema: { body: Body } }, echo);
  app.get('/things', { schema: { querystring: Query } }, echo);
  app.get('/things/:id', { schema: { params: Params } }, echo);
  // A child plugin (as every route plugin is) inherits the compiler.
  await app.register(async (child) => {
    installErrorHandling(child, 'message');
    child.post('/child', { schema: { body: Body } }, echo);
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(path: string) {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('strict validation', () => {
  it('validation - a body field of the wrong type is a 400 naming the field, never coerced', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 123 }, 'name must be string'],
      [{ name: true }, 'name must be string'],
      [{ name: null }, 'name must be string'],
      [{ name: ['Ann'] }, 'name must be string'],
      [{ name: 'Ann', count: '5' }, 'count must be integer'],
      [{ name: 'Ann', count: 1.5 }, 'count must be integer'],
      [{ name: 'Ann', count: true }, 'count must be integer'],
      [{ name: 'Ann', ratio: '0.5' }, 'ratio must be number'],
      [{ name: 'Ann', flag: 'true' }, 'flag must be boolean'],
      [{ name: 'Ann', flag: 1 }, 'flag must be boolean'],
      [{ name: 'Ann', tags: 'a' }, 'tags must be array'],
      [{ name: 'Ann', tags: [1] }, 'tags.0 must be string'],
      [{ name: 'Ann', options: [] }, 'options must be object'],
      [{ name: 'Ann', options: { size: '3' } }, 'options.size must be integer'],
      [{ name: 'Ann', pick: 1 }, 'pick must be one of a, b'],
      [{ name: 'Ann', nothing: '' }, 'nothing must be null'],
      [{ name: 'Ann', nothing: 0 }, 'nothing must be null'],
    ];
    for (const [body, message] of cases) {
      expect(await post('/things', body), JSON.stringify(body)).toEqual({ status: 400, body: { error: message } });
    }
    // In a child plugin, in that plugin's error field.
    expect(await post('/child', { name: 7 })).toEqual({ status: 400, body: { message: 'name must be string' } });
  });

  it('validation - a well-typed body passes as sent', async () => {
    const body = { name: 'Ann', count: 3, ratio: 0.5, flag: false, tags: ['x'], options: { size: 2 }, pick: 'b' };
    expect(await post('/things', body)).toMatchObject({ status: 200, body: { body } });
  });

  it('validation - a body number must be finite (1e999 parses to Infinity)', async () => {
    const response = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ann","ratio":1e999}',
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { error: 'ratio must be number' },
    });
  });

  it('validation - a numeric query parameter is read from plain decimal text only', async () => {
    expect(await get('/things?limit=10&ratio=-2.5&flag=true&text=10&either=7')).toMatchObject({
      status: 200,
      body: { query: { limit: 10, ratio: -2.5, flag: true, text: '10', either: '7' } },
    });
    expect((await get('/things?limit=007')).body).toMatchObject({ query: { limit: 7 } });
    const refused = ['10x', '1.5', '', '0x10', '%2010', '10%20', '1e1', 'Infinity', '-Infinity', '1e999', '+5', 'NaN'];
    for (const limit of refused) {
      expect(await get(`/things?limit=${limit}`), `limit=${limit}`).toEqual({
        status: 400,
        body: { error: 'limit must be integer' },
      });
    }
    expect(await get('/things?limit=1&limit=2')).toEqual({ status: 400, body: { error: 'limit must be integer' } });
    expect(await get('/things?limit=0')).toEqual({ status: 400, body: { error: 'limit must be >= 1' } });
    expect(await get('/things?limit=101')).toEqual({ status: 400, body: { error: 'limit must be <= 100' } });
    expect(await get('/things?ratio=.5')).toEqual({ status: 400, body: { error: 'ratio must be number' } });
    expect(await get('/things?flag=1')).toEqual({ status: 400, body: { error: 'flag must be boolean' } });
    expect(await get('/things?flag=TRUE')).toEqual({ status: 400, body: { error: 'flag must be boolean' } });
  });

  it('validation - a numeric path parameter likewise', async () => {
    expect(await get('/things/12')).toMatchObject({ status: 200, body: { params: { id: 12 } } });
    expect(await get('/things/-3')).toMatchObject({ status: 200, body: { params: { id: -3 } } });
    for (const id of ['abc', '1.5', '12x', '1e2', '99999999999999999999']) {
      expect(await get(`/things/${id}`), id).toEqual({ status: 400, body: { error: 'id must be integer' } });
    }
  });

  it('validation - readText reads numbers and booleans only where the schema takes no string', () => {
    const integer = Type.Integer();
    expect(readText('42', integer)).toBe(42);
    expect(readText('-0', integer)).toBe(-0);
    expect(readText('4.2', integer)).toBe('4.2');
    expect(readText('9007199254740993', integer)).toBe('9007199254740993');
    expect(readText('4.2', Type.Number())).toBe(4.2);
    expect(readText('4.', Type.Number())).toBe('4.');
    expect(readText('false', Type.Boolean())).toBe(false);
    expect(readText('42', Type.String())).toBe('42');
    expect(readText('42', Type.Union([Type.Integer(), Type.Null()]))).toBe(42);
    expect(readText('42', Type.Union([Type.Literal(42), Type.Literal(7)]))).toBe(42);
    expect(readText('42', Type.Union([Type.Literal('42'), Type.Literal(7)]))).toBe('42');
  });
});
