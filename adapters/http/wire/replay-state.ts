import type { Context } from 'koa';

interface ReplayState {
  idempotentReplay?: true;
}

/** The create route marks a request it answered with a kept response; metrics and traces are told by the mark. */
export function markReplayed(ctx: Context): void {
  (ctx.state as ReplayState).idempotentReplay = true;
}

/** Whether the request was answered with the kept response of an earlier one (an idempotent replay). */
export function wasReplayed(ctx: Context): boolean {
  return (ctx.state as ReplayState).idempotentReplay === true;
}
