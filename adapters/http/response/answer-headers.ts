import type { Context } from 'koa';

/**
 * A request's answer headers, held as a flat list of names and values until the answer is written:
 * a JSON answer sends them with its status line in one `writeHead`, which costs Node far less than
 * a `setHeader` each (see docs/performance.md).
 */
const HELD = Symbol('answer headers');

interface HoldingContext extends Context {
  [HELD]?: string[];
}

/** Adds headers to the answer: `holdHeaders(ctx, name, value, name, value, ...)`. */
export function holdHeaders(ctx: Context, ...namesAndValues: string[]): void {
  const held = (ctx as HoldingContext)[HELD];
  if (held === undefined) (ctx as HoldingContext)[HELD] = namesAndValues;
  else held.push(...namesAndValues);
}

/** The headers held so far, names and values alternating (for the answer's writer only). */
export function heldHeaders(ctx: Context): readonly string[] {
  return (ctx as HoldingContext)[HELD] ?? [];
}

/** The answer's `name` header: as held, or as a library set it on the response; undefined if neither. */
export function answerHeader(ctx: Context, name: string): string | undefined {
  const held = heldHeaders(ctx);
  const wanted = name.toLowerCase();
  for (let index = 0; index < held.length; index += 2) {
    if (held[index]!.toLowerCase() === wanted) return held[index + 1];
  }
  const set = ctx.res.getHeader(name);
  return set === undefined ? undefined : String(set);
}

/**
 * For an answer Koa writes (the docs page, probes, OPTIONS): the held headers go on the response,
 * save those a route or library has set there itself, which are the more specific.
 */
export function releaseHeldHeaders(ctx: Context): void {
  const held = heldHeaders(ctx);
  for (let index = 0; index < held.length; index += 2) {
    if (!ctx.res.hasHeader(held[index]!)) ctx.res.setHeader(held[index]!, held[index + 1]!);
  }
}
