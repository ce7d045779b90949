import { expect, it } from 'vitest';
import {
  bodylessProblems,
  documentedSuccess,
  exampleRequests,
  atCreatedPet,
  inWorkingOrder,
  type ExampleOperation,
} from './http-document.js';
import { detailPaths, expectError, seen, type HostClient } from './http-host.js';

/** getPet's deprecation, as the reference states it: RFC 9745 and RFC 8594. */
const DEPRECATION = '@1795305600';
const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

/** What the kit reads of the document: its operations, and the example of the created pet's Location. */
interface Document {
  readonly paths: Record<string, Record<string, ExampleOperation>>;
  readonly components: {
    readonly headers: { readonly Location?: { readonly schema: { readonly examples?: string[] } } };
  };
}

/**
 * The rules of the operations' answers: each operation as its document shows it, then a create, the list and its
 * pages, a pet by its id.
 */
export function itAnswersCreatesAndReads(clientOf: () => HostClient): void {
  it("answers each operation's example request, creates first, with its documented success: a JSON body, or none at all", async () => {
    const client = clientOf();
    const document = (await client.send('/openapi.json')).json as Document;
    const examplePet = document.components.headers.Location?.schema.examples?.[0];
    let created: string | undefined;
    const answered = [];
    for (const { operation, method, target, headers, body } of inWorkingOrder(exampleRequests(document.paths))) {
      const sent = atCreatedPet(`/v1${target}`, { examplePet, created });
      const answer = await client.send(sent, { method, headers, body: body ?? undefined });
      const { status, hasBody } = documentedSuccess(operation);
      const what = `${method} ${sent} (${operation.operationId}, as its examples make it)`;
      expect(answer.status, `${what} is answered ${status}: ${answer.text}`).toBe(status);
      if (hasBody) {
        expect(answer.headers.get('content-type') ?? '(absent)', `${what}: its body is JSON`).toMatch(
          /^application\/json/,
        );
        expect(answer.json, `${what}: its body is JSON`).toBeDefined();
      } else {
        expect(bodylessProblems(seen(answer)), `${what}: the document gives its success no body`).toEqual([]);
      }
      created ??= answer.headers.get('location') ?? undefined;
      answered.push(operation.operationId);
    }
    expect(answered.length, 'the operations the document lists').toBeGreaterThan(0);
  });

  it('creates a pet: 201, the pet with the id the service gave it, and Location its path', async () => {
    const answer = await clientOf().send('/v1/pets', {
      method: 'POST',
      body: { name: 'Rex', categoryId: 7, status: 'pending' },
    });
    expect(answer.status, `POST /v1/pets: ${answer.text}`).toBe(201);
    const pet = answer.json as { id: number };
    expect(pet, 'the created pet').toEqual({ id: pet.id, name: 'Rex', categoryId: 7, status: 'pending' });
    expect(Number.isSafeInteger(pet.id) && pet.id > 0, `a positive integer id: ${pet.id}`).toBe(true);
    expect(answer.headers.get('location') ?? '(absent)', "a 201 carries Location: the new pet's path").toBe(
      `/v1/pets/${pet.id}`,
    );
  });

  it('gives each new pet a greater id than the one before', async () => {
    const client = clientOf();
    const ids = [];
    for (let count = 0; count < 4; count += 1)
      ids.push((await client.create({ name: `Pet ${count}`, categoryId: 1 })).id);
    expect(ids, 'the ids of four creates, in order').toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size, 'four creates, four ids').toBe(4);
  });

  it('refuses a body without name or categoryId with 400 invalid_body naming each field in details', async () => {
    const answer = await clientOf().send('/v1/pets', { method: 'POST', body: {} });
    expectError(answer, 400, 'invalid_body', 'POST /v1/pets with {}');
    expect(detailPaths(answer).sort(), 'the details of a create without its fields').toEqual(['categoryId', 'name']);
  });

  it('refuses an id, an unknown field, a null or a wrong type with 400 invalid_body, and adds nothing', async () => {
    const client = clientOf();
    for (const body of [
      { id: 5, name: 'Rex', categoryId: 1 },
      { name: 'Rex', categoryId: 1, colour: 'red' },
      { name: null, categoryId: 1 },
      { name: 'Rex', categoryId: '1' },
      { name: 'Rex', categoryId: 1.5 },
      { name: 'Rex', categoryId: 1, status: 'lost' },
      { name: '   ', categoryId: 1 },
      [{ name: 'Rex', categoryId: 1 }],
    ]) {
      expectError(
        await client.send('/v1/pets', { method: 'POST', body }),
        400,
        'invalid_body',
        `POST ${JSON.stringify(body)}`,
      );
    }
    expect((await client.send('/v1/pets')).json, 'refused creates add no pet').toEqual([]);
  });

  it('refuses a body that is not JSON with 400 invalid_json, and one that is not application/json with 415', async () => {
    const client = clientOf();
    const json = { 'content-type': 'application/json' };
    for (const body of ['{"name": "Rex",', '', 'Rex']) {
      const answer = await client.send('/v1/pets', { method: 'POST', headers: json, body });
      expectError(answer, 400, 'invalid_json', `POST /v1/pets with the body ${JSON.stringify(body)}`);
    }
    const text = await client.send('/v1/pets', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"name":"Rex","categoryId":1}',
    });
    expectError(text, 415, 'unsupported_media_type', 'POST /v1/pets as text/plain');
  });

  it('lists an empty store as an empty array', async () => {
    const answer = await clientOf().send('/v1/pets');
    expect([answer.status, answer.json], 'GET /v1/pets on an empty host').toEqual([200, []]);
    expect(answer.headers.get('link'), 'no next page of an empty list').toBeNull();
  });

  it('refuses a limit outside 1 to 100, or not in plain decimal digits, with 400 invalid_query naming limit', async () => {
    const client = clientOf();
    for (const limit of ['0', '101', '-1', '1.5', '01', '1e1', 'ten', '']) {
      const answer = await client.send(`/v1/pets?limit=${limit}`);
      expectError(answer, 400, 'invalid_query', `GET /v1/pets?limit=${limit}`);
      expect(detailPaths(answer), `the details of GET /v1/pets?limit=${limit}`).toEqual(['limit']);
    }
    expectError(await client.send('/v1/pets?limit=5&limit=6'), 400, 'invalid_query', 'limit given twice');
  });

  it('refuses a status outside the documented values with 400 invalid_query naming status', async () => {
    const answer = await clientOf().send('/v1/pets?status=lost');
    expectError(answer, 400, 'invalid_query', 'GET /v1/pets?status=lost');
    expect(detailPaths(answer), 'the details of GET /v1/pets?status=lost').toEqual(['status']);
  });

  it('pages in ascending id order with a Link to the next page that keeps limit and status, and none on the last', async () => {
    const client = clientOf();
    const created = [];
    for (let count = 0; count < 5; count += 1)
      created.push(await client.create({ name: `Pet ${5 - count}`, categoryId: 1, status: 'sold' }));
    await client.create({ name: 'Other', categoryId: 1, status: 'available' });
    const seen: number[] = [];
    let target: string | undefined = '/v1/pets?limit=2&status=sold';
    for (let page = 0; target !== undefined && page < 5; page += 1) {
      const answer = await client.send(target);
      expect(answer.status, `GET ${target}`).toBe(200);
      const pets = answer.json as { id: number; status: string }[];
      seen.push(...pets.map(({ id }) => id));
      const link = answer.headers.get('link');
      if (pets.length === 2) {
        expect(link ?? '(absent)', `a full page (GET ${target}) must carry Link: <...>; rel="next"`).toMatch(
          /^<[^>]+>; rel="next"$/,
        );
        const next = /^<([^>]+)>/.exec(link ?? '')?.[1] ?? '';
        expect(next, 'the next page keeps limit and status').toMatch(/limit=2/);
        expect(next, 'the next page keeps limit and status').toMatch(/status=sold/);
        target = next;
      } else {
        expect(link, `the last page (GET ${target}) has no Link`).toBeNull();
        target = undefined;
      }
    }
    expect(seen, 'the sold pets, page after page, in ascending id order').toEqual(created.map(({ id }) => id));
  });

  it('lists 20 pets a page when no limit is given', async () => {
    const client = clientOf();
    for (let count = 0; count < 21; count += 1) await client.create({ name: `Pet ${count}`, categoryId: 1 });
    const answer = await client.send('/v1/pets');
    expect((answer.json as unknown[]).length, 'GET /v1/pets with 21 pets stored').toBe(20);
    expect(answer.headers.get('link') ?? '(absent)', 'a full page of the default limit has a next page').toMatch(
      /rel="next"/,
    );
  });

  it('gets a pet by its id, marked deprecated with Deprecation and Sunset', async () => {
    const client = clientOf();
    const pet = await client.create({ name: 'Rex', categoryId: 3 });
    const answer = await client.send(`/v1/pets/${pet.id}`);
    expect([answer.status, answer.json], `GET /v1/pets/${pet.id}`).toEqual([200, pet]);
    expect(answer.headers.get('deprecation') ?? '(absent)', 'getPet is deprecated (RFC 9745)').toBe(DEPRECATION);
    expect(answer.headers.get('sunset') ?? '(absent)', 'getPet goes away on its Sunset date (RFC 8594)').toBe(SUNSET);
  });

  it('answers an id no pet has with 404 not_found, still marked deprecated', async () => {
    const answer = await clientOf().send('/v1/pets/4242');
    expectError(answer, 404, 'not_found', 'GET /v1/pets/4242 on an empty host');
    expect(answer.headers.get('deprecation') ?? '(absent)', 'an error of getPet is marked deprecated too').toBe(
      DEPRECATION,
    );
    expect(answer.headers.get('sunset') ?? '(absent)', 'an error of getPet carries its Sunset too').toBe(SUNSET);
  });

  it('refuses a pet id that is not an integer in plain decimal digits with 400 invalid_path_parameter', async () => {
    const client = clientOf();
    for (const petId of ['abc', '007', '-1', '1.0', '9007199254740992']) {
      const answer = await client.send(`/v1/pets/${petId}`);
      expectError(answer, 400, 'invalid_path_parameter', `GET /v1/pets/${petId}`);
      expect(detailPaths(answer), `the details of GET /v1/pets/${petId}`).toEqual(['petId']);
    }
  });
}
