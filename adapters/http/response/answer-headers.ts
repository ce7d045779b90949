import type { Context } from 'koa';

/** A header as Node's `writeHead` takes it in a list. */
export type HeaderEntry = [name: string, value: string];

/**
 * A request's answer headers, held until the answer is written: a JSON answer sends them with its
 * status line in one `writeHead`, which costs Node far less than a `setHeader` each (see
 * docs/performance.md).
 */
const HELD = Symbol('answer headers');

interface HoldingContext extends Context {
  [HELD]: HeaderEntry[];
}

/** The answer's first headers; the request context, first in the chain, holds them. */
export function startAnswerHeaders(ctx: Context, ...entries: readonly HeaderEntry[]): void {
  (ctx as HoldingContext)[HELD] = [...entries];
}

/** Adds headers to the answer. */
export function holdHeaders(ctx: Context, ...entries: readonly HeaderEntry[]): void {
  (ctx as HoldingContext)[HELD].push(...entries);
}

/** The headers held so far, for the answer's writer. */
export function heldHeaders(ctx: Context): readonly HeaderEntry[] {
  return (ctx as HoldingContext)[HELD];
}

/** The answer's `name` header: as held, or as a library set it on the response; undefined if neither. */
export function answerHeader(ctx: Context, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = heldHeaders(ctx).find(([heldName]) => heldName.toLowerCase() === wanted);
  if (entry !== undefined) return entry[1];
  const set = ctx.res.getHeader(name);
  return set === undefined ? undefined : String(set);
}

/**
 * For an answer Koa writes (the docs page, probes, OPTIONS): the held headers go on the response,
 * save those a route or library has set there itself, which are the more specific.
 */
export function releaseHeldHeaders(ctx: Context): void {
  for (const [name, value] of heldHeaders(ctx)) {
    if (!ctx.res.hasHeader(name)) ctx.res.setHeader(name, value);
  }
}
