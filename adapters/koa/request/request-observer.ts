import type { Context } from 'koa';

/**
 * Told of each request as it arrives and once its response is over (sent, or cut short); the
 * request context's own timing and listener serve it, so observing costs a request little more.
 */
export interface RequestObserver {
  requestArrived(): void;
  requestClosed(ctx: Context, elapsedMs: number): void;
}
