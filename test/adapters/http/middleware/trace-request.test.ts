import { INVALID_SPAN_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import type { PetRepository } from '../../../../core/ports.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { inMemoryTracingPerFile, parentIdOf, tracerOfOnly } from '../../../support/in-memory-tracing.js';
import { rawRequest, sendRaw } from '../../../support/raw-http.js';
import { callerContext } from '../../../support/trace-context.js';
import { watchedStorage } from '../../../support/watched-storage.js';

const tracing = inMemoryTracingPerFile();

/**
 * The server spans ended so far, waiting for `count` of them: a span ends when its response has
 * closed. The OpenAPI document, which the harness fetches to check each answer, is left out.
 */
async function serverSpans(count: number): Promise<ReadableSpan[]> {
  const servers = () =>
    tracing.spans().filter((span) => span.kind === SpanKind.SERVER && span.name !== 'GET /openapi.json');
  for (let waited = 0; servers().length < count && waited < 200; waited += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(servers()).toHaveLength(count);
  return servers();
}

describe('a traced request', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ tracer: tracing.tracer, env: { RATE_LIMIT: '0' } });
  });
  afterAll(() => api.close());
  beforeEach(() => api.reset());

  it("continues the caller's trace, names its span by the operation, and carries the request's semantic-convention attributes", async () => {
    const caller = callerContext();
    const response = await api.request('/v1/pets?limit=5', {
      headers: { traceparent: caller.traceparent, 'user-agent': 'catalogue-test/1.0' },
    });
    expect(response.status).toBe(200);
    const [server] = await serverSpans(1);
    expect(server?.name).toBe('listPets');
    expect(server?.spanContext().traceId).toBe(caller.traceId);
    expect(parentIdOf(server as ReadableSpan)).toBe(caller.parentId);
    expect(server?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.path': '/v1/pets',
      'url.scheme': 'http',
      'network.protocol.version': '1.1',
      'server.port': Number(new URL(api.baseUrl).port),
      'client.address': '127.0.0.1',
      'user_agent.original': 'catalogue-test/1.0',
      'petstore.request_id': response.headers.get('x-request-id'),
      'http.route': '/v1/pets',
      'http.response.status_code': 200,
    });
    expect(server?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('has its use case span under it and each storage call under that, every one with the storage kind and none with the pet', async () => {
    const caller = callerContext();
    const created = await api.request('/v1/pets', {
      method: 'POST',
      headers: { traceparent: caller.traceparent, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quasimodo', categoryId: 3 }),
    });
    expect(created.status).toBe(201);
    const [server] = await serverSpans(1);
    const spans = tracing.spans();
    const useCase = spans.find((span) => span.name === 'CreatePet');
    const storage = spans.find((span) => span.name === 'pets.add');
    expect(parentIdOf(useCase as ReadableSpan)).toBe(server?.spanContext().spanId);
    expect(parentIdOf(storage as ReadableSpan)).toBe(useCase?.spanContext().spanId);
    expect(storage?.attributes).toEqual({ 'petstore.storage.kind': 'memory', 'db.operation.name': 'add' });
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toMatch(/Quasimodo|test-key/);
  });

  it('names a request refused for its key by the operation it asked for, and does not call a 401 an error', async () => {
    expect((await api.request('/v1/pets/4', { key: null })).status).toBe(401);
    const [server] = await serverSpans(1);
    expect(server?.name).toBe('getPet');
    expect(server?.attributes['http.response.status_code']).toBe(401);
    expect(server?.attributes['http.route']).toBeUndefined();
    expect(server?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('names anything else by its method and route, or its method alone: never by the path the client chose', async () => {
    await api.request('/healthz', { key: null });
    await api.request('/no/such/path/12345');
    const spans = await serverSpans(2);
    expect(spans.map((span) => span.name)).toEqual(['GET /healthz', 'GET']);
    expect(spans[1]?.attributes['http.route']).toBeUndefined();
  });

  it('records a method the conventions do not name as _OTHER, with its own spelling beside it', async () => {
    const response = await sendRaw(
      Number(new URL(api.baseUrl).port),
      rawRequest('PROPFIND', '/v1/pets', [`Authorization: Bearer ${TEST_KEY}`]),
    );
    expect(response?.status).toBe(501);
    const [server] = await serverSpans(1);
    expect(server?.attributes).toMatchObject({
      'http.request.method': '_OTHER',
      'http.request.method_original': 'PROPFIND',
    });
    // Named as the conventions name a request of a method they do not know.
    expect(server?.name).toBe('HTTP');
  });

  it('records a CONNECT, whose target names a host, under that target as its path', async () => {
    const port = Number(new URL(api.baseUrl).port);
    const target = `127.0.0.1:${String(port)}`;
    const response = await sendRaw(port, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
    expect(response?.status).toBe(501);
    const [server] = await serverSpans(1);
    expect(server?.name).toBe('CONNECT');
    expect(server?.attributes).toMatchObject({ 'http.request.method': 'CONNECT', 'url.path': target });
  });

  it('records no span for a request its caller did not sample, and still logs its trace', async () => {
    const caller = callerContext();
    const unsampled = caller.traceparent.replace(/-01$/, '-00');
    const created = await api.request('/v1/pets', {
      method: 'POST',
      headers: { traceparent: unsampled, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ghost', categoryId: 2 }),
    });
    expect(created.status).toBe(201);
    const requestId = created.headers.get('x-request-id');
    await vi.waitFor(
      () => {
        expect(api.logLines.find((line) => line.msg === 'request' && line.requestId === requestId)).toMatchObject({
          trace_id: caller.traceId,
          span_id: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
        });
      },
      { timeout: 15_000 },
    );
    expect(tracing.spans().filter((span) => span.name !== 'GET /openapi.json')).toEqual([]);
  });

  it('marks a replayed create, and only the replay', async () => {
    const create = () =>
      api.request('/v1/pets', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'replay-1' },
        body: JSON.stringify({ name: 'Echo', categoryId: 2 }),
      });
    expect((await create()).status).toBe(201);
    expect((await create()).headers.get('idempotent-replayed')).toBe('true');
    const spans = await serverSpans(2);
    expect(spans.map((span) => span.attributes['petstore.idempotent_replay'])).toEqual([undefined, true]);
    expect(JSON.stringify(tracing.spans().map((span) => span.attributes))).not.toContain('replay-1');
  });

  it("puts the trace's ids on every log line of the request, beside its request id", async () => {
    const caller = callerContext();
    const response = await api.request('/v1/pets', { headers: { traceparent: caller.traceparent } });
    const [server] = await serverSpans(1);
    const requestId = response.headers.get('x-request-id');
    const accessLine = api.logLines.find((line) => line.msg === 'request' && line.requestId === requestId);
    expect(accessLine).toMatchObject({ trace_id: caller.traceId, span_id: server?.spanContext().spanId });
  });
});

describe('a traced request that fails', () => {
  const failing = (error: Error): PetRepository =>
    Object.assign(new InMemoryPetRepository(), { list: () => Promise.reject(error) });

  it('with a 500 records the error as an exception event, marks the span an error, and logs it with the trace ids', async () => {
    const api = await startTestApi({
      tracer: tracing.tracer,
      repository: failing(new TypeError('no such column: whoops')),
    });
    try {
      expect((await api.request('/v1/pets')).status).toBe(500);
      const [server] = await serverSpans(1);
      expect(server?.status.code).toBe(SpanStatusCode.ERROR);
      expect(server?.attributes['error.type']).toBe('500');
      expect(
        server?.events.map((event) => [
          event.name,
          event.attributes?.['exception.type'],
          event.attributes?.['exception.message'],
        ]),
      ).toEqual([['exception', 'TypeError', 'no such column: whoops']]);
      const storage = tracing.spans().find((span) => span.name === 'pets.list');
      expect(storage?.status.code).toBe(SpanStatusCode.ERROR);
      expect(storage?.attributes['petstore.storage.kind']).toBe('custom');
      expect(api.loggedErrors).toEqual([
        expect.objectContaining({
          msg: 'request failed',
          trace_id: server?.spanContext().traceId,
          span_id: server?.spanContext().spanId,
        }),
      ]);
    } finally {
      await api.close();
    }
  });

  it('with a 503 for storage out of reach records that too', async () => {
    const api = await startTestApi({
      tracer: tracing.tracer,
      repository: failing(new StorageUnavailable(new Error('connect ECONNREFUSED'))),
    });
    try {
      expect((await api.request('/v1/pets')).status).toBe(503);
      const [server] = await serverSpans(1);
      expect(server?.status.code).toBe(SpanStatusCode.ERROR);
      expect(server?.attributes['error.type']).toBe('503');
      // The SDK names an exception by its code, where it has one.
      expect(server?.events.map((event) => event.attributes?.['exception.type'])).toEqual(['storage_unavailable']);
    } finally {
      await api.close();
    }
  });
});

describe('a traced request cut short', () => {
  it('says so, and has no status: none was sent', async () => {
    const store = watchedStorage(new InMemoryPetRepository());
    const adds = store.hold('add', 'addOnce');
    const api = await startTestApi({ tracer: tracing.tracer, repository: store.port });
    try {
      const leaving = new AbortController();
      const sent = fetch(`${api.baseUrl}/v1/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hasty', categoryId: 1 }),
        signal: leaving.signal,
      });
      await adds.started();
      leaving.abort();
      await expect(sent).rejects.toThrow();
      const [server] = await serverSpans(1);
      expect(server?.name).toBe('createPet');
      expect(server?.attributes['error.type']).toBe('aborted');
      expect(server?.attributes['http.response.status_code']).toBeUndefined();
      adds.release();
    } finally {
      await api.close();
    }
  });
});

describe('a request traced by a tracer that makes no spans', () => {
  it('logs no trace ids: ids of zeros would identify nothing', async () => {
    const invalid = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const api = await startTestApi({ tracer: tracerOfOnly(invalid) });
    try {
      const response = await api.request('/v1/pets');
      expect(response.status).toBe(200);
      const requestId = response.headers.get('x-request-id');
      await vi.waitFor(
        () => {
          expect(api.logLines.find((line) => line.msg === 'request' && line.requestId === requestId)).toBeDefined();
        },
        { timeout: 15_000 },
      );
      expect(api.logLines.find((line) => line.requestId === requestId)).not.toHaveProperty('trace_id');
    } finally {
      await api.close();
    }
  });
});

describe('a request its sampler leaves out', () => {
  it('has nothing recorded on its span: the span is started and ended, and that is all', async () => {
    const calls: string[] = [];
    const leftOut = trace.wrapSpanContext({
      traceId: 'e'.repeat(32),
      spanId: 'f'.repeat(16),
      traceFlags: TraceFlags.NONE,
    });
    const spy = new Proxy(leftOut, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(property));
          return (value as (...all: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const api = await startTestApi({ tracer: tracerOfOnly(spy) });
    try {
      expect((await api.request('/v1/pets/1')).status).toBe(404);
      await vi.waitFor(
        () => {
          expect(calls.filter((call) => call === 'end').length).toBeGreaterThan(0);
        },
        { timeout: 15_000 },
      );
      expect(new Set(calls)).toEqual(new Set(['isRecording', 'spanContext', 'end']));
    } finally {
      await api.close();
    }
  });
});

describe('a traced request refused for its rate', () => {
  it('is marked as such', async () => {
    const api = await startTestApi({ tracer: tracing.tracer, env: { RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1h' } });
    try {
      expect((await api.request('/v1/pets')).status).toBe(200);
      expect((await api.request('/v1/pets')).status).toBe(429);
      const spans = await serverSpans(2);
      expect(
        spans.map((span) => [span.attributes['http.response.status_code'], span.attributes['petstore.rate_limited']]),
      ).toEqual([
        [200, undefined],
        [429, true],
      ]);
    } finally {
      await api.close();
    }
  });
});

describe('a malformed trace context', () => {
  let api: TestApi;
  let petPath: string;
  beforeAll(async () => {
    api = await startTestApi({ tracer: tracing.tracer, env: { RATE_LIMIT: '0' } });
    const { id } = (await (await api.postJson('/v1/pets', { name: 'Fido', categoryId: 1 })).json()) as { id: number };
    petPath = `/v1/pets/${String(id)}`;
  });
  afterAll(() => api.close());
  afterEach(() => {
    tracing.reset();
  });

  /** Status and body of the pet's GET: what a trace context must never change. */
  async function answer(headers: Record<string, string>): Promise<[number, string]> {
    const response = await api.request(petPath, { headers });
    return [response.status, await response.text()];
  }

  const valid = callerContext();
  const MALFORMED: Record<string, string> = {
    empty: '',
    'not one': 'garbage',
    'trace id all zeros': `00-${'0'.repeat(32)}-${valid.parentId}-01`,
    'parent id all zeros': `00-${valid.traceId}-${'0'.repeat(16)}-01`,
    'version ff': `ff-${valid.traceId}-${valid.parentId}-01`,
    'upper-case hex': `00-${valid.traceId.toUpperCase()}-${valid.parentId.toUpperCase()}-01`,
    'short trace id': `00-${valid.traceId.slice(2)}-${valid.parentId}-01`,
    'a field too many for version 00': `00-${valid.traceId}-${valid.parentId}-01-extra`,
    'not hex': `00-${'z'.repeat(32)}-${valid.parentId}-01`,
    'two of them': `${valid.traceparent}, ${callerContext().traceparent}`,
  };

  it.each(Object.entries(MALFORMED))(
    '(%s) starts a new trace, and the answer is the one without it',
    async (_name, traceparent) => {
      const expected = await answer({});
      expect(await answer({ traceparent, tracestate: 'a=b' })).toEqual(expected);
      const [, server] = await serverSpans(2);
      expect(parentIdOf(server as ReadableSpan)).toBeUndefined();
      expect(server?.spanContext().traceId).not.toBe(valid.traceId);
    },
  );

  it('of any spelling never changes the answer', async () => {
    const expected = await answer({});
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 80,
    });
    // Near misses: a sound context with one character changed, dropped or added.
    const nearMiss = fc
      .tuple(fc.nat(valid.traceparent.length), fc.constantFrom('', '-', 'f', '0', 'g', ' ', ','), fc.boolean())
      .map(
        ([at, character, replace]) =>
          valid.traceparent.slice(0, at) + character + valid.traceparent.slice(replace ? at + 1 : at),
      );
    await fc.assert(
      fc.asyncProperty(fc.oneof(printable, nearMiss), printable, async (traceparent, tracestate) => {
        expect(await answer({ traceparent, tracestate })).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
