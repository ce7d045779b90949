import type { Middleware } from 'koa';
import { API_SECURITY_HEADER_ENTRIES } from '@petstore/http/response/api-security-headers.js';
import { addResponseHeaders } from '../response/response-headers.js';

/** Every response carries the API's security headers, errors and all (the docs page adds its own). */
export function apiSecurityHeaders(): Middleware {
  return function setApiSecurityHeaders(ctx, next) {
    addResponseHeaders(ctx, ...API_SECURITY_HEADER_ENTRIES);
    return next();
  };
}
