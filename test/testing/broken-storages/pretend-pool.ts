/** A pause of up to `most` milliseconds, drawn afresh each time, as a network's is. */
const pause = (most: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * most));

/**
 * Connections to a database in this process, opened as callers need them, up to `size`: opening one
 * takes up to a few tens of milliseconds, and each query a hop of its own. What a real driver's pool
 * does to the timing of concurrent calls: cold, the callers are let through as connections open, one
 * here and one there; warm, they reach the database together.
 */
export class PretendPool {
  private idle = 0;
  private opened = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size = 10) {}

  /** Runs `work` as one query, on a connection of the pool. */
  async query<T>(work: () => T | Promise<T>): Promise<T> {
    await this.connection();
    try {
      await pause(1);
      return await work();
    } finally {
      this.release();
    }
  }

  private async connection(): Promise<void> {
    if (this.idle > 0) {
      this.idle -= 1;
      return;
    }
    if (this.opened < this.size) {
      this.opened += 1;
      await pause(30);
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.idle += 1;
    else next();
  }
}
