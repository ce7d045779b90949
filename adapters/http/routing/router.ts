import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { OperationMethod } from './api-operation.js';

export const API_BASE_PATH = '/v1';

/**
 * Which requests are under the API (and so need a key): exactly the paths that start with
 * `/v1/`, compared as the router compares them, byte for byte. The router below is
 * case-sensitive and strict, so no route under /v1 can match a path this says is outside it;
 * a test holds the two together over generated paths.
 */
export function isUnderApi(path: string): boolean {
  return path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
}

/** The one router of the service: `/V1/PETS` and `/v1/pets/` are not `/v1/pets`. */
export function createRouter(): Router {
  return new Router({ sensitive: true, strict: true });
}

/** The router's pattern for an operation's path: `/v1` before it, and `{petId}` as `:petId`. */
export function routePattern(path: string): string {
  return `${API_BASE_PATH}${path.replaceAll(/\{([^}]+)\}/g, ':$1')}`;
}

/** Mounts what answers an operation at its method and path under /v1, named by its operationId. */
export function mountOperation(
  router: Router,
  { operationId, method, path }: { operationId: string; method: OperationMethod; path: string },
  answer: Middleware,
): void {
  router.register(routePattern(path), [method], [answer], { name: operationId });
}

/**
 * The methods the API answers, as `Allow` and CORS name them: each operation's, HEAD with GET (Node
 * answers it from the GET route), in the order first met.
 */
export function answeredMethods(operations: readonly { readonly method: OperationMethod }[]): string[] {
  const methods = new Set<string>();
  for (const { method } of operations) {
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}
