import type { OperationMethod } from './api-operation.js';

export const API_BASE_PATH = '/v1';

/** Where the OpenAPI document is served, outside /v1 and without a key. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * Which requests are under the API (and so need a key): exactly the paths that start with
 * `/v1/`, compared as the routers compare them, byte for byte. The routers are case-sensitive and
 * strict, so no route under /v1 can match a path this says is outside it; a test holds the two
 * together over generated paths.
 */
export function isUnderApi(path: string): boolean {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
}

/** A path template in OpenAPI's syntax as routers write it: `/v1/pets/{petId}` is `/v1/pets/:petId`. */
export function colonPattern(template: string): string {
  return template.replaceAll(/\{([^}]+)\}/g, ':$1');
}

/**
 * The methods the API answers, as `Allow` and CORS name them: each operation's, HEAD with GET (a
 * GET route answers it), in the order first met.
 */
export function answeredMethods(operations: readonly { readonly method: OperationMethod }[]): string[] {
  const methods = new Set<string>();
  for (const { method } of operations) {
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}
