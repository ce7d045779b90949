import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import { expect } from 'vitest';
import type { IdempotencyStore, PetRepository } from '../../core/ports.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { resolveApiKeys } from '../../app/api-keys.js';
import { loadConfig } from '../../app/config.js';
import { createContainer, type RequestTracingOptions } from '../../app/container.js';
import { listen } from '../../app/http-server.js';
import { createLogger } from '../../app/logging/logger.js';
import { TOKENS } from '../../app/tokens.js';
import { fetchDocumented } from './openapi-check.js';
import { inMemoryIdempotencyStore } from './storage-fixture.js';
import type { StorageUnderTest } from './storages.js';

export const TEST_KEY = 'test-key_0123456789abcdef';

/**
 * Under mutation testing (vitest.stryker.config.ts sets it), reset() also composes a new app, in the
 * test's own beforeEach: Stryker credits code run in a beforeAll to no test, so it would not run a
 * file's tests against mutants of the app's making (the OpenAPI document, the middleware chain).
 */
const APP_PER_TEST = process.env.PETSTORE_TEST_APP_PER_TEST === 'true';
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
 * on 127.0.0.1; only the storage is the test's: the two ports of storage are rebound to its stores.
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
    tracing?: RequestTracingOptions;
  } = {},
): Promise<TestApi> {
  const fixture = options.storage ? await options.storage.createFixture({ now: options.now }) : undefined;
  const ownStores = fixture === undefined && options.repository === undefined && options.idempotencyStore === undefined;
  const freshStores = () => ({
    repository: fixture?.repository ?? options.repository ?? new InMemoryPetRepository(),
    idempotencyStore: fixture?.idempotencyStore ?? options.idempotencyStore ?? inMemoryIdempotencyStore({ now: options.now }),
  });
  let stores = freshStores();
  const config = loadConfig({ LOG_LEVEL: 'info', STORAGE: 'memory', ...options.env, API_KEYS: `${TEST_KEY},${OTHER_TEST_KEY}` });
  const logLines: LoggedLine[] = [];
  const logger = createLogger(config, { write: (line: string) => void logLines.push(JSON.parse(line) as LoggedLine) });
  const compose = async () => {
    const container = createContainer(config, logger, resolveApiKeys(config), options.tracing);
    container.rebind<PetRepository>(TOKENS.PetRepository).toConstantValue(delegateTo(() => stores.repository));
    container.rebind<IdempotencyStore>(TOKENS.IdempotencyStore).toConstantValue(delegateTo(() => stores.idempotencyStore));
    return { container, handle: (await container.getAsync<Koa>(TOKENS.HttpApp)).callback() };
  };
  let composed = await compose();
  // The socket stays; what answers on it is whichever app was composed last (see reset).
  const switchboard = { callback: () => (request: IncomingMessage, response: ServerResponse) => composed.handle(request, response) } as unknown as Koa;
  const running = await listen(switchboard, { port: 0, host: '127.0.0.1', logger });
  const baseUrl = `http://127.0.0.1:${running.address.port}`;

  const request: TestApi['request'] = (path, { key = TEST_KEY, headers, ...init } = {}) => {
    const allHeaders = new Headers(headers);
    if (key !== null && !allHeaders.has('Authorization')) allHeaders.set('Authorization', `Bearer ${key}`);
    return fetchDocumented(`${baseUrl}${path}`, { ...init, headers: allHeaders });
  };

  return {
    baseUrl,
    get repository() {
      return stores.repository;
    },
    logLines,
    get loggedErrors() {
      return logLines.filter((line) => line.level === 'error');
    },
    request,
    postJson: (path, body) =>
      request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    reset: async () => {
      if (!ownStores) throw new Error('reset() empties only the harness\'s own memory stores; start a server per test for stores of your own');
      stores = freshStores();
      logLines.length = 0;
      if (APP_PER_TEST) {
        const previous = composed.container;
        composed = await compose();
        await previous.unbindAllAsync();
      }
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

/** An object that forwards every call to whatever `current` returns at the time of the call. */
function delegateTo<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      const target = current();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Asserts the documented Error shape, its JSON content type and its status; returns the body. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
): Promise<{ code: string; message: string; status: number; details?: { path: string; message: string }[] }> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as Awaited<ReturnType<typeof expectError>>;
  expect({ httpStatus: response.status, code: body.code, status: body.status }).toEqual({ httpStatus: status, code, status });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  const allowed = ['code', 'message', 'status', 'details'];
  expect(Object.keys(body).filter((key) => !allowed.includes(key))).toEqual([]);
  return body;
}

export async function countPets(api: TestApi): Promise<number> {
  return (await api.repository.list({ limit: 100_000 })).length;
}
