import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { OperationMethod } from '@petstore/http/routing/api-operation.js';
import { API_BASE_PATH, colonPattern } from '@petstore/http/routing/api-paths.js';

export { API_BASE_PATH, answeredMethods, isUnderApi } from '@petstore/http/routing/api-paths.js';

/** The one router of the Koa app: `/V1/PETS` and `/v1/pets/` are not `/v1/pets`. */
export function createRouter(): Router {
  return new Router({ sensitive: true, strict: true });
}

/** The router's pattern for an operation's path: `/v1` before it, and `{petId}` as `:petId`. */
export function routePattern(path: string): string {
  return colonPattern(`${API_BASE_PATH}${path}`);
}

/** Mounts what answers an operation at its method and path under /v1, named by its operationId. */
export function mountOperation(
  router: Router,
  { operationId, method, path }: { operationId: string; method: OperationMethod; path: string },
  answer: Middleware,
): void {
  router.register(routePattern(path), [method], [answer], { name: operationId });
}
