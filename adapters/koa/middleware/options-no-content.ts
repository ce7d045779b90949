import type { Middleware } from 'koa';

/**
 * The router responds to OPTIONS with an empty 200 and `Allow`; an empty response is a 204. Mounted
 * between the routes and allowedMethods, it sees only what no route served, where a 200 can
 * only be that OPTIONS response (anything else is left 404, 405 or 501).
 */
export const optionsWithNoContent: Middleware = async (ctx, next) => {
  await next();
  if (ctx.status === 200) ctx.status = 204;
};
