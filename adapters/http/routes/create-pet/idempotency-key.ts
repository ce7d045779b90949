import type { Context } from 'koa';
import { IDEMPOTENCY_KEY_HEADER } from '../../request/header-names.js';

/**
 * The request's idempotency key as sent, or undefined when it has none; an empty header is a key
 * (an invalid one). Sent twice, Node joins the values with ", ", which no valid key contains,
 * so two keys are refused, never one of them guessed at.
 */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  // Node gives an array only for Set-Cookie; any other field is one string, or absent.
  return ctx.req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] as string | undefined;
}
