import type { Middleware } from 'koa';
import { isCanonicalPath, nonCanonicalPath } from '@petstore/http/routing/canonical-path.js';

export { isCanonicalPath } from '@petstore/http/routing/canonical-path.js';

/** Before the key check and routing: any other spelling of a path is a 404, whoever asks. */
export const requireCanonicalPath: Middleware = (ctx, next) => {
  if (!isCanonicalPath(ctx.path)) throw nonCanonicalPath();
  return next();
};
