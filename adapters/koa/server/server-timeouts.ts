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

/**
 * How often the server looks for requests past their timeouts. Node looks on an interval, 30 s unless
 * told otherwise, so a client trickling its headers kept its socket up to 30 s past the 10 s; looked
 * for this often, it is answered within a second of them. Each look walks only the connections that
 * have a request under way.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 500;
