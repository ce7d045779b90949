import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_SYNTAX } from '../../../core/idempotency.js';
import { PAGE_LIMIT_MAX } from '../../../core/paging.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../routes/idempotency-header.js';
import type { OperationId } from '../operations.js';
import { GET_PET_SUNSET } from '../middleware/deprecation.js';
import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER } from '../rate-limit/rate-limit.js';
import { listPetsQuery, newPetBody, petIdPath, petSchema, petsSchema } from '../routes/pet-schemas.js';
import { errorResponses } from './error-responses.js';
import { RESPONSE_HEADERS } from './response-headers.js';
import { componentJsonSchemas, jsonSchemaOf } from './json-schemas.js';

export interface ServerEntry {
  readonly url: string;
  readonly description: string;
}

/**
 * Errors any request can meet before it reaches its operation: HTTP the server cannot accept,
 * then no key, or too many requests. Answered before routing, so they carry only the headers of
 * every response.
 */
const BEFORE_ROUTING_ERRORS: readonly ErrorCode[] = [
  'bad_request',
  'request_timeout',
  'payload_too_large',
  'expectation_failed',
  'headers_too_large',
  'not_implemented',
  'http_version_not_supported',
  'unauthorized',
  'rate_limited',
];
/** Errors any operation can answer with: the above, a fault of ours, storage out of reach. */
const EVERY_OPERATION_ERRORS: readonly ErrorCode[] = [...BEFORE_ROUTING_ERRORS, 'internal_error', 'service_unavailable'];
/** Statuses only an operation itself answers with; `invalid_path_parameter` shares 400 with `bad_request`. */
const ANSWERED_BY_GET_PET_ONLY: readonly number[] = [200, 404];
const SECURITY = [{ bearerAuth: [] }];
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const jsonContent = (schema: v.GenericSchema) => ({ 'application/json': { schema: jsonSchemaOf(schema) } });

/**
 * The OpenAPI 3.1 description of the interface. Schemas and parameters come from the valibot
 * schemas that validate requests, so the document cannot say one thing while the code does another.
 */
export function buildOpenApiDocument({ servers }: { servers: readonly ServerEntry[] }): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pet store API',
      version: '1.0.0',
      summary: "A store's catalogue of animals.",
      description:
        'List the pets of the catalogue (filtered by status, page by page in ascending id order), add one, fetch one. ' +
        'Every operation needs `Authorization: Bearer <API key>`. Every error has the `Error` body; branch on its `code`. ' +
        'Every response carries `X-Request-Id`, which the logs of that request carry too. ' +
        'Each API key is held to a rate limit (and each address, for requests without a valid key), per instance of the service: ' +
        '`RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers-09) tell where a client stands, and past the limit ' +
        'the answer is 429 with `Retry-After`.',
      license: { name: 'MIT License', identifier: 'MIT' },
    },
    servers,
    security: SECURITY,
    tags: [{ name: 'pets', description: 'The animals of the catalogue.' }],
    paths: {
      '/pets': { get: listPetsOperation(), post: createPetOperation() },
      '/pets/{petId}': { get: getPetOperation() },
    },
    components: {
      schemas: componentJsonSchemas(),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, sent as the bearer token.' },
      },
      headers: RESPONSE_HEADERS,
    },
  };
}

function listPetsOperation(): object {
  return {
    operationId: 'listPets' satisfies OperationId,
    tags: ['pets'],
    summary: 'List pets',
    description:
      `Pets in ascending id order, at most \`limit\` (up to ${PAGE_LIMIT_MAX}) a page. When more match, ` +
      '`Link: <...>; rel="next"` gives the next page, keeping `limit` and `status`; the last page has none.',
    security: SECURITY,
    parameters: parametersOf(listPetsQuery, 'query'),
    responses: {
      200: {
        description: 'A page of pets.',
        headers: { ...everyResponseHeaders(), Link: ref('headers', 'Link') },
        content: jsonContent(petsSchema),
      },
      ...errorResponses(['invalid_query', ...EVERY_OPERATION_ERRORS], everyResponseHeaders),
    },
  };
}

