import {
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { StorageUnavailable } from '../../../core/errors.js';

/** Server codes that mean "this node cannot serve now" (stepping down, shutting down, recovering). */
const TRANSIENT_SERVER_CODES = new Set<unknown>([91, 189, 10107, 11600, 11602, 13435, 13436]);

/** Whether a driver error means the database is out of reach (503), as opposed to a bug (500). */
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
  return error instanceof MongoError && TRANSIENT_SERVER_CODES.has(error.code);
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
