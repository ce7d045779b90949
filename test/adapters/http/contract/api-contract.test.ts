import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCasesOver } from '../../../../core/use-cases/use-cases.js';
import { sha256, StaticKeyAuthenticator } from '../../../../adapters/auth/static-key-authenticator.js';
import { createApiContract, type ApiContractOptions } from '../../../../adapters/http/contract/api-contract.js';
import type { AnsweredRequest, HostRequest } from '../../../../adapters/http/contract/host-request.js';
import type { HttpLogger } from '../../../../adapters/http/logs/http-logger.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { StorageUnavailable } from '../../../../core/errors.js';
import { ApiError } from '../../../../adapters/http/errors/api-error.js';
import { EXPECTED_METHODS, EXPECTED_OPERATIONS } from '../../../support/api-surface.js';
import { withUnflagPet } from '../../../support/no-content-operation.js';
import type { LoadedWithOperations } from '../../../support/operations-added.js';
import { inMemoryIdempotencyStore } from '../../../support/storage-fixture.js';

const KEY = 'contract-key';
const ORIGIN = 'https://shop.example.com';

/** A contract over a fresh in-memory store, with what a test changes of its options. */
function contractWith(options: Partial<ApiContractOptions> = {}) {
  const pets = new InMemoryPetRepository();
  const ports = { pets, idempotency: inMemoryIdempotencyStore() };
  return {
    pets,
    contract: createApiContract({
      useCases: useCasesOver({ inUse: ports, opened: ports }),
      authenticator: new StaticKeyAuthenticator({ keys: [KEY] }),
      storage: pets,
      bodyLimitBytes: 64,
      servers: [{ url: '/v1', description: 'This server', 'x-internal': false }],
      ...options,
    }),
  };
}

/** A request as a host hands it over: the key sent unless `headers` says otherwise. */
function aRequest(
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): HostRequest {
  const sent: Record<string, string> = { authorization: `Bearer ${KEY}`, ...headers };
  return {
    method,
    target,
    header: (name) => sent[name],
    clientAddress: '203.0.113.9',
    body: body === undefined ? null : chunks(body),
  };
}

async function* chunks(text: string): AsyncIterable<Uint8Array> {
  // Two chunks, the second a tick later, so that a body is counted as it comes.
  const bytes = new TextEncoder().encode(text);
  yield bytes.slice(0, 10);
  await Promise.resolve();
  yield bytes.slice(10);
}

/** The error body's fields. */
const errorOf = (body: string | undefined) => JSON.parse(body ?? '{}') as { code?: string; message?: string };

