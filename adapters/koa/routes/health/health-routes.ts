import type Router from '@koa/router';
import type { Draining } from '@petstore/http/server/draining.js';
import { sendJson } from '../../response/json-response.js';
import { liveness, readiness, type Readiness } from '@petstore/http/routing/probe-answers.js';
import { LIVENESS_PATH, READINESS_PATH } from '@petstore/http/routing/probe-paths.js';

/** Liveness and readiness probes: outside /v1 and without a key, as orchestrators call them. */
export function addHealthRoutes(
  router: Router,
  storage: Readiness['storage'],
  draining: Pick<Draining, 'begun'>,
): void {
  router.get(LIVENESS_PATH, (ctx) => {
    sendJson(ctx, liveness());
  });

  router.get(READINESS_PATH, async (ctx) => {
    sendJson(ctx, await readiness({ storage, draining }));
  });
}
