import { expect, it } from 'vitest';
import { bodylessProblems } from './http-document.js';
import { detailPaths, expectError, seen, type HostClient } from './http-host.js';

/** The methods a client may send, beyond those HTTP defines, that no operation of this API is likely to take. */
const UNKNOWN_METHOD = 'PROPFIND';

/** The rules every request meets before an operation runs (its path, method and key), and the answers outside /v1. */
export function itAnswersPathsMethodsAndKeys(clientOf: () => HostClient): void {
  it('refuses a request without a key with 401 unauthorized and a Bearer challenge', async () => {
    const answer = await clientOf().send('/v1/pets', { headers: { authorization: null } });
    expectError(answer, 401, 'unauthorized', 'GET /v1/pets without Authorization');
    expect(
      answer.headers.get('www-authenticate') ?? '(absent)',
      'a 401 carries WWW-Authenticate: Bearer realm="..."',
    ).toMatch(/^Bearer realm="[^"]+"$/);
  });

  it('refuses an unknown or malformed key with 401 unauthorized and error="invalid_token"', async () => {
    for (const authorization of ['Bearer not-a-key-of-this-host', 'Bearer a b', 'Basic dXNlcjpwYXNz']) {
      const answer = await clientOf().send('/v1/pets', { headers: { authorization } });
      const what = `GET /v1/pets with Authorization: ${authorization}`;
      if (authorization.startsWith('Basic')) {
        expectError(answer, 401, 'unauthorized', what);
        continue;
      }
      expectError(answer, 401, 'unauthorized', what);
      expect(answer.headers.get('www-authenticate') ?? '(absent)', `${what}: the challenge names the error`).toMatch(
        /error="invalid_token"/,
      );
    }
  });

  it('refuses without a key before it reads the query, the path or the body: 401, never 400 or 404', async () => {
    const client = clientOf();
    const anonymous = { authorization: null };
    for (const [target, method, body] of [
      ['/v1/pets?limit=0', 'GET', undefined],
      ['/v1/pets/not-an-id', 'GET', undefined],
      ['/v1/no-such-thing', 'GET', undefined],
      ['/v1/pets', 'POST', '{not json'],
    ] as const) {
      const answer = await client.send(target, { method, headers: anonymous, body });
      expectError(answer, 401, 'unauthorized', `${method} ${target} without a key`);
    }
  });

  it('answers a path in any other spelling with 404 not_found: paths are case-sensitive, with no trailing slash', async () => {
    const client = clientOf();
    for (const target of ['/v1/pets/', '/V1/pets', '/v1/Pets', '/v1//pets', '/v1/%70ets', '/v1/pets/1/']) {
      expectError(await client.send(target), 404, 'not_found', `GET ${target}`);
    }
  });

  it('answers a path under /v1 that names nothing with 404 not_found', async () => {
    expectError(await clientOf().send('/v1/owners'), 404, 'not_found', 'GET /v1/owners');
  });

  it('answers a method a path does not take, but another does, with 405 method_not_allowed and Allow', async () => {
    const client = clientOf();
    const paths = await documentedPaths(client);
    const everywhere = new Set(Object.values(paths).flat());
    let checked = 0;
    for (const [template, methods] of Object.entries(paths)) {
      for (const method of everywhere) {
        if (methods.includes(method)) continue;
        const target = `/v1${template.replaceAll(/\{[^}]+\}/g, '1')}`;
        const body = method === 'GET' || method === 'HEAD' ? undefined : {};
        const answer = await client.send(target, { method, body });
        const what = `${method} ${target}, which the document does not list`;
        // The answer to HEAD is the error without its body (a path without GET still answers it 405).
        if (method === 'HEAD') expect(answer.status, `${what}: ${answer.text}`).toBe(405);
        else expectError(answer, 405, 'method_not_allowed', what);
        const allow = (answer.headers.get('allow') ?? '').split(/, */);
        expect(allow, `the 405 to ${method} ${target} lists in Allow the methods the document gives it`).toEqual(
          expect.arrayContaining(methods),
        );
        checked += 1;
      }
    }
    expect(checked, 'a path of the document that does not take a method another path takes').toBeGreaterThan(0);
  });

  it('answers a method the API takes on no path with 501 not_implemented, wherever it is sent', async () => {
    for (const target of ['/v1/pets', '/v1/no-such-thing', '/healthz']) {
      expectError(
        await clientOf().send(target, { method: UNKNOWN_METHOD }),
        501,
        'not_implemented',
        `${UNKNOWN_METHOD} ${target}`,
      );
    }
  });

  it("answers OPTIONS on an operation's path with 204, no body and Allow naming its methods", async () => {
    const client = clientOf();
    for (const [template, methods] of Object.entries(await documentedPaths(client))) {
      const target = `/v1${template.replaceAll(/\{[^}]+\}/g, '1')}`;
      const answer = await client.send(target, { method: 'OPTIONS' });
      expect(answer.status, `OPTIONS ${target}: ${answer.text}`).toBe(204);
      expect(bodylessProblems(seen(answer)), `OPTIONS ${target}: a 204 has no body`).toEqual([]);
      expect((answer.headers.get('allow') ?? '').split(/, */), `OPTIONS ${target} names in Allow`).toEqual(
        expect.arrayContaining(methods),
      );
    }
  });

  it('answers HEAD as GET, with no body', async () => {
    const answer = await clientOf().send('/v1/pets', { method: 'HEAD' });
    expect(answer.status, 'HEAD /v1/pets').toBe(200);
    expect(answer.text, 'a response to HEAD has no body').toBe('');
    expect(answer.headers.get('content-type') ?? '(absent)', 'HEAD /v1/pets is typed as its GET is').toMatch(
      /^application\/json/,
    );
  });

  it('serves the liveness and readiness probes and the OpenAPI document without a key', async () => {
    const client = clientOf();
    const anonymous = { headers: { authorization: null } };
    const live = await client.send('/healthz', anonymous);
    expect([live.status, live.json], 'GET /healthz without a key').toEqual([200, { status: 'ok' }]);
    const ready = await client.send('/readyz', anonymous);
    expect([ready.status, ready.json], 'GET /readyz without a key').toEqual([200, { status: 'ready' }]);
    const document = await client.send('/openapi.json', anonymous);
    expect(document.status, 'GET /openapi.json without a key').toBe(200);
    expect((document.json as { openapi?: string }).openapi, 'the document is OpenAPI 3.1').toMatch(/^3\.1\./);
  });

  it('sends an X-Request-Id on every answer: the one the client sent when it is sane, else its own', async () => {
    const client = clientOf();
    const kept = await client.send('/v1/pets', { headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers.get('x-request-id') ?? '(absent)', 'a sane X-Request-Id is sent back').toBe('trace-42');
    const made = await client.send('/v1/no-such-thing', { headers: { 'x-request-id': 'a b' } });
    const id = made.headers.get('x-request-id');
    expect(
      id !== null && id !== '' && id !== 'a b',
      `an X-Request-Id with a space is replaced, on errors too: ${id}`,
    ).toBe(true);
  });

  it('sends the API security headers on every answer, errors included: no sniffing, no caching', async () => {
    const client = clientOf();
    for (const [target, headers] of [
      ['/v1/pets', {}],
      ['/v1/pets', { authorization: null }],
      ['/v1/pets?limit=0', {}],
    ] as const) {
      const answer = await client.send(target, { headers });
      expect(answer.headers.get('x-content-type-options') ?? '(absent)', `GET ${target} (${answer.status})`).toBe(
        'nosniff',
      );
      expect(answer.headers.get('cache-control') ?? '(absent)', `GET ${target} (${answer.status})`).toBe('no-store');
    }
  });

  it('names each offending query parameter in details, and never more than 10 of them', async () => {
    const answer = await clientOf().send('/v1/pets?limit=0&status=lost');
    expectError(answer, 400, 'invalid_query', 'GET /v1/pets?limit=0&status=lost');
    expect(detailPaths(answer), 'the details of GET /v1/pets?limit=0&status=lost').toEqual(['limit', 'status']);
  });
}

/** The document's paths, each with the methods it lists (upper case), and HEAD with GET. */
async function documentedPaths(client: HostClient): Promise<Record<string, string[]>> {
  const { json } = await client.send('/openapi.json');
  const { paths } = json as { paths: Record<string, Record<string, unknown>> };
  return Object.fromEntries(
    Object.entries(paths).map(([template, item]) => {
      const methods = Object.keys(item)
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((key) => key.toUpperCase());
      return [template, methods.includes('GET') ? [...methods, 'HEAD'] : methods];
    }),
  );
}
