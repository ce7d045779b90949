import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import type { PetRepository } from '../../../../core/ports.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { startTestApi, TEST_KEY, type LoggedLine, type TestApi } from '../../../support/api-harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let api: TestApi;
afterEach(() => api.close());

/** The access lines of API requests (not the harness's own reads of /openapi.json), once written. */
async function accessLines(count: number): Promise<LoggedLine[]> {
  const lines = () => api.logLines.filter((line) => line.msg === 'request' && line.path !== '/openapi.json');
  await expect.poll(() => lines().length).toBe(count);
  return lines();
}

describe('X-Request-Id', () => {
  it('gives every response a generated id, a different one each time', async () => {
    api = await startTestApi();
    const ids = await Promise.all(
      ['/v1/pets', '/v1/pets', '/healthz', '/v1/nothing'].map(async (path) =>
        (await api.request(path)).headers.get('x-request-id'),
      ),
    );
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
  });

  it.each([
    '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8',
    'a',
    'x'.repeat(128),
  ])("keeps the client's own id %s", async (id) => {
    api = await startTestApi();
    const response = await api.request('/v1/pets', { headers: { 'X-Request-Id': id } });
    expect(response.headers.get('x-request-id')).toBe(id);
  });

  it.each(['x'.repeat(129), 'has space', '"quoted"', '<script>', 'a,b', 'tab\there'])(
    'replaces an unusable id %j with a generated one',
    async (id) => {
      api = await startTestApi();
      const response = await api.request('/v1/pets', { headers: { 'X-Request-Id': id } });
      expect(response.headers.get('x-request-id')).toMatch(UUID);
    },
  );

  it('is carried by the error log line of that request', async () => {
    const failing: PetRepository = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(new Error('boom')),
    });
    api = await startTestApi({ repository: failing });
    const response = await api.request('/v1/pets', { headers: { 'X-Request-Id': 'trace-me-42' } });
    expect(response.status).toBe(500);
    expect(api.loggedErrors).toMatchObject([{ requestId: 'trace-me-42', msg: 'request failed' }]);
  });
});

describe('the access log', () => {
  it('writes one JSON line per request: method, path, status, duration and request id', async () => {
    api = await startTestApi();
    const created = await api.postJson('/v1/pets', { name: 'Rex', categoryId: 1 });
    const listed = await api.request('/v1/pets?limit=5&status=sold');
    const [createLine, listLine] = await accessLines(2);
    expect(createLine).toMatchObject({
      level: 'info',
      method: 'POST',
      path: '/v1/pets',
      status: 201,
      requestId: created.headers.get('x-request-id'),
    });
    expect(listLine).toMatchObject({
      method: 'GET',
      path: '/v1/pets',
      status: 200,
      requestId: listed.headers.get('x-request-id'),
    });
    expect(typeof listLine?.durationMs).toBe('number');
    expect(listLine?.durationMs).toBeGreaterThanOrEqual(0);
    expect(listLine).not.toHaveProperty('aborted');
  });

  it('measures the duration in milliseconds, to a tenth', async () => {
    const slowMs = 40;
    const slow: PetRepository = Object.assign(new InMemoryPetRepository(), {
      list: () =>
        new Promise<[]>((resolve) =>
          setTimeout(() => {
            resolve([]);
          }, slowMs),
        ),
    });
    api = await startTestApi({ repository: slow });
    await api.request('/v1/pets');
    const [line] = await accessLines(1);
    const durationMs = line?.durationMs as number;
    // Bounds loose enough for a busy machine, tight enough to catch seconds or hundredths for milliseconds.
    expect(durationMs).toBeGreaterThanOrEqual(slowMs - 1);
    expect(durationMs).toBeLessThan(slowMs * 20);
    expect(Number.isInteger(Math.round(durationMs * 10 * 1000) / 1000)).toBe(true);
  });

  it('logs refused requests too, and never the key, the Authorization header or the query string', async () => {
    api = await startTestApi();
    await api.request('/v1/pets?api_key=query-secret');
    await api.request('/v1/pets', { key: 'wrong-secret-key' });
    await api.request('/v1/pets/abc');
    const lines = await accessLines(3);
    expect(lines.map((line) => line.status)).toEqual([200, 401, 400]);
    const everything = JSON.stringify(api.logLines);
    for (const secret of [TEST_KEY, 'wrong-secret-key', 'query-secret', 'Bearer', 'authorization'])
      expect(everything).not.toContain(secret);
  });

  it('logs a request whose client went away before the answer, marked aborted', async () => {
    api = await startTestApi();
    const { port } = new URL(api.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => {
        resolve();
      });
      socket.on('error', reject);
    });
    const [line] = await accessLines(1);
    expect(line).toMatchObject({ method: 'POST', path: '/v1/pets', aborted: true });
    expect(line).not.toHaveProperty('status');
    expect(api.logLines.filter((logged) => logged.level === 'warn')).toMatchObject([
      {
        requestId: line?.requestId,
        msg: 'connection failed before the response was complete',
        error: 'request aborted',
      },
    ]);
    expect(await api.repository.list({ limit: 10 })).toEqual([]);
  });

  it('logs a client that goes away while a file streams to it as one warn line, and keeps serving', async () => {
    api = await startTestApi();
    const { port } = new URL(api.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /docs/assets/swagger-ui-bundle.js HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      // The first bytes of a file of over a megabyte: the rest is still being sent when the client leaves.
      socket.once('data', () => socket.resetAndDestroy());
      socket.on('close', () => {
        resolve();
      });
      socket.on('error', reject);
    });
    await expect
      .poll(() => api.logLines.filter((logged) => logged.level === 'warn').map((logged) => logged.msg))
      .toContain('connection failed before the response was complete');
    expect((await api.request('/healthz')).status).toBe(200);
  });

  it('keeps logging the outage of storage with the request id', async () => {
    const down: PetRepository = Object.assign(new InMemoryPetRepository(), {
      add: () => Promise.reject(new StorageUnavailable()),
    });
    api = await startTestApi({ repository: down });
    const response = await api.postJson('/v1/pets', { name: 'Rex', categoryId: 1 });
    expect(response.status).toBe(503);
    const [line] = await accessLines(1);
    expect(line).toMatchObject({ status: 503, requestId: response.headers.get('x-request-id') });
  });
});
