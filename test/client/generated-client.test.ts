import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../clients/typescript/petstore-api.js';
import { CLIENT_TYPES_PATH, clientTypesFor } from '../../scripts/generate-client-types.js';
import { startTestApi, TEST_KEY, type TestApi } from '../support/api-harness.js';
import { fetchDocumented } from '../support/openapi-check.js';

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

  const clientOf = (key: string) =>
    createClient<paths>({
      baseUrl: `${api.baseUrl}/v1`,
      headers: { Authorization: `Bearer ${key}` },
      // Every call also goes through the document check, like every other HTTP test.
      fetch: (request: Request) => fetchDocumented(request.url, requestInit(request)),
    });

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

/** openapi-fetch hands over a Request; fetchDocumented takes a URL and its init. */
function requestInit(request: Request): RequestInit {
  return request.body === null
    ? { method: request.method, headers: request.headers }
    : { method: request.method, headers: request.headers, body: request.body, duplex: 'half' };
}
