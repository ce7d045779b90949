import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../../support/builders.js';
import { samplesOf, valueOf, type Sample } from '../../../support/prometheus-text.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { watchedStorage } from '../../../support/watched-storage.js';

const REQUESTS = 'petstore_http_request_duration_seconds_count';
const STORAGE_CALLS = 'petstore_storage_call_duration_seconds_count';

async function scrapeText(api: TestApi): Promise<string> {
  const response = await fetch(`${api.baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return response.text();
}

const scrape = async (api: TestApi): Promise<Sample[]> => samplesOf(await scrapeText(api));

const requestsOf = (samples: Sample[], operation: string, statusClass: string) =>
  valueOf(samples, REQUESTS, { operation, status_class: statusClass });

describe('GET /metrics', () => {
  let api: TestApi;
  afterEach(() => api.close());

  it('counts a known sequence of requests exactly, per operation and status class', async () => {
    api = await startTestApi();
    // Plain fetch: the harness's own request also fetches /openapi.json to check each answer.
    const send = (path: string, { key = TEST_KEY, ...init }: RequestInit & { key?: string | null } = {}) =>
      fetch(`${api.baseUrl}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
        },
      });
    const created = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'once' },
      body: JSON.stringify(aNewPet()),
    };
    const sequence = [
      () => send('/v1/pets'),
      () => send('/v1/pets?status=sold'),
      () => send('/v1/pets?limit=0'),
      () => send('/v1/pets', { key: null }),
      () => send('/v1/pets', created),
      () => send('/v1/pets', created),
      () => send('/v1/pets', { ...created, headers: { 'Content-Type': 'application/json' }, body: '{"name":""}' }),
      () => send('/v1/pets/1'),
      () => send('/v1/pets/999'),
      () => send('/v1/pets/1', { method: 'POST' }),
      () => send('/v1/nothing-here'),
      () => send('/healthz', { key: null }),
    ];
    // One after another, so that the create is done before its repeat comes.
    for (const request of sequence) await (await request()).arrayBuffer();

    const samples = await scrape(api);
    expect({
      listPets: ['2xx', '4xx', '5xx'].map((statusClass) => requestsOf(samples, 'listPets', statusClass)),
      createPet: ['2xx', '4xx'].map((statusClass) => requestsOf(samples, 'createPet', statusClass)),
      getPet: ['2xx', '4xx'].map((statusClass) => requestsOf(samples, 'getPet', statusClass)),
      // POST /v1/pets/1 has no operation (405), nor has a path nothing serves (404), nor /healthz.
      other: ['2xx', '4xx'].map((statusClass) => requestsOf(samples, 'other', statusClass)),
      replays: valueOf(samples, 'petstore_idempotent_replays_total'),
      rateLimited: valueOf(samples, 'petstore_http_rate_limited_requests_total', { operation: 'listPets' }),
    }).toEqual({
      listPets: [2, 2, 0],
      createPet: [2, 1],
      getPet: [1, 1],
      other: [1, 2],
      replays: 1,
      rateLimited: 0,
    });
    expect({
      list: valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'list', outcome: 'ok' }),
      add: valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'add', outcome: 'ok' }),
      addOnce: valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'addOnce', outcome: 'ok' }),
      findById: valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'findById', outcome: 'ok' }),
      claim: valueOf(samples, STORAGE_CALLS, { store: 'idempotency', method: 'claim', outcome: 'ok' }),
      complete: valueOf(samples, STORAGE_CALLS, { store: 'idempotency', method: 'complete', outcome: 'ok' }),
    }).toEqual({ list: 2, add: 0, addOnce: 1, findById: 2, claim: 2, complete: 1 });
    // Durations in seconds: two quick answers take well under one, and more than nothing.
    const listed = valueOf(samples, 'petstore_http_request_duration_seconds_sum', {
      operation: 'listPets',
      status_class: '2xx',
    });
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(1);
  });

  it('counts 429s per operation, and times them as 4xx', async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1h' } });
    await api.request('/v1/pets');
    await api.request('/v1/pets');
    await api.request('/v1/pets/1');
    await api.postJson('/v1/pets', aNewPet());
    const samples = await scrape(api);
    expect(
      ['listPets', 'createPet', 'getPet', 'other'].map((operation) =>
        valueOf(samples, 'petstore_http_rate_limited_requests_total', { operation }),
      ),
    ).toEqual([1, 1, 1, 0]);
    expect([requestsOf(samples, 'listPets', '2xx'), requestsOf(samples, 'listPets', '4xx')]).toEqual([1, 1]);
  });

  it('tells storage outages from successes, per method', async () => {
    const repository = new InMemoryPetRepository();
    repository.list = () => Promise.reject(new StorageUnavailable());
    api = await startTestApi({ repository });
    await api.request('/v1/pets');
    await api.request('/v1/pets');
    await api.request('/v1/pets/1');
    const samples = await scrape(api);
    expect(
      ['ok', 'unavailable', 'error'].map((outcome) =>
        valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'list', outcome }),
      ),
    ).toEqual([0, 2, 0]);
    expect(valueOf(samples, STORAGE_CALLS, { store: 'pets', method: 'findById', outcome: 'ok' })).toBe(1);
    expect(requestsOf(samples, 'listPets', '5xx')).toBe(2);
  });

  it('counts the requests in flight, the scrape itself among them', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const adds = store.hold('add', 'addOnce');
    api = await startTestApi({ repository: store.port });
    expect(valueOf(await scrape(api), 'petstore_http_requests_in_flight')).toBe(1);
    const create = api.postJson('/v1/pets', aNewPet());
    await adds.started();
    expect(valueOf(await scrape(api), 'petstore_http_requests_in_flight')).toBe(2);
    adds.release();
    expect((await create).status).toBe(201);
    expect(valueOf(await scrape(api), 'petstore_http_requests_in_flight')).toBe(1);
  });

  it('counts a request whose client left before any answer as aborted', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const adds = store.hold('add', 'addOnce');
    api = await startTestApi({ repository: store.port });
    const leaving = new AbortController();
    const create = fetch(`${api.baseUrl}/v1/pets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(aNewPet()),
      signal: leaving.signal,
    }).catch(() => 'aborted');
    await adds.started();
    leaving.abort();
    expect(await create).toBe('aborted');
    await vi.waitFor(
      async () => {
        expect(requestsOf(await scrape(api), 'createPet', 'aborted')).toBe(1);
      },
      { timeout: 15_000 },
    );
    adds.release();
    expect(requestsOf(await scrape(api), 'createPet', '2xx')).toBe(0);
  });

  it("carries Node's process metrics: event-loop lag, heap, GC, CPU", async () => {
    api = await startTestApi();
    const text = await scrapeText(api);
    const names = new Set(samplesOf(text).map((sample) => sample.name));
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total'])
      expect(names).toContain(name);
    // Its samples come with the first collection: the series is declared from the start.
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('keeps the same series whatever clients send: no path, key, id or query becomes a label', async () => {
    api = await startTestApi();
    const seriesOf = (samples: Sample[]) =>
      new Set(
        samples
          .filter((sample) => sample.name.startsWith('petstore_'))
          .map((sample) => `${sample.name}${JSON.stringify(sample.labels)}`),
      );
    const before = seriesOf(await scrape(api));
    const segment = fc.stringMatching(/^[a-z0-9._~-]{1,12}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'),
        fc.array(segment, { maxLength: 4 }),
        fc.option(segment, { nil: null }),
        async (method, segments, key) => {
          const response = await fetch(`${api.baseUrl}/${segments.join('/')}?q=${segments.join('')}`, {
            method,
            headers: key === null ? {} : { Authorization: `Bearer ${key}` },
          });
          await response.arrayBuffer();
        },
      ),
      // A request a run; the property is about the label set staying fixed, which 200 random paths and keys test.
      { numRuns: 200 },
    );
    expect(seriesOf(await scrape(api))).toEqual(before);
  });

  it('needs no API key, and is not there with METRICS=off', async () => {
    api = await startTestApi({ env: { METRICS: 'off' } });
    expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(404);
  });

  it('leaves the API port when METRICS_PORT gives it one of its own', async () => {
    api = await startTestApi({ env: { METRICS_PORT: '0', PORT: '0' } });
    expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(404);
  });
});
