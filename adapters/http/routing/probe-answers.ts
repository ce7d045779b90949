import type { PetRepository } from '@petstore/core/ports.js';
import { ApiError } from '../errors/api-error.js';

/** What readiness asks: whether the host is stopping, and whether its storage would take a write. */
export interface Readiness {
  readonly storage: Pick<PetRepository, 'isReachable'>;
  /** Once begun, readiness answers 503; unset: never. */
  readonly draining?: { readonly begun: boolean } | undefined;
}

/** Liveness: the process answers. */
export function liveness(): { status: 'ok' } {
  return { status: 'ok' };
}

/** Readiness: 503 while the host stops or its storage is unreachable, so a load balancer sends traffic elsewhere. */
export async function readiness({ storage, draining }: Readiness): Promise<{ status: 'ready' }> {
  if (draining?.begun === true) throw ApiError.retryLater('service_unavailable', 'The service is shutting down');
  if (!(await storage.isReachable())) throw ApiError.retryLater('service_unavailable', 'Storage is not reachable');
  return { status: 'ready' };
}
