import { expect } from 'vitest';
import type { IdempotencyStore, PetRepository } from '../../core/ports.js';
import { CreatePet } from '../../core/use-cases/create-pet.js';
import { CreatePetOnce } from '../../core/use-cases/create-pet-once.js';
import { GetPet } from '../../core/use-cases/get-pet.js';
import { ListPets } from '../../core/use-cases/list-pets.js';
import { StaticKeyAuthenticator } from '../../adapters/auth/static-key-authenticator.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { listen } from '../../app/http-server.js';
import { createLogger } from '../../app/logger.js';
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
  close(): Promise<void>;
}

/** The real HTTP adapter over a real socket on 127.0.0.1, with the real core behind it. */
export async function startTestApi(
  options: {
    repository?: PetRepository;
    idempotencyStore?: IdempotencyStore;
    /** The idempotency store's clock, in milliseconds. */
    now?: () => number;
    storage?: StorageUnderTest;
    bodyLimitBytes?: number;
    corsOrigins?: string[];
    servers?: { url: string; description: string }[];
  } = {},
): Promise<TestApi> {
  const fixture = options.storage ? await options.storage.createFixture({ now: options.now }) : undefined;
  const repository = fixture?.repository ?? options.repository ?? new InMemoryPetRepository();
  const idempotencyStore = fixture?.idempotencyStore ?? options.idempotencyStore ?? inMemoryIdempotencyStore({ now: options.now });
  const createPet = new CreatePet(repository);
  const logLines: LoggedLine[] = [];
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as LoggedLine) });
  const app = createHttpApp({
    listPets: new ListPets(repository),
    createPet,
    createPetOnce: new CreatePetOnce(createPet, idempotencyStore),
    getPet: new GetPet(repository),
    authenticator: new StaticKeyAuthenticator({ keys: [TEST_KEY, OTHER_TEST_KEY] }),
    storage: repository,
    logger,
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    servers: options.servers ?? [{ url: '/v1', description: 'This server' }],
    corsOrigins: options.corsOrigins ?? [],
  });
  const running = await listen(app, { port: 0, host: '127.0.0.1', logger });
  const baseUrl = `http://127.0.0.1:${running.address.port}`;

  const request: TestApi['request'] = (path, { key = TEST_KEY, headers, ...init } = {}) => {
    const allHeaders = new Headers(headers);
    if (key !== null && !allHeaders.has('Authorization')) allHeaders.set('Authorization', `Bearer ${key}`);
    return fetchDocumented(`${baseUrl}${path}`, { ...init, headers: allHeaders });
  };

  return {
    baseUrl,
    repository,
    logLines,
    get loggedErrors() {
      return logLines.filter((line) => line.level === 'error');
    },
    request,
    postJson: (path, body) =>
      request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    close: async () => {
      await running.close(1000);
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
