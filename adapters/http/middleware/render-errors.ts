import type { Context, Middleware } from 'koa';
import {
  DomainError,
  PetIdsExhausted,
  StorageUnavailable,
  type DomainErrorCode,
  type RuleViolation,
} from '../../../core/errors.js';
import { lingerBeforeClosing } from '../body/lingering-close.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { methodNotAllowed } from '../errors/method-errors.js';
import { sendJson } from '../response/json-response.js';
import { requestLogger } from '../logs/request-log.js';
import { recordRequestFailure } from '../request/request-span.js';
import { addResponseHeaders, responseHeader } from '../response/response-headers.js';

/**
 * Every error, whoever raised it, leaves as the Error body. It runs third, inside the request
 * context and the security headers, so that an error response still carries its request id and
 * those headers; everything that can throw runs inside it. Requests no route served (no route,
 * wrong method) become errors here too.
 */
export function renderErrors(): Middleware {
  return async function renderError(ctx, next) {
    try {
      await next();
      const unrouted = unroutedRequestError(ctx);
      if (unrouted) throw unrouted;
    } catch (error) {
      const apiError = toApiError(error);
      if (error instanceof StorageUnavailable) {
        // An outage is the world's doing, not a bug: one warning naming its cause, no stack.
        requestLogger(ctx).warn({ method: ctx.method, path: ctx.path, cause: causeOf(error) }, 'storage unavailable');
        recordRequestFailure(ctx, error);
      } else if (error instanceof PetIdsExhausted) {
        // A state of the storage an operator must act on (its alert says how), not a bug: no stack.
        requestLogger(ctx).warn({ method: ctx.method, path: ctx.path }, 'no pet id left');
      } else if (apiError.status >= 500 && !(error instanceof ApiError)) {
        requestLogger(ctx).error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
        recordRequestFailure(ctx, error);
      }
      addResponseHeaders(ctx, ...Object.entries(apiError.options.headers ?? {}));
      if (responseHeader(ctx, 'Connection') === 'close') lingerBeforeClosing(ctx.req);
      sendJson(ctx, apiError.toBody(), apiError.status);
    }
  };
}

/** What failed, by the error's class and message: enough to tell a timeout from a refused connection. */
function causeOf({ cause }: StorageUnavailable): string | undefined {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : undefined;
}

const INTERNAL_ERROR_MESSAGE = 'The server could not complete the request';

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return new ApiError('internal_error', INTERNAL_ERROR_MESSAGE);
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

/**
 * The router leaves a request it did not serve with 404 (no route at this path) or 405 (a route, not
 * this method), the latter with `Allow` set to the methods the path answers. A method no route
 * anywhere answers is refused before the routes (implemented-methods.ts).
 */
function unroutedRequestError(ctx: Context): ApiError | undefined {
  if (ctx.status === 405) return methodNotAllowed(ctx.method, ctx.response.get('Allow'));
  if (ctx.status === 404) return new ApiError('not_found', 'No resource at this path');
  return undefined;
}
