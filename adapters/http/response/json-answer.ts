import type { Context } from 'koa';
import { heldHeaders } from './answer-headers.js';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers with `value` as JSON and the held headers, written here in one go rather than by Koa,
 * whose response handling sets each header and looks the content type up again on every answer.
 * Node leaves the body out of an answer to HEAD and keeps its length.
 */
export function answerJson(ctx: Context, value: object, status = 200): void {
  const json = JSON.stringify(value);
  // Flat, names and values alternating: the one list form Node also merges with headers a library set before.
  const headers = ['Content-Type', JSON_CONTENT_TYPE, 'Content-Length', String(Buffer.byteLength(json))];
  for (const [name, headerValue] of heldHeaders(ctx)) headers.push(name, headerValue);
  ctx.respond = false;
  ctx.res.writeHead(status, headers);
  ctx.res.end(json);
}
