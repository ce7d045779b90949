import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertValidNewPet, isPetId, newPetOf, type Pet } from '../../../../core/pet.js';
import {
  documentedSuccess,
  exampleRequests,
  inWorkingOrder,
  type ExampleOperation,
} from '../../../../testing/http-document.js';
import { startTestApi, type TestApi } from '../../../support/api-harness.js';
import { EXPECTED_OPERATIONS } from '../../../support/api-surface.js';
import { UNFLAG_PET, withUnflagPet } from '../../../support/no-content-operation.js';
import type { LoadedWithOperations } from '../../../support/operations-added.js';
import { openApiAjv } from '../../../support/openapi-validator.js';

interface MediaType {
  example?: unknown;
  examples?: Record<string, { value: { code: string; status: number } }>;
  schema: { allOf?: [unknown, { properties: { code: { enum: string[] } } }] };
}
interface Operation extends ExampleOperation {
  parameters?: { name: string; in: string; example?: unknown; schema: { examples?: unknown[] } }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<
      string,
      { examples?: unknown[]; properties?: Record<string, { examples?: unknown[]; $ref?: string }> }
    >;
    headers: Record<string, { schema: { examples?: unknown[]; const?: unknown } }>;
  };
}

/** Where the document shows a value, and the schema that value must meet. */
interface ExampleSite {
  readonly at: string;
  readonly schemaAt: string;
  readonly value: unknown;
}

const isObject = (node: unknown): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node);
/** JSON Pointer escaping (RFC 6901), then URI-fragment escaping, as a `$ref` holds a pointer. */
const segment = (key: string) => encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Every example in the document: a schema's `examples` (each must meet that schema), and the `example`
 * or named `examples` of a parameter, header or body (each must meet its `schema`).
 */
function exampleSites(node: unknown, at = ''): ExampleSite[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => exampleSites(item, `${at}/${index}`));
  if (!isObject(node)) return [];
  const own: ExampleSite[] = [];
  if (Array.isArray(node.examples))
    own.push(
      ...(node.examples as unknown[]).map((value, index) => ({ at: `${at}/examples/${index}`, schemaAt: at, value })),
    );
  if ('schema' in node && 'example' in node)
    own.push({ at: `${at}/example`, schemaAt: `${at}/schema`, value: node.example });
  if ('schema' in node && isObject(node.examples))
    for (const [name, { value }] of Object.entries(node.examples as Record<string, { value: unknown }>))
      own.push({ at: `${at}/examples/${segment(name)}`, schemaAt: `${at}/schema`, value });
  const inner = Object.entries(node).filter(([key]) => key !== 'example' && key !== 'examples');
  return [...own, ...inner.flatMap(([key, child]) => exampleSites(child, `${at}/${segment(key)}`))];
}

/** The operations a test expects the document to list, as a client knows them. */
type ExpectedOperations = readonly { readonly operationId: string; readonly method: string }[];

/** A service under test and the document it serves. */
interface Served {
  readonly api: TestApi;
  readonly document: Document;
}

const operationsOf = (document: Document) => Object.values(document.paths).flatMap((methods) => Object.values(methods));

/**
 * What holds of the examples of any document the service serves, whatever its operations: `served` lists
 * `expected`, and a new store is behind it before each test.
 */
