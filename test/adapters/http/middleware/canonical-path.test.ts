import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { isCanonicalPath } from '../../../../adapters/koa/middleware/canonical-path.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { API_OPERATIONS } from '../../../../adapters/koa/http-app.js';
import { createRouter, isUnderApi, mountOperation } from '../../../../adapters/koa/routing/router.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { rawRequest, sendRaw } from '../../../support/raw-http.js';
import { watchedStorage } from '../../../support/watched-storage.js';

/** Every way we could think of to spell the API's paths other than as they are written. */
const OTHER_SPELLINGS = [
  '/V1/pets',
  '/V1/PETS',
  '/v1/PETS',
  '/v1/Pets',
  '/V1/pets/1',
  '/v1/PETS/1',
  '/v1/pets/',
  '/v1/pets/1/',
  '/v1//pets',
  '//v1/pets',
  '/v1/pets//1',
  '/v1/./pets',
  '/./v1/pets',
  '/v1/x/../pets',
  '/v1/pets/./1',
  '/v1/pets/..',
  '/v1/pets/%2E%2E',
  '/v1/%70ets',
  '/%761/pets',
  '/%76%31/%70%65%74%73',
  '/v1/pets/%31',
  '/v1/pets%2F1',
  '/v1%2Fpets',
  '/v1/pets;x',
  '/v1/pets/1;x',
  '/v1\\pets',
  '/v1/pets\\1',
  'http://127.0.0.1/V1/pets',
  'HTTP://127.0.0.1/v1/pets/',
  '*',
];
/** The methods the API answers: any other is refused before the path is looked at, on every path alike. */
const METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const PET_BODY = '{"name":"Sneaky","categoryId":1}';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function send(port: number, method: string, target: string, key?: string) {
  const headers = ['Content-Type: application/json', ...(key === undefined ? [] : [`Authorization: Bearer ${key}`])];
  return sendRaw(port, rawRequest(method, target, headers, method === 'GET' || method === 'HEAD' ? '' : PET_BODY), {
    head: method === 'HEAD',
  });
}

describe('no spelling of a path reaches a handler past the key check', () => {
  it('answers every other spelling of every operation, with every method and no key, without touching storage', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    api = await startTestApi({ repository: store.port });
    const port = Number(new URL(api.baseUrl).port);
    for (const target of OTHER_SPELLINGS) {
      for (const method of METHODS) {
        const response = await send(port, method, target);
        expect({ method, target, status: response?.status }).toEqual({
          method,
          target,
          status: expect.toBeOneOf([401, 404]) as number,
        });
        if (method !== 'HEAD') expect(JSON.parse(response!.body)).toMatchObject({ status: response!.status });
      }
    }
    expect(store.calls()).toEqual([]);
  });

  it('answers them 404 with a valid key too, and petIds with leading zeros 400: only the one spelling names a resource', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    api = await startTestApi({ repository: store.port });
    const port = Number(new URL(api.baseUrl).port);
    for (const target of OTHER_SPELLINGS) {
      for (const method of METHODS) {
        const response = await send(port, method, target, TEST_KEY);
        expect({ method, target, status: response?.status }).toEqual({ method, target, status: 404 });
      }
    }
    // The 404 says why, in the rule's own words.
    const refused = await send(port, 'GET', '/v1/pets/', TEST_KEY);
    expect(JSON.parse(refused!.body)).toEqual({
      code: 'not_found',
      message:
        'No resource at this path; paths are case-sensitive and have no trailing slash, empty or dot segments, or ' +
        'percent-encoding',
      status: 404,
    });
    // A petId has one spelling too: leading zeros are refused by the parameter's rule.
    for (const target of ['/v1/pets/01', '/v1/pets/007', '/v1/pets/00']) {
      expect((await send(port, 'GET', target, TEST_KEY))?.status).toBe(400);
    }
    expect(store.calls()).toEqual([]);
    // The control: the canonical spellings do reach storage, so the count above could have moved.
    expect((await send(port, 'POST', '/v1/pets', TEST_KEY))?.status).toBe(201);
    expect((await send(port, 'GET', '/v1/pets/1', TEST_KEY))?.status).toBe(200);
    expect(store.calls()).toHaveLength(2);
  });

  it('refuses generated spellings without a key and never touches storage (property, over a real socket)', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    api = await startTestApi({ repository: store.port });
    const port = Number(new URL(api.baseUrl).port);
    await fc.assert(
      fc.asyncProperty(pathSpellings, fc.constantFrom(...METHODS), async (target, method) => {
        const response = await send(port, method, target);
        // The index at `/` is public, as the docs are; it reads no storage either.
        const publicIndex = target === '/' && ['GET', 'HEAD', 'OPTIONS'].includes(method);
        return response !== undefined && (response.status >= 400 || publicIndex) && store.calls().length === 0;
      }),
      // A request a run over a socket; the pure property below searches the same spellings 5,000 times.
      { seed: 15, numRuns: 300 },
    );
  });
});

describe('the rule for what is under the API is the rule the router matches with', () => {
  // Made in each test, not once for the file: mutation testing credits only code a test runs.
  const apiRouter = () => {
    const router = createRouter();
    for (const operation of API_OPERATIONS) mountOperation(router, operation, () => undefined);
    return router;
  };

  it('finds every path that matches an API route under the API (property)', () => {
    const router = apiRouter();
    fc.assert(
      fc.property(pathSpellings, fc.constantFrom(...METHODS), (path, method) => {
        const matched = router.match(path, method).pathAndMethod.length > 0;
        return !matched || isUnderApi(path);
      }),
      // No socket, about 20 µs a run: 5,000 spellings cost a tenth of a second.
      { seed: 15, numRuns: 5_000 },
    );
  });

  it('matches the canonical paths and no other spelling of them', () => {
    const router = apiRouter();
    expect(router.match('/v1/pets', 'GET').route).toBe(true);
    expect(router.match('/v1/pets/12', 'GET').route).toBe(true);
    for (const path of ['/V1/pets', '/v1/PETS', '/v1/pets/', '/v1/pets/12/'])
      expect(router.match(path, 'GET').route).toBe(false);
  });

  it.each(['/', '/v1', '/v1/pets', '/v1/pets/12', '/docs/assets/swagger-ui.css', '/openapi.json'])(
    'holds %s canonical',
    (path) => {
      expect(isCanonicalPath(path)).toBe(true);
    },
  );

  it.each([
    '',
    'v1/pets',
    '/v1/',
    '//',
    '/v1//pets',
    '/v1/./pets',
    '/v1/../v1/pets',
    '/.',
    '/..',
    '/v1/%70ets',
    '/v1/pets;x',
    '/v1\\pets',
    '*',
  ])('holds %j not canonical', (path) => {
    expect(isCanonicalPath(path)).toBe(false);
  });
});

/** Paths built from the API's own segments, mis-spelt every way a client or proxy might. */
const pathSpellings = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'v1',
        'V1',
        'pets',
        'PETS',
        'pEts',
        '1',
        '01',
        '',
        '.',
        '..',
        '%70ets',
        '%761',
        '%31',
        'pets;x',
        'pets%2F1',
      ),
      fc.string({ unit: fc.constantFrom('v', '1', 'p', 'e', 't', 's', '%', '2', 'F', '.', ';', '\\'), maxLength: 6 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((segments) => fc.constantFrom(`/${segments.join('/')}`, `/${segments.join('/')}/`, `//${segments.join('/')}`))
  // The canonical spellings are the ones that may succeed; everything else must not.
  .filter((path) => !/^\/v1\/pets(\/(0|[1-9][0-9]*))?$/.test(path));
