import type { Context, Middleware } from 'koa';
import { DomainError, RuleViolation } from '../../core/errors.js';
import { ApiError, type ErrorCode } from './api-error.js';

/** The slice of a logger the HTTP adapter needs; pino's logger fits it. */
export interface HttpLogger {
  error(details: object, message: string): void;
}

/**
 * First in the chain: every error, whoever raised it, leaves as the Error body.
 * Requests nothing answered (no route, wrong method) become errors here too.
 */
export function errorHandler(logger: HttpLogger): Middleware {
  return async function renderErrors(ctx, next) {
    try {
      await next();
      const unanswered = unansweredRequestError(ctx);
      if (unanswered) throw unanswered;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status >= 500 && !(error instanceof ApiError)) {
        logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      }
      for (const [name, value] of Object.entries(apiError.options.headers ?? {})) ctx.set(name, value);
      ctx.status = apiError.status;
      ctx.body = apiError.toBody();
    }
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return new ApiError('internal_error', 'The server could not complete the request', { cause: error });
}

/** The one table from domain error codes to API errors. */
const DOMAIN_ERRORS: Record<string, (error: DomainError) => ApiError> = {
  pet_not_found: (error) => new ApiError('not_found', error.message),
  invalid_pet: (error) => ruleViolation('invalid_body', 'request body', error),
  invalid_page_query: (error) => ruleViolation('invalid_query', 'query parameter', error),
  storage_unavailable: () =>
    new ApiError('service_unavailable', 'The service is temporarily unavailable; retry later', {
      headers: { 'Retry-After': '1' },
    }),
};

function fromDomainError(error: DomainError): ApiError {
  const map = DOMAIN_ERRORS[error.code];
  return map ? map(error) : new ApiError('internal_error', 'The server could not complete the request', { cause: error });
}

function ruleViolation(code: ErrorCode, what: string, error: DomainError): ApiError {
  const field = error instanceof RuleViolation ? error.field : '';
  return new ApiError(code, `Invalid ${what}: ${error.message}`, { details: [{ path: field, message: error.message }] });
}

/** The router leaves 404/405/501 with no body; they are errors like any other. */
function unansweredRequestError(ctx: Context): ApiError | undefined {
  if (ctx.body !== undefined && ctx.body !== null) return undefined;
  const allow = ctx.response.get('Allow');
  if ((ctx.status === 405 || ctx.status === 501) && allow !== '') {
    return new ApiError('method_not_allowed', `${ctx.method} is not allowed here; allowed: ${allow}`, {
      headers: { Allow: allow },
    });
  }
  if (ctx.status === 404 || ctx.status === 501) {
    return new ApiError('not_found', 'No resource at this path');
  }
  return undefined;
}
