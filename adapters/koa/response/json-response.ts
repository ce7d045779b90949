import { STATUS_CODES } from 'node:http';
import type { Context } from 'koa';
import { requestStateOf } from '../request/request-state.js';
import { JSON_CONTENT_TYPE } from '@petstore/http/response/header-entry.js';

/**
 * The one writer of JSON bodies, answers and errors alike: sends `value` with the response headers,
 * written here in one go rather than by Koa, whose response handling sets each header and looks the
 * content type up again on every response (docs/design.md says why this bypasses it). Node leaves
 * the body out of a response to HEAD and keeps its length.
 */
export function sendJson(ctx: Context, value: object, status = 200): void {
  const json = JSON.stringify(value);
  // Flat, names and values alternating: the one list form Node also merges with headers a library set before.
  const headers = ['Content-Type', JSON_CONTENT_TYPE, 'Content-Length', String(Buffer.byteLength(json))];
  for (const [name, headerValue] of requestStateOf(ctx).responseHeaders) headers.push(name, headerValue);
  ctx.respond = false;
  // The reason phrase named, not left to Node: it would take the one of a status Koa set earlier (a router's 501).
  ctx.res.writeHead(status, STATUS_CODES[status], headers);
  ctx.res.end(json);
}
