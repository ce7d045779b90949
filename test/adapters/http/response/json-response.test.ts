import { request as httpRequest } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../../../../adapters/koa/middleware/request-context.js';
import { sendJson } from '../../../../adapters/koa/response/json-response.js';
import { listen } from '../../../../adapters/koa/server/http-server.js';
import { rawRequest, sendRaw } from '../../../support/raw-http.js';
import { quiet } from '../server/served-app.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';

/** The names of a response's headers, in the order they came, and its status. */
function headerNames(url: string, method: string, key: string | null): Promise<{ status: number; names: string[] }> {
  return new Promise((resolve, reject) => {
    const headers = key === null ? {} : { Authorization: `Bearer ${key}` };
    httpRequest(url, { method, headers }, (response) => {
      response.resume();
      const names = response.rawHeaders.filter((_, index) => index % 2 === 0);
      resolve({ status: response.statusCode ?? 0, names });
    })
      .on('error', reject)
      .end();
  });
}

describe('the JSON writer', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '0' } });
  });
  afterAll(() => api.close());

  // sendJson writes its two headers ahead of the request's own; Koa, given an object, would set Content-Length after them.
  it.each([
    ['GET', '/healthz', null, 200],
    ['HEAD', '/healthz', null, 200],
    ['GET', '/readyz', null, 200],
    ['GET', '/', null, 200],
    ['GET', '/v1/pets', TEST_KEY, 200],
    ['GET', '/v1/pets/999', TEST_KEY, 404],
    ['GET', '/v1/pets', null, 401],
    ['GET', '/v1/nothing-here', TEST_KEY, 404],
    ['POST', '/v1/pets/1', TEST_KEY, 405],
    ['PROPFIND', '/v1/pets', TEST_KEY, 501],
    ['GET', '/nothing-here', null, 404],
  ] as const)(
    'writes the JSON of %s %s (key: %s), answer or error, with its headers in one go',
    async (method, path, key, status) => {
      const written = await headerNames(`${api.baseUrl}${path}`, method, key);
      expect(written.status).toBe(status);
      const ours = ['Content-Type', 'Content-Length', 'X-Request-Id'];
      expect(written.names.filter((name) => ours.includes(name))).toEqual(ours);
    },
  );
});

describe('the JSON writer, on a status set before it', () => {
  it('writes the reason phrase of the status it sends, not of the one set before', async () => {
    const app = new Koa();
    app.use(requestContext(quiet));
    app.use((ctx) => {
      // As a router does for a method it does not know, before an error middleware answers otherwise.
      ctx.status = 501;
      sendJson(ctx, { code: 'not_found' }, 404);
    });
    const running = await listen(app, { port: 0, host: '127.0.0.1', logger: quiet });
    try {
      const response = await sendRaw(running.address.port, rawRequest('GET', '/'));
      expect(response?.statusLine).toBe('HTTP/1.1 404 Not Found');
    } finally {
      await running.close(0);
    }
  });
});
