/**
 * How long a client may take. A client that trickles headers or a body cannot hold a socket for
 * ever, and idle keep-alive sockets outlive a typical load balancer's (60 s) by little.
 */
export interface ServerTimeouts {
  /** From the first byte of a request to the end of its headers. */
  readonly headersMs: number;
  /** From the first byte of a request to the end of its body. */
  readonly requestMs: number;
  /** How long a connection may stay idle between requests. */
  readonly keepAliveMs: number;
}

/** The service's timeouts, as docs/operations.md states them. */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 };
