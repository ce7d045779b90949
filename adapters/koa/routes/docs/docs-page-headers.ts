import helmet from 'helmet';
import type { Middleware } from 'koa';
import { HSTS } from '@petstore/http/response/api-security-headers.js';

/**
 * helmet's vetted set for HTML (cross-origin isolation, referrer policy, ...) on the docs page
 * and its assets, with a Content-Security-Policy that allows that page what it needs: its scripts
 * and styles, all served from here, and "Try it out" calls to `apiOrigins`.
 */
export function docsPageSecurityHeaders({ apiOrigins }: { apiOrigins: readonly string[] }): Middleware {
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
    strictTransportSecurity: HSTS,
    xFrameOptions: { action: 'deny' },
  });
  return function setDocsPageSecurityHeaders(ctx, next) {
    // helmet's middleware only sets headers and calls back at once; it has nothing to fail on.
    setHelmetHeaders(ctx.req, ctx.res, () => undefined);
    return next();
  };
}
