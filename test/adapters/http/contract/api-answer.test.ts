import { describe, expect, it } from 'vitest';
import { PetIdsExhausted, StorageUnavailable } from '../../../../core/errors.js';
import { useCasesOver } from '../../../../core/use-cases/use-cases.js';
import { sha256, StaticKeyAuthenticator } from '../../../../adapters/auth/static-key-authenticator.js';
import { apiAnswerer, type AnswerContext } from '../../../../adapters/http/contract/api-answer.js';
import { API_OPERATIONS, type OperationDependencies } from '../../../../adapters/http/contract/api-operations.js';
import type { HostRequest } from '../../../../adapters/http/contract/host-request.js';
import type { HttpLogger } from '../../../../adapters/http/logs/http-logger.js';
import type { ApiOperation, OperationRequest } from '../../../../adapters/http/routing/api-operation.js';
import { InMemoryPetRepository } from '../../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { unflagPetOperation } from '../../../support/no-content-operation.js';
import { inMemoryIdempotencyStore } from '../../../support/storage-fixture.js';

const KEY = 'answer-key';

function answererOver(
  pets = new InMemoryPetRepository(),
  operations: readonly ApiOperation<OperationDependencies>[] = API_OPERATIONS,
) {
  const ports = { pets, idempotency: inMemoryIdempotencyStore() };
  return apiAnswerer({
    useCases: useCasesOver({ inUse: ports, opened: ports }),
    authenticator: new StaticKeyAuthenticator({ keys: [KEY] }),
    bodyLimitBytes: 1024,
    limit: undefined,
    operations,
  });
}

const aRequest = (method: string, path: string): HostRequest => ({
  method,
  target: path,
  header: (name) => (name === 'authorization' ? `Bearer ${KEY}` : undefined),
  clientAddress: '',
  body: null,
});

/** What a test reads of an answer's context: the lines logged and what it was told of the route. */
function aContext(path: string) {
  const lines: [string, string, object][] = [];
  const found: object[] = [];
  const logger: HttpLogger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (details, message) => lines.push(['warn', message, details]),
    error: (details, message) => lines.push(['error', message, details]),
    child: () => logger,
  };
  const context: AnswerContext = { path, search: '', log: () => logger, routed: (route) => found.push(route) };
  return { context, lines, found };
}

describe('the answer to a request under /v1', () => {
  it('tells its host the operation as soon as it is matched, then the route that runs it', async () => {
    const { context, found } = aContext('/v1/pets/3');
    const answer = await answererOver()(aRequest('GET', '/v1/pets/3'), context);
    expect(found).toEqual([{ operationId: 'getPet' }, { operationId: 'getPet', route: '/v1/pets/{petId}' }]);
    expect(answer).toMatchObject({
      status: 404,
      operationId: 'getPet',
      route: '/v1/pets/{petId}',
      client: sha256(KEY),
    });
  });

  it('tells nothing of a path no operation has, and answers OPTIONS as no replay and no refusal', async () => {
    const unknown = aContext('/v1/cats');
    expect((await answererOver()(aRequest('GET', '/v1/cats'), unknown.context)).status).toBe(404);
    expect(unknown.found).toEqual([]);
    const options = await answererOver()(aRequest('OPTIONS', '/v1/pets'), aContext('/v1/pets').context);
    expect(options).toMatchObject({ status: 204, body: undefined, replayed: false, rateLimited: false });
  });

  it('gives an outage and a fault to the host as failures, logged once; a full id space is logged, no failure', async () => {
    const pets = new InMemoryPetRepository();
    const answer = answererOver(pets);
    const fault = new TypeError('a bug');
    pets.list = () => Promise.reject(fault);
    const faulted = aContext('/v1/pets');
    const answered = await answer(aRequest('GET', '/v1/pets'), faulted.context);
    expect([answered.status, answered.failure]).toEqual([500, fault]);
    expect(faulted.lines).toEqual([['error', 'request failed', { err: fault, method: 'GET', path: '/v1/pets' }]]);

    // Without a logger, a fault is answered all the same.
    const unlogged = await answer(aRequest('GET', '/v1/pets'), { path: '/v1/pets', search: '', log: () => undefined });
    expect(unlogged.status).toBe(500);

    pets.list = () => Promise.reject(new PetIdsExhausted());
    const quiet = await answer(aRequest('GET', '/v1/pets'), { path: '/v1/pets', search: '', log: () => undefined });
    expect(quiet.status).toBe(507);
    const full = aContext('/v1/pets');
    const exhausted = await answer(aRequest('GET', '/v1/pets'), full.context);
    expect([exhausted.status, 'failure' in exhausted]).toEqual([507, false]);
    expect(full.lines).toEqual([['warn', 'no pet id left', { method: 'GET', path: '/v1/pets' }]]);

    const outage = new StorageUnavailable();
    pets.list = () => Promise.reject(outage);
    const away = await answer(aRequest('GET', '/v1/pets'), { path: '/v1/pets', search: '', log: () => undefined });
    expect([away.status, away.failure]).toEqual([503, outage]);
  });

  it("gives an operation's success without a body as a 204 with no body, its own headers kept", async () => {
    const pets = new InMemoryPetRepository();
    const { id } = await pets.add({ name: 'Rex', categoryId: 1, status: 'available' });
    const flagged = {
      ...unflagPetOperation,
      answer: (dependencies: OperationDependencies) => async (request: OperationRequest) => ({
        ...(await unflagPetOperation.answer(dependencies)(request)),
        headers: [['X-Flag', 'cleared']] as [string, string][],
      }),
    };
    const answer = answererOver(pets, [...API_OPERATIONS, flagged]);
    const path = `/v1/pets/${id}/flag`;
    const answered = await answer(aRequest('DELETE', path), aContext(path).context);
    expect(answered).toMatchObject({ status: 204, body: undefined, operationId: 'unflagPet', replayed: false });
    expect(answered.headers).toEqual([['X-Flag', 'cleared']]);
  });

  it('lets only an operation that takes a body read one: any other asking is a fault', async () => {
    const [listPets] = API_OPERATIONS;
    const readsUnasked = {
      ...listPets,
      answer: () => async (request: { readJsonBody(): Promise<unknown> }) => ({
        status: 200,
        body: { read: await request.readJsonBody() },
      }),
    };
    const answer = answererOver(new InMemoryPetRepository(), [readsUnasked]);
    const { context, lines } = aContext('/v1/pets');
    const answered = await answer(aRequest('GET', '/v1/pets'), context);
    expect(answered.status).toBe(500);
    expect(lines[0]?.[2]).toMatchObject({
      err: new Error('readJsonBody asked by an operation that takes no body'),
    });
  });
});
