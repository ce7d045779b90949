import Router from '@koa/router';

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
