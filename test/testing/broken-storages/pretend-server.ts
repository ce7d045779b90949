/** An error as a driver reports a lost connection: not StorageUnavailable, until the storage says so. */
function connectionError(code: 'ECONNREFUSED' | 'ECONNRESET'): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

/** What a server that takes no writes answers one (PostgreSQL's words and SQLSTATE). */
function readOnlyError(): Error {
  return Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' });
}

/**
 * A server in this process, reached over a pretend network: each call takes a hop, and the server
 * can be cut off (calls refused, those in flight reset), stall (calls never answered) and come back.
 */
export class PretendServer {
  private state: 'up' | 'cut' | 'stalled' | 'read-only' = 'up';
  private readonly inFlight = new Set<(error: Error) => void>();
  private readonly waitingForUp = new Set<() => void>();

  /** Runs `work` on the server, answering as a socket would in the server's present state; a write may be refused. */
  send<T>(work: () => Promise<T>, { write }: { write: boolean }): Promise<T> {
    if (this.state === 'cut') return Promise.reject(connectionError('ECONNREFUSED'));
    if (this.state === 'read-only' && write) return Promise.reject(readOnlyError());
    return new Promise<T>((resolve, reject) => {
      const reset = (error: Error) => {
        this.inFlight.delete(reset);
        reject(error);
      };
      this.inFlight.add(reset);
      setTimeout(() => {
        // Stalled: the request arrived and nothing comes back.
        if ((this.state !== 'up' && this.state !== 'read-only') || !this.inFlight.has(reset)) return;
        this.inFlight.delete(reset);
        work().then(resolve, reject);
      }, 2);
    });
  }

  /** Resolves once the server is up. */
  whenUp(): Promise<void> {
    return this.state === 'up' ? Promise.resolve() : new Promise((resolve) => this.waitingForUp.add(resolve));
  }

  cutOff(): Promise<void> {
    this.state = 'cut';
    for (const reset of [...this.inFlight]) reset(connectionError('ECONNRESET'));
    return Promise.resolve();
  }

  refuseWrites(): Promise<void> {
    this.state = 'read-only';
    return Promise.resolve();
  }

  stall(): Promise<void> {
    this.state = 'stalled';
    return Promise.resolve();
  }

  restore(): Promise<void> {
    for (const reset of [...this.inFlight]) reset(connectionError('ECONNRESET'));
    this.state = 'up';
    for (const resume of this.waitingForUp) resume();
    this.waitingForUp.clear();
    return Promise.resolve();
  }
}
