import type { ApiOperation, OperationDocument } from '../routing/api-operation.js';
import { COMMON_RESPONSE_HEADERS } from './common-headers.js';
import { corsResponseHeaders } from './cors-headers.js';
import { componentJsonSchemas } from './json-schemas.js';

export interface ServerEntry {
  readonly url: string;
  /** Which environment it is: production, staging, or a run with no production address. */
  readonly description: string;
  /** Whether the address is meant for the operator's own use rather than the API's clients. */
  readonly 'x-internal': boolean;
}

/** Every operation asks for the API key as a bearer token (the document's `bearerAuth` scheme). */
const API_KEY_SECURITY = [{ bearerAuth: [] }];

export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly headers: Record<string, object> } & Record<string, unknown>;
  readonly [field: string]: unknown;
}

/**
 * The OpenAPI 3.1 description of the interface, assembled from the operations' own parts. Schemas
 * and parameters come from the valibot schemas that validate requests, so the document cannot say
 * one thing while the code does another. Each operation is named by its operationId and asks for the key.
 */
export function buildOpenApiDocument({
  servers,
  operations,
}: {
  servers: readonly ServerEntry[];
  operations: readonly Pick<ApiOperation<never>, 'operationId' | 'method' | 'path' | 'document'>[];
}): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const headers: Record<string, object> = { ...COMMON_RESPONSE_HEADERS };
  for (const { operationId, method, path, document } of operations) {
    const part: OperationDocument = document();
    paths[path] = {
      ...paths[path],
      [method.toLowerCase()]: { operationId, ...part.operation, security: API_KEY_SECURITY },
    };
    Object.assign(headers, part.headers);
  }
  Object.assign(headers, corsResponseHeaders(Object.keys(headers)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pet store API',
      version: '1.0.0',
      summary: "A store's catalogue of animals.",
      description:
        "The pets of a store's catalogue; a list of them comes page by page in ascending id order. " +
        'Every operation needs `Authorization: Bearer <API key>`. Every error has the `Error` body; branch on ' +
        'its `code`. Every response carries `X-Request-Id`, which the logs of that request carry too. Each API key ' +
        'is held to a rate limit (and each address, for requests without a valid key), per instance of the service ' +
        'or across the instances sharing `RATE_LIMIT_STORE`: `RateLimit-Policy` and `RateLimit` ' +
        '(draft-ietf-httpapi-ratelimit-headers-09) tell where a client stands, and past the limit the response is ' +
        '429 with `Retry-After`.',
      license: { name: 'MIT License', identifier: 'MIT' },
    },
    servers,
    security: API_KEY_SECURITY,
    tags: [{ name: 'pets', description: 'The animals of the catalogue.' }],
    paths,
    components: {
      schemas: componentJsonSchemas(),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, sent as the bearer token.' },
      },
      headers,
    },
  };
}
