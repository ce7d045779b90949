import helmet from 'helmet';
import type { Middleware } from 'koa';

/**
 * helmet's vetted set on every response (nosniff, frame denial, HSTS, no X-Powered-By, ...),
 * with one Content-Security-Policy that suits both JSON answers and the docs page: that page's
 * scripts and styles are all served from here, and its "Try it out" may call `apiOrigins`.
 * Answers are per-request data, so none is stored by a cache unless a route says otherwise.
 */
export function securityHeaders({ apiOrigins }: { apiOrigins: readonly string[] }): Middleware {
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Swagger UI sets style attributes from its scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...apiOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
  });
  return function setSecurityHeaders(ctx, next) {
    // helmet's middleware only sets headers and calls back at once; it has nothing to fail on.
    setHelmetHeaders(ctx.req, ctx.res, () => undefined);
    ctx.set('Cache-Control', 'no-store');
    return next();
  };
}
