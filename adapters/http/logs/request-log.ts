import type { HttpLogger, TraceIds } from './http-logger.js';
import { accessLevelOf } from '../routing/probe-paths.js';

/** What the access line of a request says: one line a request, once its response is over. */
export interface AccessEntry {
  readonly requestId: string;
  /** Only for a traced request. */
  readonly traceIds: TraceIds | undefined;
  /** The client's address: the peer's, or behind trusted proxies the one they forwarded for. */
  readonly clientAddress: string;
  /** Which key was let in, by the first digits of its SHA-256 digest: never the key. Only for a request admitted. */
  readonly keyDigest: string | undefined;
  readonly method: string;
  /** The path only: a query string is the client's to fill, so it stays out of the logs. */
  readonly path: string;
  /** Before any response went out, there is no status to speak of. */
  readonly status: number | undefined;
  readonly durationMs: number;
  /** Only when the response was cut short. */
  readonly aborted: true | undefined;
  /** As the client sent it, cut to its first USER_AGENT_MAX_LENGTH characters; only when it sent one. */
  readonly userAgent: string | undefined;
}

/** Enough of a User-Agent to tell clients apart; a client may send kilobytes of it, which no line should carry. */
export const USER_AGENT_MAX_LENGTH = 256;

/** Hex digits of a key's digest on the access line: enough to tell keys apart, too few to stand for the digest. */
export const KEY_DIGEST_DIGITS = 12;

/** What a host knows of a request once its response is over, as the access line's rules take it. */
export interface AnsweredAccess extends Omit<AccessEntry, 'keyDigest' | 'durationMs' | 'aborted' | 'userAgent'> {
  /** Whose key let it in (the key's digest, with this service's keys); undefined when none did. */
  readonly client: string | undefined;
  readonly elapsedMs: number;
  readonly aborted: boolean;
  /** As the client sent it; '' or undefined when it sent none. */
  readonly userAgent: string | undefined;
}

/**
 * The access line's entry, the one home of its rules whichever host writes it: the first digits of a key's
 * digest, never the key; a User-Agent cut short; the duration to a tenth of a millisecond.
 */
export function accessEntryOf({ client, elapsedMs, aborted, userAgent, ...request }: AnsweredAccess): AccessEntry {
  return {
    ...request,
    keyDigest: client?.slice(0, KEY_DIGEST_DIGITS),
    durationMs: Math.round(elapsedMs * 10) / 10,
    aborted: aborted ? true : undefined,
    userAgent: userAgent === undefined || userAgent === '' ? undefined : userAgent.slice(0, USER_AGENT_MAX_LENGTH),
  };
}

/** Writes a request's access line; the service gives one that writes it straight to its log's stream. */
export type AccessLog = (entry: AccessEntry) => void;

/** The access line written as any other log line, a line `request` at its level (undefined fields left out). */
export function accessLogOf(logger: HttpLogger): AccessLog {
  return ({ requestId, traceIds, ...entry }) => {
    logger[accessLevelOf(entry.path, entry.status)]({ requestId, ...traceIds, ...entry }, 'request');
  };
}