function createPetOperation(): object {
  return {
    operationId: 'createPet' satisfies OperationId,
    tags: ['pets'],
    summary: 'Add a pet',
    description:
      'The service assigns the id. Unknown fields, `null` values and an `id` are refused. ' +
      'Send an `Idempotency-Key` to make the request safe to retry: whatever the number of attempts, one pet is added.',
    security: SECURITY,
    parameters: [IDEMPOTENCY_KEY_PARAMETER],
    requestBody: { required: true, content: jsonContent(newPetBody) },
    responses: {
      201: {
        description: 'The pet as stored, with its id; for a repeat of a request with the same `Idempotency-Key`, the pet that request added.',
        headers: {
          ...everyResponseHeaders(),
          Location: ref('headers', 'Location'),
          [IDEMPOTENT_REPLAYED_HEADER]: ref('headers', IDEMPOTENT_REPLAYED_HEADER),
        },
        content: jsonContent(petSchema),
      },
      ...errorResponses(
        [
          'invalid_json',
          'invalid_utf8',
          'invalid_content_encoding',
          'invalid_body',
          'invalid_idempotency_key',
          'idempotency_key_in_use',
          'idempotency_key_reused',
          'unsupported_media_type',
          'unsupported_content_encoding',
          ...EVERY_OPERATION_ERRORS,
        ],
        everyResponseHeaders,
      ),
    },
  };
}

function getPetOperation(): object {
  // Protocol checks and auth run before routing: their answers cannot say which operation was asked for.
  const headers = (status: number) =>
    ANSWERED_BY_GET_PET_ONLY.includes(status) ? { ...everyResponseHeaders(), ...DEPRECATION_HEADERS } : everyResponseHeaders();
  return {
    operationId: 'getPet' satisfies OperationId,
    tags: ['pets'],
    summary: 'Get a pet (deprecated)',
    description: `Deprecated: removed on ${GET_PET_SUNSET} (the \`Sunset\` header). Use \`GET /pets?status=...\` instead.`,
    deprecated: true,
    security: SECURITY,
    parameters: parametersOf(petIdPath, 'path'),
    responses: {
      200: { description: 'The pet.', headers: headers(200), content: jsonContent(petSchema) },
      ...errorResponses(['invalid_path_parameter', 'not_found', ...EVERY_OPERATION_ERRORS], headers),
    },
  };
}

/** One OpenAPI parameter per property of an object schema; its description moves up a level. */
function parametersOf(schema: v.GenericSchema, location: 'query' | 'path'): object[] {
  // toJsonSchema writes both for every object schema.
  const { properties, required } = jsonSchemaOf(schema) as { properties: Record<string, JsonSchema>; required: string[] };
  return Object.entries(properties).map(([name, { description, ...propertySchema }]) => ({
    name,
    in: location,
    required: required.includes(name),
    description,
    schema: propertySchema,
  }));
}

/** The IETF HTTPAPI draft's header (draft-ietf-httpapi-idempotency-key-header), with Stripe's key syntax. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'A key of your choosing, unique per request you mean (a UUID, say), that makes the create safe to retry. ' +
    'A repeat with the same key and body, within the retention period (24 hours by default), gets the first answer again, ' +
    'with `Idempotent-Replayed: true`, and adds nothing. Keys are scoped to your API key. Answers other than 201 are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_SYNTAX.source },
};

const everyResponseHeaders = () => ({
  'X-Request-Id': ref('headers', 'X-Request-Id'),
  [RATE_LIMIT_POLICY_HEADER]: ref('headers', RATE_LIMIT_POLICY_HEADER),
  [RATE_LIMIT_HEADER]: ref('headers', RATE_LIMIT_HEADER),
});
const DEPRECATION_HEADERS = { Sunset: ref('headers', 'Sunset'), Deprecation: ref('headers', 'Deprecation') };

