import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FLUSH_MS } from '../../../app/serve-command.js';
import { mongoUri, noMongo } from '../../support/mongo.js';
import { SPAN_KIND, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../../support/otlp-receiver.js';
import { killIfRunning, startService, type ServiceProcess } from '../../support/service-process.js';
import { callerContext } from '../../support/trace-context.js';

const KEY = 'tracing-key_0123456789abcdef';
/** What a request carries that must never reach a span: its key, its body. */
const PET_NAME = 'Ziggy-the-secret-name';

/** The settings that turn tracing on, as an operator gives them, pointed at the test's receiver. */
function tracingSettings(receiver: OtlpReceiver): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    // JSON, for the receiver to read; the default, protobuf, is sent as the last test shows.
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    // Exported within a few milliseconds rather than the default 5 seconds.
    OTEL_BSP_SCHEDULE_DELAY: '20',
    API_KEYS: KEY,
  };
}

function childrenOf(spans: readonly ReceivedSpan[], parent: ReceivedSpan): ReceivedSpan[] {
  return spans.filter((span) => span.parentSpanId === parent.spanId && span.traceId === parent.traceId);
}

function only(spans: readonly ReceivedSpan[], name: string): ReceivedSpan {
  const named = spans.filter((span) => span.name === name);
  expect(named.map((span) => span.name)).toEqual([name]);
  return named[0] as ReceivedSpan;
}

/** Every value of every attribute, resource and events included: where a key or a body must not be. */
function everyValue(spans: readonly ReceivedSpan[]): string {
  return JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.resource]));
}

interface Traced {
  readonly service: ServiceProcess;
  readonly baseUrl: string;
}

async function startTraced(receiver: OtlpReceiver, env: Record<string, string>): Promise<Traced> {
  const service = startService({ ...tracingSettings(receiver), ...env });
  const listening = await service.waitForLog('petstore listening');
  return { service, baseUrl: `http://127.0.0.1:${String(listening.port)}` };
}

const storages: {
  kind: string;
  skip: boolean;
  env: () => Record<string, string>;
  dbSystem: string | undefined;
  driverSpans: boolean;
}[] = [
  { kind: 'memory', skip: false, env: () => ({ STORAGE: 'memory' }), dbSystem: undefined, driverSpans: false },
  {
    kind: 'sqlite',
    skip: false,
    env: () => ({ STORAGE: 'sqlite', SQLITE_PATH: join(mkdtempSync(join(tmpdir(), 'petstore-traces-')), 'pets.db') }),
    dbSystem: 'sqlite',
    driverSpans: false,
  },
  {
    kind: 'mongo',
    skip: noMongo,
    env: () => ({
      STORAGE: 'mongo',
      MONGODB_URI: mongoUri(),
      MONGODB_DB: `petstore_traces_${randomUUID().slice(0, 8)}`,
    }),
    dbSystem: 'mongodb',
    driverSpans: true,
  },
];

