import type { Context } from 'koa';
import { requestStateOf } from '../request/request-state.js';
import type { HeaderEntry } from '@petstore/http/response/header-entry.js';

export type { HeaderEntry } from '@petstore/http/response/header-entry.js';

/**
 * Adds headers to the response. They are kept in a list on the request's state until the response is
 * written: sendJson sends them with its status line in one `writeHead`, which costs Node far less
 * than a `setHeader` each (see docs/performance.md). The request context starts the list.
 */
export function addResponseHeaders(ctx: Context, ...entries: readonly HeaderEntry[]): void {
  requestStateOf(ctx).responseHeaders.push(...entries);
}

/** The response's `name` header: as added here, or as a library set it on the response; undefined if neither. */
export function responseHeader(ctx: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = requestStateOf(ctx).responseHeaders.find(([added]) => added.toLowerCase() === wanted);
  if (entry !== undefined) return entry[1];
  const set = ctx.res.getHeader(name);
  return set === undefined ? undefined : String(set);
}

/**
 * For a response Koa writes (the docs page, /openapi.json, /metrics, OPTIONS): the added headers go
 * on the response, save those a route or library has set there itself, which are the more specific.
 */
export function applyResponseHeaders(ctx: Context): void {
  for (const [name, value] of requestStateOf(ctx).responseHeaders) {
    if (!ctx.res.hasHeader(name)) ctx.res.setHeader(name, value);
  }
}
