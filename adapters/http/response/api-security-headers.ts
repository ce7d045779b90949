import type { HeaderEntry } from './header-entry.js';

/** A year of HTTPS only, for this host and its subdomains (browsers ignore it over plain HTTP). */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

/**
 * OWASP's headers for API responses: no sniffing, framing or caching of JSON, HTTPS only. The ones
 * meant for HTML are left to the docs page: on JSON they guard nothing.
 */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': `max-age=${HSTS.maxAge}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};
export const API_SECURITY_HEADER_ENTRIES: readonly HeaderEntry[] = Object.entries(API_SECURITY_HEADERS);
