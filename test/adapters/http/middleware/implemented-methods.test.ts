import { METHODS, STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_METHODS } from '../../../../adapters/koa/http-app.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { EXPECTED_METHODS, expectedAllow } from '../../../support/api-surface.js';
import { expectDocumented } from '../../../support/openapi-check.js';
import { rawRequest, sendRaw, type RawResponse } from '../../../support/raw-http.js';

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startTestApi();
  port = Number(new URL(api.baseUrl).port);
});
beforeEach(() => api.reset());
afterAll(() => api.close());

const AUTH = `Authorization: Bearer ${TEST_KEY}`;
/** Methods Node's parser knows, that a prober tried, and that no route of the API serves. */
const PROBED_METHODS = [
  'PROPFIND',
  'MKCOL',
  'M-SEARCH',
  'PURGE',
  'LINK',
  'SUBSCRIBE',
  'REPORT',
  'SEARCH',
  'QUERY',
  'TRACE',
] as const;
const NOT_IMPLEMENTED = {
  code: 'not_implemented',
  message: `The method is not one this server implements; it answers ${EXPECTED_METHODS.join(', ')} and OPTIONS`,
  status: 501,
};

async function send(request: string, head = false): Promise<RawResponse> {
  const response = await sendRaw(port, request, { head });
  if (response === undefined) throw new Error(`no answer to ${JSON.stringify(request.slice(0, 60))}`);
  return response;
}

/** The access lines written for the request that got `response`, by its id. */
function accessLinesOf(response: RawResponse): Record<string, unknown>[] {
  const requestId = response.headers['x-request-id'];
  return api.logLines.filter((line) => line.msg === 'request' && line.requestId === requestId);
}

/** What the server writes to `request` before it closes the connection itself; the client never closes first. */
function readUntilServerCloses(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it wrote ${JSON.stringify(text)}`));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    });
  });
}

describe('a method no route serves', () => {
  it.each(PROBED_METHODS.flatMap((method) => ['/v1/pets', '/nope'].map((path) => [method, path] as const)))(
    'answers %s %s with 501 Not Implemented, no Allow, the Error body and an access line',
    async (method, path) => {
      for (const headers of [[AUTH], []]) {
        const response = await send(rawRequest(method, path, headers));
        expect(response.statusLine).toBe('HTTP/1.1 501 Not Implemented');
        expect(response.headers).not.toHaveProperty('allow');
        expect(JSON.parse(response.body)).toEqual(NOT_IMPLEMENTED);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        await expectDocumented(api.baseUrl, {
          method: 'GET',
          path: '/v1/pets',
          status: 501,
          header: (name) => response.headers[name.toLowerCase()],
          text: response.body,
        });
        await expect
          .poll(() => accessLinesOf(response))
          .toEqual([expect.objectContaining({ method, path, status: 501 })]);
      }
    },
  );

  it('answers CONNECT with 501 Not Implemented and the Error body, logs it, and closes the connection', async () => {
    const target = `127.0.0.1:${String(port)}`;
    const written = await readUntilServerCloses(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    const [head = '', body] = written.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 501 Not Implemented');
    expect(headerLines).toEqual(expect.arrayContaining(['Connection: close', 'X-Content-Type-Options: nosniff']));
    expect(headerLines.some((line) => line.toLowerCase().startsWith('allow:'))).toBe(false);
    expect(JSON.parse(body ?? '')).toEqual(NOT_IMPLEMENTED);
    const requestId = /^X-Request-Id: (.+)$/m.exec(head)?.[1];
    await expect
      .poll(() => api.logLines.filter((line) => line.msg === 'request'))
      .toEqual([expect.objectContaining({ requestId, method: 'CONNECT', path: target, status: 501 })]);
  });

  it('answers CONNECT to a path, too, with 501', async () => {
    const written = await readUntilServerCloses(`CONNECT /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`);
    expect(written).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
  });

  it('answers a method the API answers elsewhere with 405 Method Not Allowed and the methods of the path', async () => {
    const onPet = await send(rawRequest('POST', '/v1/pets/1', [AUTH, 'Content-Type: application/json'], '{}'));
    expect(onPet.statusLine).toBe('HTTP/1.1 405 Method Not Allowed');
    const allow = onPet.headers.allow ?? '';
    expect(allow.split(', ').sort()).toEqual(expectedAllow('/pets/{petId}'));
    expect(JSON.parse(onPet.body)).toEqual({
      code: 'method_not_allowed',
      message: `POST is not allowed here; allowed: ${allow}`,
      status: 405,
    });
    const onProbe = await send(rawRequest('POST', '/healthz'));
    expect(onProbe.statusLine).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(onProbe.headers.allow).toBe('HEAD, GET');
  });

  it('answers a method the API answers, at a path it does not serve, with 404 Not Found and no Allow', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const response = await send(rawRequest(method, '/nope', [AUTH]));
      expect(response.statusLine).toBe('HTTP/1.1 404 Not Found');
      expect(response.headers).not.toHaveProperty('allow');
      expect(JSON.parse(response.body)).toEqual({
        code: 'not_found',
        message: 'No resource at this path',
        status: 404,
      });
    }
  });

  // Every method Node knows and arbitrary tokens, on paths that exist and paths that do not: some 60
  // draws cover each kind of answer (501, 405, 404, 401, 2xx) many times over.
  it('names the reason phrase of its status, never sends an empty Allow, and answers 501 exactly to the methods the API does not implement (fast-check)', async () => {
    const methods = METHODS.filter((method) => method !== 'CONNECT');
    const token = fc.stringMatching(/^[A-Za-z][A-Za-z-]{0,9}$/).filter((text) => text !== 'PRI');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...methods), token),
        fc.constantFrom('/v1/pets', '/v1/pets/1', '/healthz', '/nope', '/'),
        fc.boolean(),
        async (method, path, keyed) => {
          const response = await send(rawRequest(method, path, keyed ? [AUTH] : []), method === 'HEAD');
          expect(response.statusLine).toBe(
            `HTTP/1.1 ${String(response.status)} ${STATUS_CODES[response.status] ?? ''}`,
          );
          expect(response.headers.allow ?? 'absent').not.toBe('');
          expect(response.status === 501).toBe(!API_METHODS.includes(method));
        },
      ),
      { numRuns: 60, seed: 20_261_127 },
    );
  }, 30_000);
});
