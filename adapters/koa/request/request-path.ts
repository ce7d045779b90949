import type { Context } from 'koa';

/**
 * The path a request is logged and traced under. A CONNECT's target names a host, not a path
 * (RFC 9110 §9.3.6): Koa finds no path in it, and the target is taken whole.
 */
export function requestPath(ctx: Pick<Context, 'path' | 'url'>): string {
  // Koa's type says a string; for such a target its path is null.
  const { path, url } = ctx as { readonly path: string | null; readonly url: string };
  return path ?? url;
}
