import type { Context } from 'koa';

/** A header as Node's `writeHead` takes it in a list. */
export type HeaderEntry = [name: string, value: string];

/**
 * A request's response headers, kept in a list until the response is written: a JSON response sends
 * them with its status line in one `writeHead`, which costs Node far less than a `setHeader` each
 * (see docs/performance.md).
 */
const HEADERS = Symbol('response headers');

interface ContextWithHeaders extends Context {
  [HEADERS]: HeaderEntry[];
}

/** The response's first headers; the request context, first in the chain, starts the list. */
export function startResponseHeaders(ctx: Context, ...entries: readonly HeaderEntry[]): void {
  (ctx as ContextWithHeaders)[HEADERS] = [...entries];
}

/** Adds headers to the response. */
export function addResponseHeaders(ctx: Context, ...entries: readonly HeaderEntry[]): void {
  (ctx as ContextWithHeaders)[HEADERS].push(...entries);
}

/** The headers added so far, for the response's writer. */
export function responseHeaders(ctx: Context): readonly HeaderEntry[] {
  return (ctx as ContextWithHeaders)[HEADERS];
}

/** The response's `name` header: as added here, or as a library set it on the response; undefined if neither. */
export function responseHeader(ctx: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = responseHeaders(ctx).find(([added]) => added.toLowerCase() === wanted);
  if (entry !== undefined) return entry[1];
  const set = ctx.res.getHeader(name);
  return set === undefined ? undefined : String(set);
}

/**
 * For a response Koa writes (the docs page, probes, OPTIONS): the added headers go on the response,
 * save those a route or library has set there itself, which are the more specific.
 */
export function applyResponseHeaders(ctx: Context): void {
  for (const [name, value] of responseHeaders(ctx)) {
    if (!ctx.res.hasHeader(name)) ctx.res.setHeader(name, value);
  }
}
