import {
  DomainError,
  PetIdsExhausted,
  StorageUnavailable,
  type DomainErrorCode,
  type RuleViolation,
} from '@petstore/core/errors.js';
import { ApiError } from './api-error.js';
import type { ErrorCode } from './error-codes.js';

const INTERNAL_ERROR_MESSAGE = 'The server could not complete the request';

/** Whatever was thrown while a request was served, as the error its client is answered with. */
export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return new ApiError('internal_error', INTERNAL_ERROR_MESSAGE);
}

/** What an operator is told of an error a request met, if anything: an outage, a full id space, or a fault. */
export type ErrorReport =
  | { readonly level: 'warn'; readonly message: 'storage unavailable'; readonly cause: string | undefined }
  | { readonly level: 'warn'; readonly message: 'no pet id left' }
  | { readonly level: 'error'; readonly message: 'request failed' };

/**
 * An outage is the world's doing, not a bug: one warning naming its cause, no stack. A state of the storage an
 * operator must act on (its alert says how) is one warning too. Any other 5xx is a fault, logged with its stack;
 * what the client did wrong is not logged beyond the access line.
 */
export function reportOf(error: unknown, answered: ApiError): ErrorReport | undefined {
  if (error instanceof StorageUnavailable)
    return { level: 'warn', message: 'storage unavailable', cause: causeOf(error) };
  if (error instanceof PetIdsExhausted) return { level: 'warn', message: 'no pet id left' };
  if (answered.status >= 500 && !(error instanceof ApiError)) return { level: 'error', message: 'request failed' };
  return undefined;
}

/** What failed, by the error's class and message: enough to tell a timeout from a refused connection. */
function causeOf({ cause }: StorageUnavailable): string | undefined {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : undefined;
}

/** Domain codes that are API codes too: answered as such with the error's message, unless a row says more. */
type SharedCode = Extract<DomainErrorCode, ErrorCode>;
type Answer = (error: DomainError) => ApiError;

/**
 * The one table from domain error codes to API errors, for the codes answered otherwise than as
 * themselves; a domain code that is no API code and has no row does not compile.
 */
const DOMAIN_ERRORS: { readonly [Code in Exclude<DomainErrorCode, SharedCode>]: Answer } & {
  readonly [Code in SharedCode]?: Answer;
} = {
  pet_not_found: (error) => new ApiError('not_found', error.message),
  invalid_pet: ruleViolation('invalid_body', 'request body'),
  invalid_page_query: ruleViolation('invalid_query', 'query parameter'),
  storage_unavailable: () =>
    ApiError.retryLater('service_unavailable', 'The service is temporarily unavailable; retry later'),
  idempotency_key_in_use: (error) => ApiError.retryLater('idempotency_key_in_use', error.message),
};

function fromDomainError(error: DomainError): ApiError {
  const answer: Answer | undefined = (DOMAIN_ERRORS as Partial<Record<DomainErrorCode, Answer>>)[error.code];
  return answer === undefined ? new ApiError(error.code as SharedCode, error.message) : answer(error);
}

/** For the codes of RuleViolation subclasses, which name the offending `field`. */
function ruleViolation(code: ErrorCode, what: string): (error: DomainError) => ApiError {
  return (error) => {
    const { field, message } = error as DomainError & Pick<RuleViolation, 'field'>;
    return new ApiError(code, `Invalid ${what}: ${message}`, { details: [{ path: field, message }] });
  };
}
