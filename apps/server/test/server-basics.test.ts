import { describe, expect, it } from 'vitest';
import { expectError, useServer } from './harness.js';

/** What the server answers besides the game: health, the API docs, unknown paths and the page fallback. */
describe('server basics', () => {
  const INDEX = '<!doctype html><html><body><div id="root">palace test page</div></body></html>';
  const web = useServer({ indexHtml: INDEX });
  const bare = useServer();

  it('server - healthz, the OpenAPI document and Swagger UI answer', async () => {
    const { server, c } = web();
    const health = await c.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });

    const doc = await c.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/rest-games',
        '/api/rest-games/{gameId}/poll',
        '/api/rest-games/lobby',
        '/api/rest-games/{gameId}',
        '/api/rest-games/{gameId}/play',
      ]),
    );

    const ui = await fetch(`${server.base}/api/docs`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type') ?? '').toContain('text/html');
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('server - unknown API paths answer 404 JSON and page routes fall back to index.html', async () => {
    const { server, c } = web();
    const unknown = await c.get('/api/unknown');
    expectError(unknown, 404);
    expectError(await c.get('/api/unknown', { accept: 'text/html' }), 404);
    expectError(await c.post('/api/nothing/here', {}), 404);

    for (const path of ['/', '/rest-poker/ABC123', '/lobby']) {
      const page = await fetch(`${server.base}${path}`, { headers: { accept: 'text/html' } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type') ?? '').toContain('text/html');
      expect(await page.text()).toBe(INDEX);
    }

    // Without a web build there is no page to fall back to.
    const bareClient = bare().c;
    expectError(await bareClient.get('/', { accept: 'text/html' }), 404);
    expectError(await bareClient.get('/api/unknown'), 404);
  });
});