const headerOf = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.filter(([header]) => header.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

describe('the contract outside /v1', () => {
  it('answers the probes and the document without a key, HEAD without a body, other paths 404', async () => {
    const { contract } = contractWith();
    const live = await contract.handle(aRequest('GET', '/healthz', { headers: { authorization: '' } }));
    expect([live.status, live.body]).toEqual([200, '{"status":"ok"}']);
    // No draining given: never stopping.
    const ready = await contract.handle(aRequest('GET', '/readyz'));
    expect([ready.status, ready.body]).toEqual([200, '{"status":"ready"}']);
    const head = await contract.handle(aRequest('HEAD', '/openapi.json'));
    expect([head.status, head.body, headerOf(head.headers, 'Content-Length')]).toEqual([
      200,
      undefined,
      [String(Buffer.byteLength(JSON.stringify(contract.document)))],
    ]);
    expect(contract.operations).toEqual(
      EXPECTED_OPERATIONS.map(({ operationId, method, path }) => ({ operationId, method, path: `/v1${path}` })),
    );
    const spelt = await contract.handle(aRequest('GET', '/v1/pets/'));
    expect([spelt.status, errorOf(spelt.body).message]).toEqual([
      404,
      'No resource at this path; paths are case-sensitive and have no trailing slash, empty or dot segments, or ' +
        'percent-encoding',
    ]);
    const unknown = await contract.handle(aRequest('GET', '/nothing'));
    expect([unknown.status, errorOf(unknown.body).code]).toEqual([404, 'not_found']);
  });

  it('answers 405 with Allow to a method a probe does not take, and OPTIONS with 204 and Allow', async () => {
    const { contract } = contractWith();
    const posted = await contract.handle(aRequest('POST', '/readyz'));
    expect([posted.status, headerOf(posted.headers, 'Allow')]).toEqual([405, ['HEAD, GET']]);
    const options = await contract.handle(aRequest('OPTIONS', '/healthz'));
    expect([options.status, options.body, headerOf(options.headers, 'Allow')]).toEqual([204, undefined, ['HEAD, GET']]);
  });

  it('answers readiness 503 once draining has begun, and while the storage is unreachable', async () => {
    const draining = { begun: false };
    const { contract, pets } = contractWith({ draining });
    expect((await contract.handle(aRequest('GET', '/readyz'))).status).toBe(200);
    draining.begun = true;
    const stopping = await contract.handle(aRequest('GET', '/readyz'));
    expect([stopping.status, errorOf(stopping.body).message]).toEqual([503, 'The service is shutting down']);
    draining.begun = false;
    pets.list = () => Promise.reject(new StorageUnavailable());
    // No logger given: the outage is answered all the same.
    expect((await contract.handle(aRequest('GET', '/v1/pets'))).status).toBe(503);
    pets.isReachable = () => Promise.resolve(false);
    const away = await contract.handle(aRequest('GET', '/readyz'));
    expect([away.status, errorOf(away.body).message]).toEqual([503, 'Storage is not reachable']);
  });
});

describe("the contract's CORS", () => {
  it('answers a preflight of a listed origin with 204 before the key, and varies every answer by Origin', async () => {
    const { contract } = contractWith({ corsOrigins: [ORIGIN] });
    const preflight = await contract.handle(
      aRequest('OPTIONS', '/v1/pets', {
        headers: { authorization: '', origin: ORIGIN, 'access-control-request-method': 'POST' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(headerOf(preflight.headers, 'Access-Control-Allow-Origin')).toEqual([ORIGIN]);
    expect(headerOf(preflight.headers, 'Access-Control-Allow-Methods')).toEqual([EXPECTED_METHODS.join(',')]);
    expect(headerOf(preflight.headers, 'Access-Control-Max-Age')).toEqual(['600']);
    const simple = await contract.handle(aRequest('GET', '/v1/pets', { headers: { origin: ORIGIN } }));
    expect(headerOf(simple.headers, 'Access-Control-Allow-Origin')).toEqual([ORIGIN]);
    expect(headerOf(simple.headers, 'Access-Control-Expose-Headers')[0]).toContain('Location');
    const stranger = await contract.handle(
      aRequest('GET', '/v1/pets', { headers: { origin: 'https://evil.example' } }),
    );
    expect([headerOf(stranger.headers, 'Vary'), headerOf(stranger.headers, 'Access-Control-Allow-Origin')]).toEqual([
      ['Origin'],
      [],
    ]);
  });

  it('answers an OPTIONS that asks for no method as any OPTIONS: with the key check', async () => {
    const { contract } = contractWith({ corsOrigins: [ORIGIN] });
    const asked = await contract.handle(
      aRequest('OPTIONS', '/v1/pets', { headers: { authorization: '', origin: ORIGIN } }),
    );
    expect([
      asked.status,
      headerOf(asked.headers, 'Vary'),
      headerOf(asked.headers, 'Access-Control-Allow-Origin'),
    ]).toEqual([401, ['Origin'], []]);
  });

  it('sends no CORS header at all when no origin is listed', async () => {
    const { contract } = contractWith({ corsOrigins: [] });
    const answer = await contract.handle(aRequest('GET', '/v1/pets', { headers: { origin: ORIGIN } }));
    expect(headerOf(answer.headers, 'Vary')).toEqual([]);
  });
});

describe("the contract's body", () => {
  it('refuses a body over the limit by its Content-Length, unread, and by its bytes as they come', async () => {
    const { contract } = contractWith();
    const json = { 'content-type': 'application/json' };
    const declared = await contract.handle(
      aRequest('POST', '/v1/pets', { headers: { ...json, 'content-length': '65' }, body: '{}' }),
    );
    expect([declared.status, errorOf(declared.body).code]).toEqual([413, 'payload_too_large']);
    const streamed = await contract.handle(aRequest('POST', '/v1/pets', { headers: json, body: 'x'.repeat(65) }));
    expect([streamed.status, errorOf(streamed.body).message]).toEqual([413, 'The request body exceeds 64 bytes']);
    // Exactly the limit, declared and sent, is taken.
    const atLimit = JSON.stringify({ name: 'Rex'.padEnd(38, 'x'), categoryId: 1 });
    expect(Buffer.byteLength(atLimit)).toBe(64);
    const fits = await contract.handle(
      aRequest('POST', '/v1/pets', { headers: { ...json, 'content-length': '64' }, body: atLimit }),
    );
    expect(fits.status).toBe(201);
  });

  it('takes no body as an empty one, and a host reader over the stream when it has one', async () => {
    const { contract } = contractWith();
    const json = { 'content-type': 'application/json' };
    const none = await contract.handle(aRequest('POST', '/v1/pets', { headers: json }));
    expect([none.status, errorOf(none.body).code]).toEqual([400, 'invalid_json']);
    const request = aRequest('POST', '/v1/pets', { headers: json, body: 'ignored' });
    const read = await contract.handle({
      ...request,
      readBody: (limitBytes) => Promise.resolve(new TextEncoder().encode(`{"name":"Ana","categoryId":${limitBytes}}`)),
    });
    expect([read.status, JSON.parse(read.body ?? '{}') as unknown]).toEqual([
      201,
      { id: 1, name: 'Ana', categoryId: 64 },
    ]);
  });
});

describe('what the contract tells its host', () => {
  it('tells each answer: its id, operation, status, client, replay and rate', async () => {
    const told: AnsweredRequest[] = [];
    const { contract } = contractWith({ onAnswered: (answered) => told.push(answered) });
    const create = {
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1', 'x-request-id': 'req-1' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    };
    await contract.handle(aRequest('POST', '/v1/pets', create));
    await contract.handle(
      aRequest('POST', '/v1/pets', { ...create, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) }),
    );
    await contract.handle(aRequest('GET', '/healthz'));
    // Timed from its arrival: never negative, never the clock's reading itself.
    expect(told.map(({ durationMs, ...rest }) => ({ ...rest, timed: durationMs >= 0 && durationMs < 60_000 }))).toEqual(
      [
        {
          requestId: 'req-1',
          method: 'POST',
          path: '/v1/pets',
          operationId: 'createPet',
          status: 201,
          client: sha256(KEY),
          replayed: false,
          rateLimited: false,
          timed: true,
        },
        expect.objectContaining({ operationId: 'createPet', status: 201, replayed: true }),
        expect.objectContaining({ path: '/healthz', operationId: undefined, client: undefined, status: 200 }),
      ],
    );
  });

  it('takes a rate limiter of the host, which may answer later, and counts a request without a key by its address', async () => {
    const asked: [string | undefined, string][] = [];
    const { contract } = contractWith({
      rateLimit: async (client, address) => {
        asked.push([client, address]);
        await Promise.resolve();
        return { headers: [['RateLimit', '"shared";r=0;t=9']], refusal: undefined };
      },
    });
    const answer = await contract.handle(aRequest('GET', '/v1/pets', { headers: { authorization: 'Bearer wrong' } }));
    expect([answer.status, headerOf(answer.headers, 'RateLimit')]).toEqual([401, ['"shared";r=0;t=9']]);
    expect(asked).toEqual([[undefined, '203.0.113.9']]);
    const told: AnsweredRequest[] = [];
    const { contract: refusing } = contractWith({
      rateLimit: () => ({ headers: [], refusal: new ApiError('rate_limited', 'Too many requests') }),
      onAnswered: (answered) => told.push(answered),
    });
    expect((await refusing.handle(aRequest('GET', '/v1/pets'))).status).toBe(429);
    expect(told.map(({ rateLimited, operationId }) => ({ rateLimited, operationId }))).toEqual([
      { rateLimited: true, operationId: 'listPets' },
    ]);
  });

  it('logs an outage once, as a warning naming its cause, on a logger bound to the request id', async () => {
    const lines: [string, object, string][] = [];
    const logger: HttpLogger = {
      debug: (details, message) => lines.push(['debug', details, message]),
      info: (details, message) => lines.push(['info', details, message]),
      warn: (details, message) => lines.push(['warn', details, message]),
      error: (details, message) => lines.push(['error', details, message]),
      child: (bindings) => ({
        ...logger,
        warn: (details, message) => lines.push(['warn', { ...bindings, ...details }, message]),
      }),
    };
    const { contract, pets } = contractWith({ logger });
    pets.list = () => Promise.reject(new StorageUnavailable({ cause: new Error('connection refused') }));
    const answer = await contract.handle(aRequest('GET', '/v1/pets', { headers: { 'x-request-id': 'req-9' } }));
    expect([answer.status, headerOf(answer.headers, 'Retry-After')]).toEqual([503, ['1']]);
    expect(lines).toEqual([
      [
        'warn',
        { requestId: 'req-9', method: 'GET', path: '/v1/pets', cause: 'Error: connection refused' },
        'storage unavailable',
      ],
    ]);
  });
});

/**
 * The contract made as if API_OPERATIONS listed the test's operation whose success has no body: its
 * modules loaded afresh in beforeAll, outside any test, as the service's own load outside them.
 */
describe('the contract, with an operation whose success has no body added to the API', () => {
  let loaded:
    | LoadedWithOperations<
        typeof import('../../../../adapters/http/contract/api-contract.js') &
          typeof import('../../../../core/use-cases/use-cases.js') &
          typeof import('../../../../adapters/auth/static-key-authenticator.js')
      >
    | undefined;
  beforeAll(async () => {
    loaded = await withUnflagPet(async () => ({
      ...(await import('../../../../adapters/http/contract/api-contract.js')),
      ...(await import('../../../../core/use-cases/use-cases.js')),
      ...(await import('../../../../adapters/auth/static-key-authenticator.js')),
    }));
  });
  afterAll(() => {
    loaded?.release();
  });

  it("answers an operation's success without a body with its status, its headers, and no body, type or length", async () => {
    const {
      createApiContract: createContract,
      useCasesOver: useCasesOf,
      StaticKeyAuthenticator: Keys,
    } = loaded!.module;
    const pets = new InMemoryPetRepository();
    const ports = { pets, idempotency: inMemoryIdempotencyStore() };
    const contract = createContract({
      useCases: useCasesOf({ inUse: ports, opened: ports }),
      authenticator: new Keys({ keys: [KEY] }),
      storage: pets,
      bodyLimitBytes: 64,
      servers: [],
    });
    const { id } = await pets.add({ name: 'Rex', categoryId: 1, status: 'available' });
    const answer = await contract.handle(
      aRequest('DELETE', `/v1/pets/${id}/flag`, { headers: { 'x-request-id': 'r-1' } }),
    );
    expect([answer.status, answer.body]).toEqual([204, undefined]);
    expect(headerOf(answer.headers, 'X-Request-Id')).toEqual(['r-1']);
    expect([headerOf(answer.headers, 'Content-Type'), headerOf(answer.headers, 'Content-Length')]).toEqual([[], []]);
  });
});
