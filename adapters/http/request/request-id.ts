/**
 * A client's id is kept when it could not confuse a log reader or a header parser:
 * UUIDs, ULIDs, W3C trace ids, AWS trace headers and the like, up to 128 characters.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9\-._~:;=+/@]{1,128}$/;

/** A request's id: the client's X-Request-Id when it is sane ('' when none came), else one made here. */
export function requestIdOf(offered: string): string {
  // The Web Crypto API's: every host's runtime has it.
  return SANE_REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
}
