import {
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { StorageUnavailable } from '../../../core/errors.js';

/** Server codes that mean "this node cannot serve now" (stepping down, shutting down, recovering). */
const TRANSIENT_SERVER_CODES = new Set<unknown>([91, 189, 10107, 11600, 11602, 13435, 13436]);

/**
 * Codes Node gives errors of a connection that could not be made or broke: socket and libuv
 * errors, DNS failures (the `node:dns` codes and getaddrinfo's), and Node's own socket and stream
 * errors. The driver usually wraps these in a MongoNetworkError, but not always: a write to a
 * socket the server has just closed can surface as the bare EPIPE.
 */
const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  // Sockets (libuv, Node's "common system errors").
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN',
  'ENETUNREACH', 'ENETDOWN', 'ENETRESET', 'ENOTCONN', 'ESHUTDOWN', 'EADDRNOTAVAIL', 'EPROTO', 'ECANCELED',
  // Name resolution: getaddrinfo and the c-ares codes `node:dns` documents.
  'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA',
  'ENODATA', 'EFORMERR', 'ESERVFAIL', 'ENOTIMP', 'EREFUSED', 'EBADQUERY', 'EBADNAME', 'EBADFAMILY',
  'EBADRESP', 'ETIMEOUT', 'EOF', 'EFILE', 'ENOMEM', 'EDESTRUCTION', 'EBADSTR', 'EBADFLAGS', 'ENONAME',
  'EBADHINTS', 'ENOTINITIALIZED', 'ELOADIPHLPAPI', 'EADDRGETNETWORKPARAMS', 'ECANCELLED',
  // Node's own errors for sockets and the streams over them.
  'ERR_SOCKET_CLOSED', 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION', 'ERR_SOCKET_CONNECTION_TIMEOUT',
  'ERR_STREAM_DESTROYED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_WRITE_AFTER_END',
]);

/** How deep a chain of `cause`s is followed: wrappers nest a few levels, never more. */
const MAX_CAUSE_DEPTH = 5;

/** Whether an error, or one it was caused by, is a connection that could not be made or broke. */
function isNetworkFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/** Whether a storage error means the database is out of reach (503), as opposed to a bug (500). */
export function isStorageUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError
  ) {
    return true;
  }
  return (error instanceof MongoError && TRANSIENT_SERVER_CODES.has(error.code)) || isNetworkFailure(error);
}

/** E11000: a write that a unique index refused, because a document with that key exists. */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

/** Runs a storage call, turning "database out of reach" into the domain's StorageUnavailable. */
export async function translateStorageErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isStorageUnavailable(error)) throw new StorageUnavailable({ cause: error });
    throw error;
  }
}
