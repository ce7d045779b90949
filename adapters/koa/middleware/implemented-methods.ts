import type { Middleware } from 'koa';
import { methodNotImplemented } from '@petstore/http/errors/method-errors.js';

/**
 * The one rule for a method no route serves, this half of it: a method the server implements on no
 * path (TRACE, CONNECT, PROPFIND, ...) is 501 on every path, with or without a key. A method
 * it implements elsewhere is left to the routes: 405 with `Allow` where the path exists, 404 where
 * it does not (render-errors.ts). A method Node does not know never gets here: its parser refuses it
 * with the same 501 (parser-errors.ts).
 */
export function requireImplementedMethod(implemented: readonly string[]): Middleware {
  const known: ReadonlySet<string> = new Set(implemented);
  return function refuseUnimplementedMethod(ctx, next) {
    if (!known.has(ctx.method)) throw methodNotImplemented(implemented);
    return next();
  };
}
