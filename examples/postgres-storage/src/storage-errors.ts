import { PetIdsExhausted, StorageUnavailable } from '@petstore/core';

/**
 * SQLSTATE classes and codes that mean "the database cannot serve now": a connection that failed or
 * broke (class 08), a server shutting down or starting (57P01..57P03), too many connections (53300),
 * a statement or lock wait cut by its timeout (57014, 55P03), a read-only server (25006).
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25006']);

/** Node's codes for a socket that could not connect or broke. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);

/** What node-postgres says, without a code, of a connection it lost or could not get in time. */
const POOL_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/,
  /Cannot use a pool after calling end/,
];

/** Whether an error means the database is out of reach (503), as opposed to a bug (500). */
export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code)))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isStorageUnavailable);
  return POOL_MESSAGES.some((message) => message.test(error.message));
}

/**
 * Runs a storage call, turning "database out of reach" into StorageUnavailable. A write whose answer
 * never came may still have landed: callers treat that failure as ambiguous, never as proof that
 * nothing was written.
 */
export async function translateStorageErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStorageUnavailable(error)) throw new StorageUnavailable({ cause: error });
    // 2200H: the id sequence reached its MAXVALUE, PET_ID_MAX; the only sequence this schema has.
    if ((error as { code?: unknown }).code === '2200H') throw new PetIdsExhausted();
    throw error;
  }
}

/** 23505: a write a unique constraint refused. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}
