import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { TypeIs } from 'type-is';
import { ApiError } from './api-error.js';

const JSON_MEDIA_TYPE = new TypeIs(['application/json']);

/**
 * Reads a JSON request body into ctx.request.body. koa-bodyparser on its own lets
 * through what this API must refuse: any content type parses as `{}`, and an empty
 * body too; those are decided here. Its errors become API errors at the source.
 */
export function jsonBody({ limitBytes }: { limitBytes: number }): Middleware[] {
  const options: bodyParser.Options & { onProtoPoisoning: 'ignore' } = {
    enableTypes: ['json'],
    jsonLimit: `${limitBytes}b`,
    // Any JSON value is parsed; the body schema then says precisely why a non-object is refused.
    strict: false,
    // A "__proto__" key stays an ordinary own property, so the schema rejects it as an unknown field.
    onProtoPoisoning: 'ignore',
    onerror: (error) => {
      throw parserError(error, limitBytes);
    },
  };
  return [requireJsonContentType, bodyParser(options), requireNonEmptyBody];
}

const requireJsonContentType: Middleware = async (ctx, next) => {
  if (JSON_MEDIA_TYPE.is(ctx.get('Content-Type')) === undefined) {
    throw new ApiError('unsupported_media_type', 'The request body must be application/json');
  }
  await next();
};

const requireNonEmptyBody: Middleware = async (ctx, next) => {
  // koa-bodyparser keeps the text of every JSON body it parsed as rawBody. A body of only
  // white space is not empty: it fails to parse as JSON before reaching this check.
  if (ctx.request.rawBody === '') {
    throw new ApiError('invalid_json', 'The request body is empty; send a JSON object');
  }
  await next();
};

/** Statuses raw-body and co-body give their errors; anything else is a bug and stays one. */
export function parserError(error: Error & { status?: number }, limitBytes: number): Error {
  switch (error.status) {
    case 413:
      return new ApiError('payload_too_large', `The request body exceeds ${limitBytes} bytes`);
    case 415:
      return new ApiError('unsupported_media_type', 'The request body encoding or charset is not supported');
    case 400:
      return new ApiError('invalid_json', 'The request body is not valid JSON');
    default:
      return error;
  }
}
