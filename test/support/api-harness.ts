import type { Tracer } from '@opentelemetry/api';
import { expect } from 'vitest';
import type { IdempotencyStore, PetRepository, PetRestore } from '../../core/ports.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { listen } from '../../adapters/koa/server/http-server.js';
import type { ServerTimeouts } from '../../adapters/koa/server/server-timeouts.js';
import { API_METHODS } from '../../adapters/koa/http-app.js';
import { storageOfPorts } from '../../app/host/host-ports-storage.js';
import { resolved } from '../../app/host/tokens.js';
import { SERVICE_TOKENS } from '../../app/service-tokens.js';
import { composedFromSettings } from './composed-service.js';
import { fetchDocumented } from './openapi-check.js';
import { inMemoryIdempotencyStore } from './storage-fixture.js';
import type { StorageUnderTest } from './storages.js';

export const TEST_KEY = 'test-key_0123456789abcdef';

/** A second client's key, for what must stay apart between clients. */
export const OTHER_TEST_KEY = 'other-key_fedcba9876543210';

/** One JSON log line, as the service writes it. */
export type LoggedLine = Record<string, unknown> & { readonly level: string; readonly msg: string };

export interface TestApi {
  readonly baseUrl: string;
  readonly repository: PetRepository;
  /** Every line the service logged, parsed. */
  readonly logLines: LoggedLine[];
  /** The lines at level error. */
  readonly loggedErrors: LoggedLine[];
  /**
   * fetch against the server; sends TEST_KEY unless `key` says otherwise (null: no header).
   * Fails the test if the response is not one the service's OpenAPI document describes.
   */
  request(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  postJson(path: string, body: unknown): Promise<Response>;
  /**
   * Empties storage and the log, so tests of one file share a server (started in beforeAll) yet
   * each starts from nothing. Only for a server on the harness's own memory stores.
   */
  reset(): Promise<void>;
  /** Begins a graceful shutdown, serving on for `drainMs`, each response closing its connection (see RunningServer.close). */
  beginShutdown(drainMs: number): Promise<'drained' | 'forced'>;
  /** A test's teardown: stops the server and closes its connections at once, then its storage. */
  close(): Promise<void>;
}

/**
 * The service as `npm start` composes it (the one container, from configuration), over a real socket
 * on 127.0.0.1; only the storage is the test's, given as a host gives its own ports.
 */
export async function startTestApi(
  options: {
    repository?: PetRepository;
    idempotencyStore?: IdempotencyStore;
    /** The idempotency store's clock, in milliseconds. */
    now?: () => number;
    storage?: StorageUnderTest;
    /** Settings as the service reads them from its environment (BODY_LIMIT, CORS_ORIGINS, PUBLIC_BASE_URL, ...). */
    env?: Record<string, string>;
    /** Spans for each request, as `startService({ tracer })` makes them. */
    tracer?: Tracer;
    /** The server's timeouts, shorter than the service's so that a test need not wait them out. */
    timeouts?: ServerTimeouts;
  } = {},
): Promise<TestApi> {
  const fixture = options.storage ? await options.storage.createFixture({ now: options.now }) : undefined;
  const ownStores = fixture === undefined && options.repository === undefined && options.idempotencyStore === undefined;
  // The harness's own stores are the memory storage itself, opened afresh with each app; stores a
  // test brings (or a clock it moves) come in as a host's own ports.
  const storage = () =>
    ownStores && options.now === undefined
      ? undefined
      : storageOfPorts({
          pets: (fixture?.repository ?? options.repository ?? new InMemoryPetRepository()) as PetRepository &
            PetRestore,
          idempotency:
            fixture?.idempotencyStore ?? options.idempotencyStore ?? inMemoryIdempotencyStore({ now: options.now }),
        });
  const env = { LOG_LEVEL: 'info', STORAGE: 'memory', ...options.env, API_KEYS: `${TEST_KEY},${OTHER_TEST_KEY}` };
  const logLines: LoggedLine[] = [];
  const logTo = { write: (line: string) => void logLines.push(JSON.parse(line) as LoggedLine) };
  // A new app for each set of stores: a test's own beforeEach composes it, so that Stryker credits the app's making to that test.
  const compose = async () => {
    const {
      container,
      storage: opened,
      logger,
    } = await composedFromSettings(env, {
      storage: storage(),
      tracer: options.tracer,
      logTo,
    });
    return {
      container,
      logger,
      pets: opened.pets,
      handle: (await resolved(container, SERVICE_TOKENS.HttpApp)).callback(),
    };
  };
  let composed = await compose();
  // The socket stays; what answers on it is whichever app was composed last (see reset).
  const running = await listen(
    { callback: () => (request, response) => composed.handle(request, response) },
    { port: 0, host: '127.0.0.1', logger: composed.logger, methods: API_METHODS, timeouts: options.timeouts },
  );
  const baseUrl = `http://127.0.0.1:${running.address.port}`;

  const request: TestApi['request'] = (path, { key = TEST_KEY, headers, ...init } = {}) => {
    const allHeaders = new Headers(headers);
    if (key !== null && !allHeaders.has('Authorization')) allHeaders.set('Authorization', `Bearer ${key}`);
    return fetchDocumented(`${baseUrl}${path}`, { ...init, headers: allHeaders });
  };

  return {
    baseUrl,
    get repository() {
      return composed.pets;
    },
    logLines,
    get loggedErrors() {
      return logLines.filter((line) => line.level === 'error');
    },
    request,
    postJson: (path, body) =>
      request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    reset: async () => {
      if (!ownStores)
        throw new Error(
          "reset() empties only the harness's own memory stores; start a server per test for stores of your own",
        );
      logLines.length = 0;
      const previous = composed.container;
      composed = await compose();
      await previous.unbindAllAsync();
    },
    beginShutdown: (drainMs) => running.close(1000, drainMs),
    close: async () => {
      // The test is over: its connections are closed at once, not kept open for a request on its way.
      await running.close(0);
      await composed.container.unbindAllAsync();
      await fixture?.dispose();
    },
  };
}

/** Asserts the documented Error shape, its JSON content type and its status; returns the body. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
): Promise<{ code: string; message: string; status: number; details?: { path: string; message: string }[] }> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as Awaited<ReturnType<typeof expectError>>;
  expect({ httpStatus: response.status, code: body.code, status: body.status }).toEqual({
    httpStatus: status,
    code,
    status,
  });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  const allowed = ['code', 'message', 'status', 'details'];
  expect(Object.keys(body).filter((key) => !allowed.includes(key))).toEqual([]);
  return body;
}

export async function countPets(api: TestApi): Promise<number> {
  return (await api.repository.list({ limit: 100_000 })).length;
}
