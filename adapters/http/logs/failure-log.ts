import type { ApiError } from '../errors/api-error.js';
import { reportOf } from '../errors/api-error-of.js';
import type { HttpLogger } from './http-logger.js';

/**
 * Logs what an operator is told of an error a request met (reportOf) on the request's logger, asked for only
 * then; says whether it is a failure the request's span records (an outage or a fault; a full id space is a
 * state of the storage, not a failure).
 */
export function logFailure(
  error: unknown,
  answered: ApiError,
  logOf: () => HttpLogger | undefined,
  where: { readonly method: string; readonly path: string },
): boolean {
  const said = reportOf(error, answered);
  if (said === undefined) return false;
  const logger = logOf();
  if (said.message === 'storage unavailable') logger?.warn({ ...where, cause: said.cause }, said.message);
  else if (said.message === 'no pet id left') logger?.warn(where, said.message);
  else logger?.error({ err: error, ...where }, said.message);
  return said.message !== 'no pet id left';
}
