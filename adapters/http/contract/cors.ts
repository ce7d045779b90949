import { CORS_REQUEST_HEADERS } from '../request/header-names.js';
import type { HeaderEntry } from '../response/header-entry.js';
import type { HostRequest } from './host-request.js';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

/** A request's CORS headers, and whether it is a preflight, answered 204 with them before the key check. */
export interface CorsAnswer {
  readonly headers: readonly HeaderEntry[];
  readonly preflight: boolean;
}

/**
 * CORS for exactly the listed origins (scheme://host[:port]), in every host: every response varies by
 * Origin; any other origin gets no CORS headers, so its browser keeps the response from its script; a
 * preflight of a listed origin is answered before the key check,
 * since browsers never send credentials on one. `allowMethods`: the operations' methods.
 * `exposeHeaders`: every header the document promises.
 */
export function corsPolicy(
  origins: readonly string[],
  { allowMethods, exposeHeaders }: { allowMethods: readonly string[]; exposeHeaders: readonly string[] },
): (request: Pick<HostRequest, 'method' | 'header'>) => CorsAnswer {
  const allowed = new Set(origins);
  const exposed = exposeHeaders.join(',');
  return function corsOf(request) {
    const origin = request.header('origin') ?? '';
    const vary: HeaderEntry = ['Vary', 'Origin'];
    if (!allowed.has(origin)) return { headers: [vary], preflight: false };
    const allowOrigin: HeaderEntry = ['Access-Control-Allow-Origin', origin];
    if (request.method !== 'OPTIONS') {
      return { headers: [vary, allowOrigin, ['Access-Control-Expose-Headers', exposed]], preflight: false };
    }
    // An OPTIONS that asks for no method is no preflight: it is answered as any OPTIONS is.
    if (request.header('access-control-request-method') === undefined) return { headers: [vary], preflight: false };
    return {
      headers: [
        vary,
        allowOrigin,
        ['Access-Control-Max-Age', PREFLIGHT_MAX_AGE],
        ['Access-Control-Allow-Methods', allowMethods.join(',')],
        ['Access-Control-Allow-Headers', CORS_REQUEST_HEADERS.join(',')],
      ],
      preflight: true,
    };
  };
}