for (const storage of storages) {
  describe.skipIf(storage.skip)(`traces of requests on ${storage.kind} storage`, () => {
    let receiver: OtlpReceiver;
    let traced: Traced;

    beforeAll(async () => {
      receiver = await startOtlpReceiver();
      traced = await startTraced(receiver, storage.env());
    });
    afterAll(async () => {
      await killIfRunning(traced.service);
      await receiver.close();
      const path = storage.env().SQLITE_PATH;
      if (path !== undefined) rmSync(join(path, '..'), { recursive: true, force: true });
    });

    it("continue the caller's trace: a server span named by the operation, its use case under it, and the storage call under that", async () => {
      const caller = callerContext();
      const response = await fetch(`${traced.baseUrl}/v1/pets`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/json',
          traceparent: caller.traceparent,
          tracestate: 'vendor=opaque',
        },
        body: JSON.stringify({ name: PET_NAME, categoryId: 7 }),
      });
      expect(response.status).toBe(201);
      const requestId = response.headers.get('x-request-id');
      expect(requestId).toMatch(/\S/);

      const spans = await receiver.waitFor((received) =>
        received.some((span) => span.traceId === caller.traceId && span.name === 'createPet'),
      );
      const inTrace = spans.filter((span) => span.traceId === caller.traceId);
      const server = only(inTrace, 'createPet');
      expect(server.parentSpanId).toBe(caller.parentId);
      expect(server.kind).toBe(SPAN_KIND.server);
      expect(server.attributes).toMatchObject({
        'http.request.method': 'POST',
        'http.route': '/v1/pets',
        'http.response.status_code': 201,
        'url.path': '/v1/pets',
        'url.scheme': 'http',
        'petstore.request_id': requestId,
      });
      expect(server.statusCode).not.toBe(2);
      expect(server.resource['service.name']).toBe('petstore');

      const useCase = only(childrenOf(inTrace, server), 'CreatePet');
      const storageCall = only(childrenOf(inTrace, useCase), 'pets.add');
      expect(storageCall.attributes).toMatchObject({
        'petstore.storage.kind': storage.kind,
        'db.operation.name': 'add',
      });
      expect(storageCall.attributes['db.system.name']).toBe(storage.dbSystem);
      if (storage.driverSpans) {
        // The driver's own spans, from its instrumentation, come under the storage call that made them.
        await receiver.waitFor((received) => received.some((span) => span.parentSpanId === storageCall.spanId));
        const driverSpans = childrenOf(receiver.spans(), storageCall);
        expect(driverSpans.length).toBeGreaterThan(0);
        // Each a command the driver sent, its values masked: the pet's name is in none of them.
        expect(
          driverSpans.every(
            (span) => span.kind === SPAN_KIND.client && span.attributes['db.system.name'] === 'mongodb',
          ),
        ).toBe(true);
      }
      expect(everyValue(receiver.spans())).not.toContain(KEY);
      expect(everyValue(receiver.spans())).not.toContain(PET_NAME);

      // The request's access line carries the trace, beside the request id it always had.
      await traced.service.waitForLog('request');
      const accessLine = traced.service
        .logLines()
        .find((line) => line.msg === 'request' && line.requestId === requestId);
      expect(accessLine).toMatchObject({
        trace_id: caller.traceId,
        span_id: server.spanId,
        method: 'POST',
        status: 201,
      });
    });

    it('name each operation, mark a replayed create, and record a 4xx without calling it an error', async () => {
      const caller = callerContext();
      const headers = { authorization: `Bearer ${KEY}`, traceparent: caller.traceparent };
      const create = () =>
        fetch(`${traced.baseUrl}/v1/pets`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomKey },
          body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
        });
      const randomKey = randomUUID();
      const first = await create();
      const replay = await create();
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const { id } = (await first.json()) as { id: number };
      expect((await fetch(`${traced.baseUrl}/v1/pets/${String(id)}`, { headers })).status).toBe(200);
      expect((await fetch(`${traced.baseUrl}/v1/pets?limit=5`, { headers })).status).toBe(200);
      expect((await fetch(`${traced.baseUrl}/v1/pets/999999`, { headers })).status).toBe(404);

      const servers = (
        await receiver.waitFor(
          (received) =>
            received.filter((span) => span.traceId === caller.traceId && span.kind === SPAN_KIND.server).length === 5,
        )
      ).filter((span) => span.traceId === caller.traceId && span.kind === SPAN_KIND.server);
      expect(servers.map((span) => span.name).sort()).toEqual([
        'createPet',
        'createPet',
        'getPet',
        'getPet',
        'listPets',
      ]);
      const creates = servers.filter((span) => span.name === 'createPet');
      expect(creates.map((span) => span.attributes['petstore.idempotent_replay'])).toEqual([undefined, true]);
      const missing = servers.find((span) => span.attributes['http.response.status_code'] === 404);
      expect(missing?.attributes['http.route']).toBe('/v1/pets/:petId');
      expect(missing?.statusCode).not.toBe(2);
      // The key is in no span: not the API key, not the idempotency key.
      expect(everyValue(receiver.spans())).not.toContain(randomKey);
      expect(everyValue(receiver.spans())).not.toContain(KEY);
    });
  });
}

