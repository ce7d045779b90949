import type Router from '@koa/router';
import type { PetRepository } from '../../core/ports.js';
import { ApiError } from './api-error.js';

/** Liveness and readiness probes: outside /v1 and without a key, as orchestrators call them. */
export function addHealthRoutes(router: Router, storage: Pick<PetRepository, 'isReachable'>): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    if (!(await storage.isReachable())) {
      throw ApiError.retryLater('service_unavailable', 'Storage is not reachable');
    }
    ctx.body = { status: 'ready' };
  });
}
