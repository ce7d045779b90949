import {
  MongoClientClosedError,
  MongoDriverError,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoStalePrimaryError,
  MongoTopologyClosedError,
} from 'mongodb';
import pTimeout, { TimeoutError } from 'p-timeout';
import { StorageUnavailable } from '@petstore/core/errors.js';

/**
 * Server codes that mean "this node cannot serve now", the driver's retryable set: host unreachable
 * or unknown (6, 7), network timeout (89), shutting down (91, 11600), stepping down or not primary
 * (189, 10107, 11602, 13435, 13436), socket exception (9001), time limit exceeded (50, 262), and a
 * write concern that timed out waiting for replicas (64).
 */
const TRANSIENT_SERVER_CODES = new Set<unknown>([
  6, 7, 50, 64, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436,
]);

/** Labels the driver puts on an error it would retry, or that made it reset or shed a connection. */
const TRANSIENT_LABELS = [
  MongoErrorLabel.RetryableWriteError,
  MongoErrorLabel.TransientTransactionError,
  MongoErrorLabel.ResetPool,
  MongoErrorLabel.PoolRequestedRetry,
  MongoErrorLabel.InterruptInUseConnections,
  MongoErrorLabel.RetryableError,
  MongoErrorLabel.SystemOverloadedError,
] as const;

/**
 * The driver's connection-pool errors it does not export, by their names: no connection came free
 * in time (the pool's wait queue, as when every connection hangs on a partitioned server), and a
 * pool closed under the call.
 */
const POOL_ERROR_NAMES: ReadonlySet<string> = new Set(['MongoWaitQueueTimeoutError', 'MongoPoolClosedError']);

/**
 * The codes of an established connection that broke. The driver wraps socket errors in a
 * MongoNetworkError, except one path: waiting for a full socket buffer to drain, where the
 * socket's own error is thrown as it is (a write to a socket the server just closed: EPIPE).
 */
const BROKEN_CONNECTION_CODES: ReadonlySet<unknown> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Whether a storage error means the database is out of reach (503), as opposed to a bug (500). */
export function isStorageUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoStalePrimaryError ||
    error instanceof TimeoutError ||
    (error instanceof MongoDriverError && POOL_ERROR_NAMES.has(error.name))
  ) {
    return true;
  }
  if (
    error instanceof MongoError &&
    (TRANSIENT_SERVER_CODES.has(error.code) || TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label)))
  ) {
    return true;
  }
  return error instanceof Error && BROKEN_CONNECTION_CODES.has((error as Error & { code?: unknown }).code);
}

/** E11000: a write that a unique index refused, because a document with that key exists. */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

/**
 * Runs a storage call, turning "database out of reach" into the domain's StorageUnavailable. With a
 * deadline, the call is given up after it: the driver's own timeouts each bound one stage (picking a
 * server, waiting for a pooled connection, the socket), and stages add up. A write given up may
 * still land; callers treat that failure as ambiguous, never as proof that nothing was written.
 */
export async function translateStorageErrors<T>(operation: () => Promise<T>, deadlineMs?: number): Promise<T> {
  try {
    return await (deadlineMs === undefined ? operation() : pTimeout(operation(), { milliseconds: deadlineMs }));
  } catch (error) {
    if (isStorageUnavailable(error)) throw new StorageUnavailable({ cause: error });
    throw error;
  }
}
