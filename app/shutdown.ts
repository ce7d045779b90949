import type { ShutdownState } from '../adapters/http/routes/health/health-routes.js';

/**
 * Whether the service has begun to shut down: begun on the first stop signal, read by the
 * readiness probe, which reports the service not ready from then on.
 */
export class Shutdown implements ShutdownState {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }
}
