import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../clients/typescript/petstore-api.js';
import { CLIENT_TYPES_PATH, clientTypesFor } from '../../scripts/generate-client-types.js';
import {
  documentedSuccess,
  exampleRequests,
  inWorkingOrder,
  type ExampleOperation,
} from '../../testing/http-document.js';
import { startTestApi, TEST_KEY, type TestApi } from '../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../support/api-surface.js';
import { UNFLAG_PET, withUnflagPet } from '../support/no-content-operation.js';
import { fetchDocumented } from '../support/openapi-check.js';
import type { LoadedWithOperations } from '../support/operations-added.js';

interface Document {
  readonly servers: readonly { url: string }[];
  readonly paths: Record<string, Record<string, ExampleOperation>>;
}
/** The operations a test expects the document to list, as a client knows them. */
type ExpectedOperations = readonly { readonly operationId: string; readonly method: string }[];

/** A client of the service sending `key`; each call also goes through the document check, as in every HTTP test. */
const clientOfPaths = <Paths extends object>(api: TestApi, key: string) =>
  createClient<Paths>({
    baseUrl: `${api.baseUrl}/v1`,
    headers: { Authorization: `Bearer ${key}` },
    fetch: (request: Request) => fetchDocumented(request.url, requestInit(request)),
  });

/** openapi-fetch's call without the generated types: the method, the path's template, its parameters and body. */
type UntypedRequest = (
  method: string,
  path: string,
  init: { params: object; body?: unknown },
) => Promise<{ data?: unknown; response: Response }>;

/**
 * What the generated types say of an operation's success: `content: {` for a body, `content?: never;` for none.
 * The generator writes an operation's responses after its parameters, each response's content after its headers.
 */
function generatedSuccessContent(types: string, operationId: string, status: number): string | undefined {
  const operation = types.indexOf(`\n    ${operationId}: {\n`);
  const success = types.indexOf(`\n            ${status}: {\n`, operation);
  if (operation === -1 || success === -1) return undefined;
  return /\n {16}(content\??: (?:\{|never;))/.exec(types.slice(success))?.[1];
}

/**
 * What holds of the client made from any document the service serves, whatever its operations: `served` lists
 * `expected`, and a new store is behind it before each test.
 */
function itMakesEveryOperationACall(served: () => TestApi, expected: ExpectedOperations): void {
  const documentOf = async (api: TestApi) => (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as Document;

  it("runs each operation's example request, creates first, with its documented success: its data, or none without a body", async () => {
    const api = served();
    const document = await documentOf(api);
    // Untyped: the operations are the document's, whichever it lists.
    const request = clientOfPaths<object>(api, TEST_KEY).request as unknown as UntypedRequest;
    const calls = [];
    for (const { operation, method, path, parameters, body } of inWorkingOrder(exampleRequests(document.paths))) {
      const { status, hasBody } = documentedSuccess(operation);
      const answered = await request(method, path, {
        params: parameters,
        ...(body !== null && { body: JSON.parse(body) as unknown }),
      });
      calls.push({
        operationId: operation.operationId,
        got: { status: answered.response.status, hasData: answered.data !== undefined },
        documented: { status, hasData: hasBody },
      });
    }
    expect(calls.map(({ operationId }) => operationId)).toEqual(
      inWorkingOrder(expected).map(({ operationId }) => operationId),
    );
    for (const { operationId, got, documented } of calls)
      expect({ operationId, got }).toEqual({ operationId, got: documented });
  });

  it("types each operation's success as the document declares it: a JSON body, or no content", async () => {
    const document = await documentOf(served());
    const types = await clientTypesFor(document);
    const successes = exampleRequests(document.paths).map(({ operation }) => ({
      operationId: operation.operationId,
      ...documentedSuccess(operation),
    }));
    expect(successes.map(({ operationId, status }) => generatedSuccessContent(types, operationId, status))).toEqual(
      successes.map(({ hasBody }) => (hasBody ? 'content: {' : 'content?: never;')),
    );
  });
}

/**
 * A consumer's view: types generated from /openapi.json by openapi-typescript, calls made by
 * openapi-fetch. `npm test` type-checks this file against those types before vitest runs it.
 */
describe('a client generated from /openapi.json', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(() => api.close());

  const clientOf = (key: string) => clientOfPaths<paths>(api, key);

  itMakesEveryOperationACall(() => api, EXPECTED_OPERATIONS);

  it('is generated from the document the service serves now (npm run generate:client refreshes it)', async () => {
    const served = (await (await fetch(`${api.baseUrl}/openapi.json`)).json()) as object;
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(await clientTypesFor(served));
  });

  it('runs createPet, listPets and getPet with typed requests and answers', async () => {
    const client = clientOf(TEST_KEY);

    const created = await client.POST('/pets', { body: { name: 'Generated', categoryId: 3, status: 'available' } });
    expect(created.response.status).toBe(201);
    const pet = created.data!;
    expect(pet).toEqual({ id: pet.id, name: 'Generated', categoryId: 3, status: 'available' });
    expect(created.response.headers.get('location')).toBe(`/v1/pets/${pet.id}`);

    const listed = await client.GET('/pets', { params: { query: { status: 'available', limit: 10 } } });
    expect(listed.data).toEqual([pet]);

    const fetched = await client.GET('/pets/{petId}', { params: { path: { petId: pet.id } } });
    expect(fetched.data).toEqual(pet);
    expect(fetched.response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  });

  it('receives the documented errors as typed values', async () => {
    const missing = await clientOf(TEST_KEY).GET('/pets/{petId}', { params: { path: { petId: 999 } } });
    expect(missing.error?.code).toBe('not_found');
    expect(missing.error?.status).toBe(404);

    const refused = await clientOf('not-the-key').GET('/pets', {});
    expect(refused.error).toMatchObject({ code: 'unauthorized', status: 401 });

    const invalid = await clientOf(TEST_KEY).POST('/pets', {
      // @ts-expect-error: the generated types know categoryId is required; the server says so too.
      body: { name: 'No category' },
    });
    expect(invalid.error).toMatchObject({ code: 'invalid_body', status: 400, details: [{ path: 'categoryId' }] });
  });

  it('has no id on a new pet: the service assigns it', () => {
    expectTypeOf<keyof components['schemas']['NewPet']>().toEqualTypeOf<'name' | 'categoryId' | 'status'>();
    // The same, in the file as generated (type checks do not run in vitest).
    const newPet = /^ {8}NewPet: \{\n([\s\S]*?)^ {8}\};$/m.exec(readFileSync(CLIENT_TYPES_PATH, 'utf8'))?.[1];
    expect(newPet).toMatch(/^ {12}name: /m);
    expect(newPet).not.toMatch(/^ {12}id\??: /m);
  });
});

describe('a client generated from /openapi.json, with an operation whose success has no body added to the API', () => {
  let loaded: LoadedWithOperations<typeof import('../support/api-harness.js')> | undefined;
  let api: TestApi | undefined;
  beforeAll(async () => {
    loaded = await withUnflagPet(() => import('../support/api-harness.js'));
    api = await loaded.module.startTestApi();
  });
  beforeEach(() => api?.reset());
  afterAll(async () => {
    await api?.close();
    loaded?.release();
  });

  itMakesEveryOperationACall(() => api!, [...EXPECTED_OPERATIONS, UNFLAG_PET]);
});

/** openapi-fetch hands over a Request; fetchDocumented takes a URL and its init. */
function requestInit(request: Request): RequestInit {
  return request.body === null
    ? { method: request.method, headers: request.headers }
    : { method: request.method, headers: request.headers, body: request.body, duplex: 'half' };
}
