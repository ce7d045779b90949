import { request as httpRequest } from 'node:http';
import { expectDocumented } from '../../../support/openapi-check.js';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import type { PetRepository } from '../../../../core/ports.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { expectError, startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { expectedAllow, METHODS_ANSWERED_NOWHERE } from '../../../support/api-surface.js';
import { watchedStorage } from '../../../support/watched-storage.js';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** fetch refuses methods such as PROPFIND; node:http sends any token Node knows. */
function rawRequest(
  api: TestApi,
  method: string,
  path: string,
): Promise<{ status: number; allow: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${api.baseUrl}${path}`,
      { method, headers: { Authorization: `Bearer ${TEST_KEY}` } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const header = (name: string) => response.headers[name.toLowerCase()] as string | undefined;
          expectDocumented(api.baseUrl, { method, path, status, header, text })
            .then(() => {
              resolve({ status, allow: response.headers.allow, body: JSON.parse(text) as unknown });
            })
            .catch(reject);
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A store whose every call fails the given way: the only way to provoke 5xx answers. */
function failingRepository(failure: () => Error, reachable = true): PetRepository {
  return watchedStorage(new InMemoryPetRepository())
    .fail(failure)
    .answer('isReachable', () => Promise.resolve(reachable)).port;
}

describe('errors that no route produces', () => {
  it('answers 404 not_found for paths outside /v1 that are not ours', async () => {
    api = await startTestApi();
    for (const path of ['/pets', '/v2/pets', '/healthz/x', '/favicon.ico', '//']) {
      await expectError(await api.request(path, { key: null }), 404, 'not_found');
    }
  });

  it('answers 405 method_not_allowed with an Allow header for a known path, to a method the API answers elsewhere', async () => {
    api = await startTestApi();
    const onPet = await api.request('/v1/pets/1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    await expectError(onPet, 405, 'method_not_allowed');
    expect(onPet.headers.get('allow')?.split(', ').sort()).toEqual(expectedAllow('/pets/{petId}'));
    const onProbe = await api.request('/healthz', { method: 'POST', key: null });
    await expectError(onProbe, 405, 'method_not_allowed');
    expect(onProbe.headers.get('allow')).toBe('HEAD, GET');
  });

  it('answers a method the API answers on no path with 501 and no Allow, on known and unknown paths alike', async () => {
    api = await startTestApi();
    const paths = ['/v1/pets', '/v1/pets/1', '/nothing'];
    for (const [method, path] of METHODS_ANSWERED_NOWHERE.flatMap((method) =>
      paths.map((path) => [method, path] as const),
    )) {
      const answer = await rawRequest(api, method, path);
      expect({ method, path, status: answer.status, allow: answer.allow }).toEqual({
        method,
        path,
        status: 501,
        allow: undefined,
      });
      expect(answer.body).toMatchObject({ code: 'not_implemented', status: 501 });
    }
  });

  it('answers OPTIONS with 204 and the allowed methods', async () => {
    api = await startTestApi();
    const response = await api.request('/v1/pets', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')?.split(', ').sort()).toEqual(expectedAllow('/pets'));
    await expectError(await api.request('/v1/nothing', { method: 'OPTIONS' }), 404, 'not_found');
  });

  it('answers 500 internal_error with a generic message, logging the cause but showing no internals', async () => {
    api = await startTestApi({
      repository: failingRepository(() => new Error('connection string mongodb://secret@db leaked')),
    });
    const response = await api.request('/v1/pets');
    const body = await expectError(response, 500, 'internal_error');
    expect(body.message).toBe('The server could not complete the request');
    expect(JSON.stringify(body)).not.toMatch(/secret|stack|at .*\.ts/);
    expect(api.loggedErrors).toHaveLength(1);
    expect(api.loggedErrors[0]?.msg).toBe('request failed');
    expect(JSON.stringify(api.loggedErrors)).not.toContain(TEST_KEY);
  });

  it('answers 503 service_unavailable with Retry-After when storage is down, and logs the outage as a warning, without a stack', async () => {
    const cause = new Error('Timed out while checking out a connection from connection pool');
    cause.name = 'MongoWaitQueueTimeoutError';
    api = await startTestApi({ repository: failingRepository(() => new StorageUnavailable({ cause })) });
    for (const send of [
      () => api!.request('/v1/pets'),
      () => api!.request('/v1/pets/1'),
      () => api!.postJson('/v1/pets', { name: 'Tom', categoryId: 1 }),
    ]) {
      const response = await send();
      const body = await expectError(response, 503, 'service_unavailable');
      expect(body.message).toBe('The service is temporarily unavailable; retry later');
      expect(response.headers.get('retry-after')).toBe('1');
    }
    expect(api.loggedErrors).toEqual([]);
    const warnings = api.logLines.filter((line) => line.msg === 'storage unavailable');
    expect(warnings.map((line) => [line.level, line.method, line.path])).toEqual([
      ['warn', 'GET', '/v1/pets'],
      ['warn', 'GET', '/v1/pets/1'],
      ['warn', 'POST', '/v1/pets'],
    ]);
    expect(
      warnings.every(
        (line) =>
          line.cause === 'MongoWaitQueueTimeoutError: Timed out while checking out a connection from connection pool',
      ),
    ).toBe(true);
    expect(JSON.stringify(warnings)).not.toMatch(/stack|at .*\.ts/);
  });
});

describe('probes', () => {
  it('answers /healthz with 200 while the process lives', async () => {
    api = await startTestApi({ repository: failingRepository(() => new StorageUnavailable(), false) });
    const response = await api.request('/healthz', { key: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when storage is reachable', async () => {
    api = await startTestApi({ repository: new InMemoryPetRepository() });
    const response = await api.request('/readyz', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 service_unavailable when storage is not reachable', async () => {
    api = await startTestApi({ repository: failingRepository(() => new StorageUnavailable(), false) });
    const response = await api.request('/readyz', { key: null });
    const body = await expectError(response, 503, 'service_unavailable');
    expect(body.message).toBe('Storage is not reachable');
    expect(response.headers.get('retry-after')).toBe('1');
    // A known, answered condition: nothing for the error log.
    expect(api.loggedErrors).toEqual([]);
  });
});
