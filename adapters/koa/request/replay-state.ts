import type { Context } from 'koa';
import { requestStateOf } from './request-state.js';

/** The create route marks a request it answered with a kept response; metrics and traces are told by the mark. */
export function markReplayed(ctx: Context): void {
  requestStateOf(ctx).replayed = true;
}
