/**
 * Whether the service has begun to shut down: begun on the first stop signal, read by the
 * readiness probe (its ShutdownState), which reports the service not ready from then on.
 */
export class DrainingFlag {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }
}
