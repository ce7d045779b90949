import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aNewPet } from '../../../support/builders.js';
import { startTestApi, type TestApi } from '../../../support/api-harness.js';
import { openApiAjv } from '../../../support/openapi-validator.js';
import { EXPECTED_OPERATIONS } from '../../../support/api-surface.js';

/** The package's licence is the API's: the document names the one package.json declares. */
const MANIFEST = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  license: string;
};

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  deprecated?: boolean;
  description: string;
  security: unknown;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<
        string,
        { schema: { allOf?: [unknown, { properties: { code: { enum: string[] }; status: { const: number } } }] } }
      >;
    }
  >;
}
interface Document {
  openapi: string;
  info: Record<string, unknown>;
  tags: { name: string; description: string }[];
  servers: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: { bearerAuth: { description: string } };
    headers: Record<string, { description?: string; required?: boolean; schema: unknown }>;
  };
}

describe('GET /openapi.json', () => {
  let api: TestApi;
  let document: Document;
  let text: string;
  beforeAll(async () => {
    api = await startTestApi();
    const response = await api.request('/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    text = await response.text();
    document = JSON.parse(text) as Document;
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  const operations = () => ({
    listPets: document.paths['/pets']!.get!,
    createPet: document.paths['/pets']!.post!,
    getPet: document.paths['/pets/{petId}']!.get!,
  });

  it('is a valid OpenAPI 3.1 document: the Redocly linter finds nothing, on its strictest ruleset', async () => {
    expect(document.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended-strict'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(
      problems.map(({ ruleId, message, location }) => `${ruleId}: ${message} at ${location[0]?.pointer ?? '?'}`),
    ).toEqual([]);
  });

  it('names the expected operations, each at its method and path, and needs the bearer key for each', () => {
    expect(Object.keys(document.paths)).toEqual([...new Set(EXPECTED_OPERATIONS.map(({ path }) => path))]);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, { operationId }]) => ({ operationId, method: method.toUpperCase(), path })),
    );
    expect(documented).toEqual(EXPECTED_OPERATIONS);
    for (const operation of Object.values(operations())) expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).toMatchObject({ bearerAuth: { type: 'http', scheme: 'bearer' } });
  });

  it('introduces the API to a reader: title, version, licence, how to authenticate; every operation tagged and summarised', () => {
    const { summary, description, ...identity } = document.info;
    expect(identity).toEqual({
      title: 'Pet store API',
      version: '1.0.0',
      license: { name: 'MIT License', identifier: MANIFEST.license },
    });
    expect(MANIFEST.license).toBe('MIT');
    expect(summary).toMatch(/\S/);
    expect(description).toContain('in ascending id order');
    expect(description).toContain('`Authorization: Bearer <API key>`');
    expect(description).toContain('X-Request-Id');
    expect(description).toContain('Each API key is held to a rate limit');
    expect(description).toContain('`RateLimit-Policy` and `RateLimit`');
    expect(description).toContain('the response is 429 with `Retry-After`.');
    expect(document.components.securitySchemes.bearerAuth.description).toContain('API key');
    expect(document.tags).toHaveLength(1);
    expect(document.tags[0]?.name).toBe('pets');
    expect(document.tags[0]?.description).toMatch(/\S/);
    for (const operation of Object.values(operations())) {
      expect(operation.tags).toEqual(['pets']);
      expect(operation.summary).toMatch(/\S/);
      expect(operation.description).toMatch(/\S/);
    }
    expect(operations().listPets.description).toContain('rel="next"');
    expect(operations().createPet.description).toContain('assigns the id');
  });

  it('marks getPet deprecated, with its sunset date', () => {
    const { getPet, listPets, createPet } = operations();
    expect(getPet.deprecated).toBe(true);
    expect(getPet.description).toContain('Thu, 05 Dec 2030 00:00:00 GMT');
    expect([listPets.deprecated, createPet.deprecated]).toEqual([undefined, undefined]);
  });

  it('lists every status each operation answers, and the error codes each error status carries', () => {
    const codesOf = (operation: Operation) =>
      Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          response.content?.['application/json']?.schema.allOf?.[1].properties.code.enum ?? 'success',
        ]),
      );
    // What the HTTP layer can refuse before any operation: every operation documents it.
    const always = {
      401: ['unauthorized'],
      408: ['request_timeout'],
      413: ['payload_too_large'],
      417: ['expectation_failed'],
      429: ['rate_limited'],
      431: ['headers_too_large'],
      500: ['internal_error'],
      501: ['not_implemented'],
      503: ['service_unavailable'],
      505: ['http_version_not_supported'],
    };
    expect(codesOf(operations().listPets)).toEqual({
      200: 'success',
      400: ['invalid_query', 'bad_request'],
      ...always,
    });
    expect(codesOf(operations().createPet)).toEqual({
      201: 'success',
      400: [
        'invalid_json',
        'invalid_utf8',
        'invalid_content_encoding',
        'invalid_body',
        'invalid_idempotency_key',
        'bad_request',
      ],
      409: ['idempotency_key_in_use'],
      415: ['unsupported_media_type', 'unsupported_content_encoding'],
      422: ['idempotency_key_reused'],
      507: ['pet_ids_exhausted'],
      ...always,
    });
    expect(codesOf(operations().getPet)).toEqual({
      200: 'success',
      400: ['invalid_path_parameter', 'bad_request'],
      404: ['not_found'],
      ...always,
    });
    expect(
      operations().createPet.responses['413']?.content?.['application/json']?.schema.allOf?.[1].properties.status,
    ).toEqual({ const: 413 });
  });

  it('documents limit, status and after with their bounds and default, and petId', () => {
    const [limit, status, after] = operations().listPets.parameters!;
    expect(limit).toMatchObject({
      name: 'limit',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    });
    expect(status).toMatchObject({
      name: 'status',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['available', 'pending', 'sold'] },
    });
    expect(after).toMatchObject({
      name: 'after',
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1 },
    });
    expect(operations().getPet.parameters).toMatchObject([
      { name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
    ]);
    expect(operations().createPet.parameters).toMatchObject([
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    ]);
  });

  it('documents the Link, Location, Sunset, Deprecation, X-Request-Id and rate limit headers where they are sent', () => {
    const headersOf = (operation: Operation, status: string) => Object.keys(operation.responses[status]?.headers ?? {});
    const { listPets, createPet, getPet } = operations();
    const every = [
      'X-Request-Id',
      'RateLimit-Policy',
      'RateLimit',
      'Access-Control-Allow-Origin',
      'Access-Control-Expose-Headers',
    ];
    expect(headersOf(listPets, '200')).toEqual([...every, 'Link']);
    expect(headersOf(createPet, '201')).toEqual([...every, 'Location', 'Idempotent-Replayed']);
    expect(headersOf(createPet, '409')).toEqual([...every, 'Retry-After']);
    expect(headersOf(getPet, '200')).toEqual([...every, 'Sunset', 'Deprecation']);
    expect(headersOf(getPet, '404')).toEqual([...every, 'Sunset', 'Deprecation']);
    expect(headersOf(getPet, '401')).toEqual([...every, 'WWW-Authenticate']);
    for (const operation of [listPets, createPet, getPet])
      expect(headersOf(operation, '429')).toEqual([...every, 'Retry-After']);
    expect(headersOf(listPets, '503')).toEqual([...every, 'Retry-After']);
    const { headers } = document.components;
    expect(headers.Sunset).toMatchObject({ required: true, schema: { const: 'Thu, 05 Dec 2030 00:00:00 GMT' } });
    expect(headers.Deprecation).toMatchObject({ required: true, schema: { const: '@1795305600' } });
    expect(headers.Link?.required).toBeUndefined();
    expect(headers['Idempotent-Replayed']).toMatchObject({ schema: { const: 'true' } });
    expect(headers['Idempotent-Replayed']?.required).toBeUndefined();
    expect([headers.Location?.required, headers['X-Request-Id']?.required]).toEqual([true, true]);
    // Off with RATE_LIMIT=0, so never promised.
    expect([headers['RateLimit-Policy']?.required, headers.RateLimit?.required]).toEqual([undefined, undefined]);
  });

  it('describes Pet, NewPet and Error as the service reads and writes them', () => {
    const { Pet, NewPet, Error: ErrorSchema } = document.components.schemas;
    expect(NewPet).toMatchObject({ required: ['name', 'categoryId'], additionalProperties: false });
    // No `id`, not even one that is never sent: additionalProperties refuses it, and generators fill what is declared.
    expect(Object.keys(NewPet?.properties as object)).toEqual(['name', 'categoryId', 'status']);
    expect(NewPet?.description).toContain('an `id` is refused');
    // The name's first Unicode pattern as its `pattern`, the second in an allOf entry of its own.
    expect((NewPet?.properties as { name: object }).name).toEqual({
      type: 'string',
      pattern: '[^\\p{White_Space}\\p{Default_Ignorable_Code_Point}]',
      allOf: [{ pattern: '^[^\\p{Cc}\\p{Cs}]*$' }],
      maxLength: 200,
      description: expect.stringContaining('at least one visible character') as string,
      examples: ['Rex'],
    });
    expect(Pet).toMatchObject({ required: ['id', 'name', 'categoryId'], additionalProperties: false });
    expect(ErrorSchema).toMatchObject({ required: ['code', 'message', 'status'] });
    expect((ErrorSchema?.properties as { code: { enum: string[] } }).code.enum).toContain('method_not_allowed');
  });

  it('lists this server by a relative address by default', () => {
    expect(document.servers).toEqual([
      {
        url: '/v1',
        description: 'This server: no production address is set, so a local or test run',
        'x-internal': false,
      },
    ]);
  });

  it('bounds every value a client reads: a page at most 100 pets, each integer its format, each header its length', () => {
    const { schemas, headers } = document.components;
    expect(schemas.Pets).toMatchObject({ type: 'array', maxItems: 100 });
    expect((schemas.Error?.properties as { status: object }).status).toMatchObject({
      type: 'integer',
      format: 'int32',
      minimum: 400,
      maximum: 599,
    });
    const [limit, , after] = operations().listPets.parameters!;
    expect([limit?.schema.format, after?.schema.format]).toEqual(['int32', 'int64']);
    expect(headers.Link?.schema).toMatchObject({
      pattern: '^<[^>]+>; rel="next"$',
      maxLength: '</v1/pets?limit=100&status=available&after=9007199254740991>; rel="next"'.length,
    });
    expect(headers.Location?.schema).toMatchObject({ maxLength: '/v1/pets/9007199254740991'.length });
    expect(headers['RateLimit-Policy']?.schema).toMatchObject({
      maxLength: '"default";q=9007199254740991;w=9007199254740991'.length,
    });
    expect(headers.RateLimit?.schema).toMatchObject({
      maxLength: '"default";r=9007199254740991;t=9007199254740991'.length,
    });
    expect(headers['X-Request-Id']?.schema).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 128,
      pattern: '^[!-~]+$',
      examples: [expect.stringMatching(/^[!-~]+$/) as string],
    });
    expect(headers['WWW-Authenticate']?.schema).toEqual({
      type: 'string',
      maxLength: 64,
      pattern: '^Bearer realm="[^"]*"(, error="[a-z_]+")?$',
      examples: ['Bearer realm="petstore"'],
    });
    expect(headers['Retry-After']?.schema).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 2 ** 31 - 1,
      examples: [1],
    });
  });

  it('declares the CORS headers a listed origin gets: its origin, and every documented header as readable', () => {
    const { headers } = document.components;
    expect(headers['Access-Control-Allow-Origin']).toMatchObject({
      schema: { type: 'string', maxLength: 'https://'.length + 253 + ':65535'.length },
    });
    expect(headers['Access-Control-Allow-Origin']?.required).toBeUndefined();
    expect(headers['Access-Control-Allow-Origin']?.schema).toMatchObject({
      pattern: '^https?:\\/\\/[^/?#\\s]{1,259}$',
    });
    for (const name of ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'])
      expect(headers[name]?.description).toMatch(/\S/);
    expect(headers['Access-Control-Expose-Headers']).toMatchObject({
      schema: { type: 'string', const: Object.keys(headers).join(',') },
    });
    expect(Object.keys(headers).slice(-2)).toEqual(['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers']);
  });

  it('accepts exactly the NewPet bodies its schema describes: the document and the validation agree', async () => {
    const ajv = openApiAjv();
    ajv.addSchema(document, 'openapi.json');
    const documentSays = ajv.compile({ $ref: 'openapi.json#/components/schemas/NewPet' });
    const candidates: unknown[] = [
      aNewPet(),
      aNewPet({ status: 'sold' }),
      { name: 'x'.repeat(200), categoryId: -(2 ** 53 - 1) },
      { name: 'x'.repeat(201), categoryId: 1 },
      { name: ' \t\n', categoryId: 1 },
      { name: 'Rex', categoryId: 1.5 },
      { name: 'Rex', categoryId: 2 ** 53 },
      { name: 'Rex', categoryId: '1' },
      { name: 'Rex' },
      { categoryId: 1 },
      { name: 'Rex', categoryId: 1, status: 'lost' },
      { name: 'Rex', categoryId: 1, status: null },
      { name: 'Rex', categoryId: 1, id: 7 },
      { name: 'Rex', categoryId: 1, colour: 'brown' },
      [aNewPet()],
      'Rex',
    ];
    for (const candidate of candidates) {
      const response = await api.postJson('/v1/pets', candidate);
      expect({ candidate, accepted: response.status === 201 }).toEqual({
        candidate,
        accepted: documentSays(candidate),
      });
    }
  });
});
