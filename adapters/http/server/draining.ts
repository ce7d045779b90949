/**
 * Whether the service has begun to stop: begun on the first stop signal, read by the readiness
 * probe, which reports the service not ready from then on, so that a load balancer sends new
 * traffic elsewhere while the requests it still gets are served.
 */
export class Draining {
  private started = false;

  get begun(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }
}
