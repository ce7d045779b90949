import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startTestApi, type TestApi } from '../../../../support/api-harness.js';

describe('the docs page and its assets', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  it('answers / without a key with where the API, its docs page and its document are', async () => {
    const response = await api.request('/', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const index = (await response.json()) as Record<string, string>;
    expect(index).toEqual({ name: 'Pet store API', api: '/v1', docs: '/docs', openapi: '/openapi.json' });
    for (const path of [index.docs, index.openapi])
      expect((await api.request(path ?? '', { key: null })).status).toBe(200);
  });

  it('serves an HTML page, without a key, that loads Swagger UI and the document from this server only', async () => {
    const response = await api.request('/docs', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    const loaded = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(loaded).toEqual([
      '/docs/assets/swagger-ui.css',
      '/docs/assets/favicon-32x32.png',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/start-docs.js',
    ]);
    expect(page).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });

  it.each([
    ['swagger-ui.css', 'text/css; charset=utf-8'],
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['favicon-32x32.png', 'image/png'],
  ])('serves %s from the swagger-ui-dist package, cacheable for an hour', async (file, type) => {
    const response = await api.request(`/docs/assets/${file}`, { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  it('starts Swagger UI on /openapi.json, showing operation ids, never calling the public validator', async () => {
    const response = await api.request('/docs/assets/start-docs.js', { key: null });
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain("url: '/openapi.json'");
    expect(script).toContain('displayOperationId: true');
    expect(script).toContain('validatorUrl: null');
  });

  it.each([
    'index.html',
    'package.json',
    '..%2Fpackage.json',
    '..%2F..%2Fpackage.json',
    'swagger-ui.js.map',
    '.hidden',
  ])('answers 404 for any other file (%s): nothing else on disk is reachable', async (file) => {
    await expectError(await api.request(`/docs/assets/${file}`, { key: null }), 404, 'not_found');
  });
});
