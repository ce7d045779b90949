import helmet from 'helmet';
import type { Middleware } from 'koa';
import { holdHeaders, type HeaderEntry } from '../response/answer-headers.js';

/** A year of HTTPS only, for this host and its subdomains (browsers ignore it over plain HTTP). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

/**
 * OWASP's headers for API responses: no sniffing, framing or caching of JSON, HTTPS only. The ones
 * meant for HTML are left to the docs page (`docsPageSecurityHeaders`): on JSON they guard nothing.
 */
const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': `max-age=${HSTS.maxAge}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};
export const API_RESPONSE_HEADER_ENTRIES: readonly HeaderEntry[] = Object.entries(API_RESPONSE_HEADERS);

export function apiSecurityHeaders(): Middleware {
  return function setApiSecurityHeaders(ctx, next) {
    holdHeaders(ctx, ...API_RESPONSE_HEADER_ENTRIES);
    return next();
  };
}

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
