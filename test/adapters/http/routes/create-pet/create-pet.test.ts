import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../../core/pet.js';
import { countPets, expectError, startTestApi, TEST_KEY, type TestApi } from '../../../../support/api-harness.js';
import { expectDocumented } from '../../../../support/openapi-check.js';

describe('createPet', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  function postRaw(body: string, contentType: string | null = 'application/json'): Promise<Response> {
    return api.request('/v1/pets', {
      method: 'POST',
      body,
      headers: contentType === null ? {} : { 'Content-Type': contentType },
    });
  }

  /** Asserts a rejected create changed nothing in the store. */
  async function expectRejectedWithoutChange(send: () => Promise<Response>, status: number, code: string) {
    const before = await countPets(api);
    const body = await expectError(await send(), status, code);
    expect(await countPets(api)).toBe(before);
    return body;
  }

  describe('POST /v1/pets', () => {
    it('answers 201 with the pet, its new id and its Location', async () => {
      const response = await api.postJson('/v1/pets', { name: 'Tom', categoryId: 3, status: 'available' });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const pet = (await response.json()) as Pet;
      expect(pet).toEqual({ id: pet.id, name: 'Tom', categoryId: 3, status: 'available' });
      expect(pet.id).toBeGreaterThan(0);
      expect(response.headers.get('location')).toBe(`/v1/pets/${pet.id}`);
      const fetched = await api.request(`/v1/pets/${pet.id}`);
      expect(await fetched.json()).toEqual(pet);
    });

    it('hands out increasing ids', async () => {
      const first = (await (await api.postJson('/v1/pets', { name: 'A', categoryId: 1 })).json()) as Pet;
      const second = (await (await api.postJson('/v1/pets', { name: 'B', categoryId: 1 })).json()) as Pet;
      expect(second.id).toBeGreaterThan(first.id);
    });

    it('leaves status out when the client leaves it out', async () => {
      const response = await api.postJson('/v1/pets', { name: 'Tom', categoryId: 3 });
      const pet = (await response.json()) as Pet;
      expect(Object.keys(pet).sort()).toEqual(['categoryId', 'id', 'name']);
    });

    it('accepts a charset parameter on the JSON content type, and any case', async () => {
      expect((await postRaw('{"name":"Tom","categoryId":1}', 'application/json; charset=utf-8')).status).toBe(201);
      expect((await postRaw('{"name":"Tom","categoryId":1}', 'Application/JSON')).status).toBe(201);
    });

    it('accepts the extreme categoryIds that are exactly representable', async () => {
      for (const categoryId of [9007199254740991, -9007199254740991, 0]) {
        const pet = (await (await api.postJson('/v1/pets', { name: 'Edge', categoryId })).json()) as Pet;
        expect(pet.categoryId).toBe(categoryId);
      }
    });

    it.each([
      ['an empty body', '', 'invalid_json', undefined],
      ['a body of spaces', '   \n', 'invalid_json', undefined],
      ['malformed JSON', '{"name": "Tom",', 'invalid_json', undefined],
      ['a JSON array', '[{"name":"Tom","categoryId":1}]', 'invalid_body', ''],
      ['a JSON string', '"Tom"', 'invalid_body', ''],
      ['a JSON number', '42', 'invalid_body', ''],
      ['JSON null', 'null', 'invalid_body', ''],
      ['no name', '{"categoryId":1}', 'invalid_body', 'name'],
      ['no categoryId', '{"name":"Tom"}', 'invalid_body', 'categoryId'],
      ['a null name', '{"name":null,"categoryId":1}', 'invalid_body', 'name'],
      ['a numeric name', '{"name":7,"categoryId":1}', 'invalid_body', 'name'],
      ['a blank name', '{"name":"  ","categoryId":1}', 'invalid_body', 'name'],
      ['a 201-character name', JSON.stringify({ name: 'x'.repeat(201), categoryId: 1 }), 'invalid_body', 'name'],
      ['a string categoryId', '{"name":"Tom","categoryId":"1"}', 'invalid_body', 'categoryId'],
      ['a null categoryId', '{"name":"Tom","categoryId":null}', 'invalid_body', 'categoryId'],
      ['a fractional categoryId', '{"name":"Tom","categoryId":1.5}', 'invalid_body', 'categoryId'],
      ['a categoryId of 2^53', '{"name":"Tom","categoryId":9007199254740992}', 'invalid_body', 'categoryId'],
      ['a categoryId beyond 2^53', '{"name":"Tom","categoryId":9007199254740993}', 'invalid_body', 'categoryId'],
      ['a categoryId of 1e400', '{"name":"Tom","categoryId":1e400}', 'invalid_body', 'categoryId'],
      ['an unknown status', '{"name":"Tom","categoryId":1,"status":"Available"}', 'invalid_body', 'status'],
      ['a null status', '{"name":"Tom","categoryId":1,"status":null}', 'invalid_body', 'status'],
      ['an id', '{"id":5,"name":"Tom","categoryId":1}', 'invalid_body', 'id'],
      ['an unknown field', '{"name":"Tom","categoryId":1,"colour":"brown"}', 'invalid_body', 'colour'],
      ['a __proto__ field', '{"name":"Tom","categoryId":1,"__proto__":{"admin":true}}', 'invalid_body', '__proto__'],
      [
        'a constructor field',
        '{"name":"Tom","categoryId":1,"constructor":{"prototype":{}}}',
        'invalid_body',
        'constructor',
      ],
    ])('answers 400 for %s, naming the field, and stores nothing', async (_case, raw, code, field) => {
      const body = await expectRejectedWithoutChange(() => postRaw(raw), 400, code);
      if (field !== undefined) expect(body.details?.[0]?.path).toBe(field);
      if (field) expect(body.message).toContain(field);
    });

    it('says why a categoryId beyond 2^53-1 is refused', async () => {
      const body = await expectError(
        await postRaw('{"name":"Tom","categoryId":9007199254740993}'),
        400,
        'invalid_body',
      );
      expect(body.message).toBe(
        'Invalid request body: categoryId must be an integer from -9007199254740991 to 9007199254740991; larger values cannot be represented exactly and are not rounded',
      );
    });

    it('says the id is the service’s to assign', async () => {
      const body = await expectError(await postRaw('{"id":5,"name":"Tom","categoryId":1}'), 400, 'invalid_body');
      expect(body.message).toBe('Invalid request body: id is assigned by the service and must not be sent');
    });

    it.each([
      ['', 'invalid_json', 'The request body is empty; send a JSON object'],
      ['  \n\t ', 'invalid_json', 'The request body is not valid JSON'],
      ['{"name":', 'invalid_json', 'The request body is not valid JSON'],
      ['[]', 'invalid_body', 'The request body must be a JSON object'],
      ['"Tom"', 'invalid_body', 'The request body must be a JSON object'],
      ['null', 'invalid_body', 'The request body must be a JSON object'],
      ['{"categoryId":1}', 'invalid_body', 'Invalid request body: name is required'],
      [
        '{"name":"Tom","categoryId":1,"colour":"brown"}',
        'invalid_body',
        'Invalid request body: colour is not a field of NewPet',
      ],
      [
        '{"name":" ","categoryId":1}',
        'invalid_body',
        'Invalid request body: name must contain a visible character, not only blanks or invisible characters',
      ],
      ['{"name":"Tom","categoryId":"1"}', 'invalid_body', 'Invalid request body: categoryId must be an integer'],
      [
        '{"name":"Tom","categoryId":1,"status":null}',
        'invalid_body',
        'Invalid request body: status must be one of available, pending, sold, or left out',
      ],
    ])('says precisely what is wrong with the body %j', async (raw, code, message) => {
      const body = await expectError(await postRaw(raw), 400, code);
      expect(body.message).toBe(message);
    });

    it('reports one problem per field, the first rule it breaks', async () => {
      const body = await expectError(
        await postRaw(JSON.stringify({ name: ' '.repeat(201), categoryId: 1 })),
        400,
        'invalid_body',
      );
      expect(body.details).toEqual([
        { path: 'name', message: 'name must contain a visible character, not only blanks or invisible characters' },
      ]);
    });

    it('lists every offending field in details', async () => {
      const body = await expectError(
        await postRaw('{"name":"","categoryId":"x","status":"gone"}'),
        400,
        'invalid_body',
      );
      expect(body.details).toEqual([
        { path: 'name', message: 'name must contain a visible character, not only blanks or invisible characters' },
        { path: 'categoryId', message: 'categoryId must be an integer' },
        { path: 'status', message: 'status must be one of available, pending, sold, or left out' },
      ]);
    });

    it('does not pollute prototypes through __proto__', async () => {
      await postRaw('{"name":"Tom","categoryId":1,"__proto__":{"polluted":true}}');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('refuses deeply nested JSON cleanly and keeps serving', async () => {
      const deep = (categoryId: string) =>
        `{"name":"Tom","categoryId":${categoryId},"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const plain = await expectRejectedWithoutChange(() => postRaw(deep('1')), 400, 'invalid_body');
      expect(plain.message).toBe('Invalid request body: x is not a field of NewPet');
      // A number whose text must be read (1.0) cannot be, that deep.
      const withFraction = await expectRejectedWithoutChange(() => postRaw(deep('1.0')), 400, 'invalid_body');
      expect(withFraction.message).toBe('The request body is nested too deeply');
      expect((await api.request('/healthz')).status).toBe(200);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['form data', 'application/x-www-form-urlencoded'],
      ['XML', 'application/xml'],
      ['a JSON-like suffix type', 'application/merge-patch+json'],
      ['no content type', null],
    ])('answers 415 for %s', async (_case, contentType) => {
      const body = await expectRejectedWithoutChange(
        () => postRaw('{"name":"Tom","categoryId":1}', contentType),
        415,
        'unsupported_media_type',
      );
      expect(body.message).toBe('The request body must be application/json');
    });

    it('answers 415 unsupported_content_encoding for a content coding it does not know', async () => {
      await expectRejectedWithoutChange(
        () =>
          api.request('/v1/pets', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br-unknown' },
            body: '{"name":"Tom","categoryId":1}',
          }),
        415,
        'unsupported_content_encoding',
      );
    });

    it('answers 413 when the body exceeds the default 1 MiB limit', async () => {
      const huge = JSON.stringify({ name: 'Tom', categoryId: 1, padding: 'x'.repeat(1024 * 1024) });
      const body = await expectRejectedWithoutChange(() => postRaw(huge), 413, 'payload_too_large');
      expect(body.message).toBe('The request body exceeds 1048576 bytes');
    });

    it('creates 200 pets sent at once, losing none and repeating no id', async () => {
      const before = await countPets(api);
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          api.postJson('/v1/pets', { name: `Pet ${index}`, categoryId: index }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 200 }, () => 201));
      const pets = (await Promise.all(responses.map((response) => response.json()))) as Pet[];
      expect(new Set(pets.map((pet) => pet.id)).size).toBe(200);
      expect(await countPets(api)).toBe(before + 200);
      expect(new Set(pets.map((pet) => pet.name)).size).toBe(200);
    });
  });

  describe('POST /v1/pets with a configured BODY_LIMIT', () => {
    let small: TestApi;
    beforeAll(async () => {
      small = await startTestApi({ env: { BODY_LIMIT: '64' } });
    });
    beforeEach(() => small.reset());
    afterAll(() => small.close());

    it('accepts a body at the limit and refuses one byte more with 413', async () => {
      const atLimit = JSON.stringify({ name: 'x', categoryId: 1 }).padEnd(64, ' ');
      expect(atLimit).toHaveLength(64);
      const ok = await small.request('/v1/pets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: atLimit,
      });
      expect(ok.status).toBe(201);
      const over = await small.request('/v1/pets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `${atLimit} `,
      });
      const body = await expectError(over, 413, 'payload_too_large');
      expect(body.message).toBe('The request body exceeds 64 bytes');
    });

    it('refuses a chunked body that grows past the limit', async () => {
      const url = new URL(small.baseUrl);
      const { status, headers, text } = await new Promise<{
        status: number;
        headers: IncomingHttpHeaders;
        text: string;
      }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: '/v1/pets',
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_KEY}` },
          },
          (response) => {
            let received = '';
            response.on('data', (chunk: Buffer) => (received += chunk.toString()));
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, headers: response.headers, text: received });
            });
          },
        );
        request.on('error', reject);
        request.write('{"name":"');
        request.end(`${'y'.repeat(200)}","categoryId":1}`);
      });
      await expectDocumented(small.baseUrl, {
        method: 'POST',
        path: '/v1/pets',
        status,
        header: (name) => headers[name.toLowerCase()] as string | undefined,
        text,
      });
      expect(status).toBe(413);
    });
  });
});
