import type { HeaderEntry } from '../response/header-entry.js';

/**
 * A request as any host hands it to the contract: what its server parsed, nothing of its framework.
 * The host's server has already refused what only it can see (a malformed request line, a header
 * sent twice that HTTP allows once, a body that outlasts its timeout).
 */
export interface HostRequest {
  readonly method: string;
  /** The request target as sent: its path, then its query (`/v1/pets?limit=5`). */
  readonly target: string;
  /** A request header by its lower-case name; undefined when it was not sent. */
  header(name: string): string | undefined;
  /** Whom the request is from, as the host knows it ('' when it cannot tell): the rate of a request without a key. */
  readonly clientAddress: string;
  /**
   * The body as it arrives, or null when none came. The contract reads it only for an operation that
   * takes one, and only once the key, the rate and the headers were found good: a refused upload is
   * answered unread, and the host decides what becomes of the bytes left on its connection.
   */
  readonly body: AsyncIterable<Uint8Array> | null;
  /**
   * How the host's server reads the body itself, at most `limitBytes` of it, when it has a way of its own (a
   * client waiting for 100 Continue told to send, a body cut short answered and logged); unset: `body` is read.
   */
  readBody?(limitBytes: number): Promise<Uint8Array>;
}

/** The contract's answer: the host writes it as it is, the status, the headers in order, the body. */
export interface HostResponse {
  readonly status: number;
  readonly headers: readonly HeaderEntry[];
  /** The body, with its Content-Type and Content-Length among the headers; undefined for HEAD, 204 and 304. */
  readonly body: string | undefined;
}

/** What a host learns of each request once it is answered: for its access line and its metrics. */
export interface AnsweredRequest {
  readonly requestId: string;
  readonly method: string;
  /** The path as sent, without its query. */
  readonly path: string;
  /** The operation the request asked for, by its operationId; undefined for a probe, the document, no route. */
  readonly operationId: string | undefined;
  readonly status: number;
  /** Whose key let it in: a digest of it with this service's keys; undefined when none did. */
  readonly client: string | undefined;
  /** Whether it was answered with the kept answer to an earlier request (an idempotent replay). */
  readonly replayed: boolean;
  /** Whether the rate limit refused it. */
  readonly rateLimited: boolean;
  /** From its arrival at the contract to its answer, in milliseconds. */
  readonly durationMs: number;
}
