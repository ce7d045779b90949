import type Router from '@koa/router';
import type { PetRepository } from '../../../../core/ports.js';
import { ApiError } from '../../errors/api-error.js';
import type { Draining } from '../../server/draining.js';
import { sendJson } from '../../response/json-response.js';
import { LIVENESS_PATH, READINESS_PATH } from '../../routing/probe-paths.js';

/** Liveness and readiness probes: outside /v1 and without a key, as orchestrators call them. */
export function addHealthRoutes(
  router: Router,
  storage: Pick<PetRepository, 'isReachable'>,
  draining: Pick<Draining, 'begun'>,
): void {
  router.get(LIVENESS_PATH, (ctx) => {
    sendJson(ctx, { status: 'ok' });
  });

  router.get(READINESS_PATH, async (ctx) => {
    if (draining.begun) throw ApiError.retryLater('service_unavailable', 'The service is shutting down');
    if (!(await storage.isReachable())) {
      throw ApiError.retryLater('service_unavailable', 'Storage is not reachable');
    }
    sendJson(ctx, { status: 'ready' });
  });
}