describe('traces, as the OpenTelemetry settings ask for them', () => {
  let receiver: OtlpReceiver;
  let traced: Traced | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await killIfRunning(traced?.service);
    await receiver.close();
  });

  it("name the service as OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES say, mark a refusal for the rate, and are flushed at shutdown, the drain's included", async () => {
    traced = await startTraced(receiver, {
      OTEL_SERVICE_NAME: 'catalogue',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging',
      // Held for a minute: only the shutdown can export these spans in time.
      OTEL_BSP_SCHEDULE_DELAY: '60000',
      RATE_LIMIT: '2',
      RATE_LIMIT_WINDOW: '1h',
      SHUTDOWN_GRACE: '2s',
    });
    const caller = callerContext();
    const get = () =>
      fetch(`${traced?.baseUrl ?? ''}/v1/pets`, {
        headers: { authorization: `Bearer ${KEY}`, traceparent: caller.traceparent },
      });
    expect((await get()).status).toBe(200);
    traced.service.child.kill('SIGTERM');
    await traced.service.waitForLog('shutting down: finishing in-flight requests');
    // Served in the grace, with the drain under way.
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    expect(await traced.service.exited).toBe(0);

    const servers = receiver
      .spans()
      .filter((span) => span.traceId === caller.traceId && span.kind === SPAN_KIND.server);
    expect(
      servers.map((span) => [span.attributes['http.response.status_code'], span.attributes['petstore.rate_limited']]),
    ).toEqual([
      [200, undefined],
      [200, undefined],
      [429, true],
    ]);
    expect(servers[0]?.resource).toMatchObject({
      'service.name': 'catalogue',
      'deployment.environment.name': 'staging',
      'service.version': expect.any(String) as unknown,
    });
  });

  it("go out as protobuf, the specification's default encoding, when no protocol is set", async () => {
    const protobuf = Object.fromEntries(
      Object.entries(tracingSettings(receiver)).filter(([name]) => name !== 'OTEL_EXPORTER_OTLP_PROTOCOL'),
    );
    const service = startService({ ...protobuf, STORAGE: 'memory' });
    try {
      const listening = await service.waitForLog('petstore listening');
      expect(
        (
          await fetch(`http://127.0.0.1:${String(listening.port)}/v1/pets`, {
            headers: { authorization: `Bearer ${KEY}` },
          })
        ).status,
      ).toBe(200);
      const deadline = Date.now() + 15_000;
      while (!receiver.posts().some((post) => post.contentType === 'application/x-protobuf') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      const post = receiver.posts().find((candidate) => candidate.contentType === 'application/x-protobuf');
      expect(post?.path).toBe('/v1/traces');
      expect(post?.body.includes(Buffer.from('listPets'))).toBe(true);
    } finally {
      await killIfRunning(service);
    }
  });
});

describe('traces bound for a collector that never answers', () => {
  it('hold the exit up a second at most after the service stopped, and say how many spans were lost', async () => {
    // Accepts each connection and never answers on it.
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const service = startService({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${String((blackHole.address() as AddressInfo).port)}`,
      OTEL_BSP_SCHEDULE_DELAY: '60000',
      API_KEYS: KEY,
      SHUTDOWN_GRACE: '0s',
      SHUTDOWN_TIMEOUT: '10s',
    });
    try {
      const listening = await service.waitForLog('petstore listening');
      const response = await fetch(`http://127.0.0.1:${String(listening.port)}/v1/pets`, {
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(await response.json()).toEqual([]);
      service.child.kill('SIGTERM');
      await service.waitForLog('stopped');
      const stopped = performance.now();
      expect(await service.exited).toBe(0);
      // SERVICE_FLUSH_MS, and the moment the exit takes: well inside what is left of SHUTDOWN_TIMEOUT.
      expect(performance.now() - stopped).toBeLessThan(SERVICE_FLUSH_MS + 500);
      // The request's span, its use case's and its storage call's.
      expect(service.logLines().filter((line) => String(line.msg).startsWith('tracing: '))).toMatchObject([
        {
          level: 'warn',
          msg: `tracing: 3 spans not exported, let go at exit: the collector did not answer within ${String(SERVICE_FLUSH_MS)} ms`,
        },
      ]);
    } finally {
      await killIfRunning(service);
      for (const socket of sockets) socket.destroy();
      blackHole.close();
    }
  });
});
