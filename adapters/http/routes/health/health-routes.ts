import type Router from '@koa/router';
import type { PetRepository } from '../../../../core/ports.js';
import { ApiError } from '../../wire/api-error.js';
import { LIVENESS_PATH, READINESS_PATH } from '../../wire/probe-paths.js';

/**
 * Whether the service has begun to shut down. From then on it reports itself not ready, so that a
 * load balancer sends new traffic elsewhere while the requests it still gets are served.
 */
export interface ShutdownState {
  readonly draining: boolean;
}

/** Liveness and readiness probes: outside /v1 and without a key, as orchestrators call them. */
export function addHealthRoutes(
  router: Router,
  storage: Pick<PetRepository, 'isReachable'>,
  shutdown: ShutdownState,
): void {
  router.get(LIVENESS_PATH, (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get(READINESS_PATH, async (ctx) => {
    if (shutdown.draining) throw ApiError.retryLater('service_unavailable', 'The service is shutting down');
    if (!(await storage.isReachable())) {
      throw ApiError.retryLater('service_unavailable', 'Storage is not reachable');
    }
    ctx.body = { status: 'ready' };
  });
}