function itChecksTheExamples(served: () => Served, expected: ExpectedOperations): void {
  it('each meet the schema they illustrate', () => {
    const { document } = served();
    const ajv = openApiAjv();
    ajv.addSchema(document, 'openapi.json');
    const sites = exampleSites(document);
    const failures = sites.flatMap(({ at, schemaAt, value }) => {
      const validate = ajv.compile({ $ref: `openapi.json#${schemaAt}` });
      return validate(value) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(failures).toEqual([]);
    expect(sites.map(({ at }) => at)).toEqual(
      expect.arrayContaining([
        '/components/schemas/NewPet/examples/0',
        '/components/schemas/NewPet/properties/name/examples/0',
        '/components/headers/Location/schema/examples/0',
        '/paths/~1pets/get/parameters/0/example',
        '/paths/~1pets/post/requestBody/content/application~1json/example',
        '/paths/~1pets~1%7BpetId%7D/get/responses/404/content/application~1json/examples/not_found',
      ]),
    );
  });

  it('show every schema, header, parameter, request body and response with a body, and each error code under its status', () => {
    const { schemas, headers } = served().document.components;
    for (const [name, schema] of Object.entries(schemas)) expect(schema.examples, name).toHaveLength(1);
    for (const [name, { schema }] of Object.entries(headers))
      expect(schema.examples?.length ?? ('const' in schema ? 1 : 0), name).toBe(1);
    for (const operation of operationsOf(served().document)) {
      for (const { name, example, schema } of operation.parameters ?? [])
        expect({ name, examples: schema.examples }).toEqual({ name, examples: [example] });
      for (const media of Object.values(operation.requestBody?.content ?? {})) expect(media).toHaveProperty('example');
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        const where = `${operation.operationId} ${status}`;
        const success = documentedSuccess(operation);
        if (Number(status) === success.status) {
          // A success without a body has nothing to show.
          if (success.hasBody) expect(media, where).toHaveProperty('example');
          continue;
        }
        const codes = media?.schema.allOf?.[1].properties.code.enum;
        expect(Object.keys(media?.examples ?? {}), where).toEqual(codes);
        for (const [code, { value }] of Object.entries(media?.examples ?? {}))
          expect({ code: value.code, status: value.status }, where).toEqual({ code, status: Number(status) });
      }
    }
  });

  it('show pets the domain accepts, each with a pet id once stored', () => {
    const { document } = served();
    const { schemas } = document.components;
    const newPets = [
      ...schemas.NewPet!.examples!,
      document.paths['/pets']!.post!.requestBody!.content['application/json']!.example,
    ];
    const successes = operationsOf(document).map(documentedSuccess);
    const pets = [
      ...schemas.Pet!.examples!,
      ...(schemas.Pets!.examples as Pet[][]).flat(),
      ...successes.flatMap(({ hasBody, example }) => (hasBody ? [example].flat() : [])),
    ] as Pet[];
    expect(pets.length).toBeGreaterThan(3);
    for (const pet of [...newPets, ...pets] as Pet[]) {
      expect(() => {
        assertValidNewPet(newPetOf(pet));
      }, JSON.stringify(pet)).not.toThrow();
    }
    for (const pet of pets) expect(isPetId(pet.id), JSON.stringify(pet)).toBe(true);
  });

  it('as requests, sent in turn to a new store, get their documented success and the example response, or no body', async () => {
    const { api, document } = served();
    const answers = [];
    // Creates first, then reads, changes and removals: each finds the pet the create makes.
    for (const { operation, method, target, headers, body } of inWorkingOrder(exampleRequests(document.paths))) {
      const response = await api.request(`${document.servers[0]!.url}${target}`, { method, headers, body });
      const { status, hasBody, example } = documentedSuccess(operation);
      if (response.headers.has('location'))
        expect(response.headers.get('location')).toBe(document.components.headers.Location!.schema.examples?.[0]);
      answers.push({
        operationId: operation.operationId,
        // Without a body, nothing: the document check of every response holds it to no type and no length either.
        got: [response.status, hasBody ? await response.json() : await response.text()],
        documented: [status, hasBody ? example : ''],
      });
    }
    expect(answers.map(({ operationId }) => operationId)).toEqual(
      inWorkingOrder(expected).map(({ operationId }) => operationId),
    );
    for (const { operationId, got, documented } of answers)
      expect({ operationId, got }).toStrictEqual({ operationId, got: documented });
  });
}

describe('the examples of /openapi.json', () => {
  let api: TestApi;
  let document: Document;
  beforeAll(async () => {
    api = await startTestApi();
    document = (await (await api.request('/openapi.json', { key: null })).json()) as Document;
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  itChecksTheExamples(() => ({ api, document }), EXPECTED_OPERATIONS);

  it("of a pet's fields, each its own, make the pet the object's example shows", () => {
    const { schemas } = document.components;
    for (const name of ['NewPet', 'Pet']) {
      const [pet] = schemas[name]!.examples as [Record<string, unknown>];
      const fields = Object.entries(schemas[name]!.properties!).map(([field, { examples, $ref }]) => [
        field,
        ($ref === undefined ? examples : schemas[$ref.split('/').pop()!]!.examples)?.[0],
      ]);
      expect(Object.fromEntries(fields), name).toStrictEqual(pet);
    }
  });

  it("show the Link the service writes when the example query's page is full", async () => {
    const list = exampleRequests(document.paths).find(({ operation }) => operation.operationId === 'listPets')!;
    const query = new URLSearchParams(list.target.split('?')[1]);
    for (let pet = 0; pet <= Number(query.get('limit')); pet += 1)
      await api.postJson('/v1/pets', { name: `Rex ${pet}`, categoryId: 1, status: query.get('status') });
    const response = await api.request(`${document.servers[0]!.url}${list.target}`);
    expect(response.headers.get('link')).toBe(document.components.headers.Link!.schema.examples?.[0]);
  });
});

describe('the examples of /openapi.json, with an operation whose success has no body added to the API', () => {
  let loaded: LoadedWithOperations<typeof import('../../../support/api-harness.js')> | undefined;
  let api: TestApi | undefined;
  let document: Document;
  beforeAll(async () => {
    loaded = await withUnflagPet(() => import('../../../support/api-harness.js'));
    api = await loaded.module.startTestApi();
    document = (await (await api.request('/openapi.json', { key: null })).json()) as Document;
  });
  beforeEach(() => api?.reset());
  afterAll(async () => {
    await api?.close();
    loaded?.release();
  });

  itChecksTheExamples(() => ({ api: api!, document }), [...EXPECTED_OPERATIONS, UNFLAG_PET]);
});
