import type { Context } from 'koa';
import { lingerBeforeClosing } from '../body/lingering-close.js';
import type { HeaderEntry } from '@petstore/http/response/header-entry.js';
import { sendJson } from '../response/json-response.js';
import { addResponseHeaders, responseHeader } from '../response/response-headers.js';

/**
 * Writes an answer of the Koa app, the contract's or an error's, with its own headers after those gathered; one
 * that ends its connection before the request's body was read reads on a while, so its client can read it.
 */
export function sendAnswer(ctx: Context, status: number, body: object, headers: readonly HeaderEntry[]): void {
  addResponseHeaders(ctx, ...headers);
  if (responseHeader(ctx, 'Connection') === 'close') lingerBeforeClosing(ctx.req);
  sendJson(ctx, body, status);
}
