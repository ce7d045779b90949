import bodyParser from 'koa-bodyparser';
import type { Middleware } from 'koa';
import { TypeIs } from 'type-is';
import { ApiError } from './api-error.js';

/**
 * Reads a JSON request body into ctx.request.body. koa-bodyparser on its own lets
 * through what this API must refuse: any content type parses as `{}`, and an empty
 * body too; those are decided here. Its errors become API errors at the source.
 */
const JSON_MEDIA_TYPE = new TypeIs(['application/json']);

export function jsonBody({ limitBytes }: { limitBytes: number }): Middleware {
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
  const parse = bodyParser(options);
  return async function readJsonBody(ctx, next) {
    if (JSON_MEDIA_TYPE.is(ctx.get('Content-Type')) === undefined) {
      throw new ApiError('unsupported_media_type', 'The request body must be application/json');
    }
    await parse(ctx, () => Promise.resolve());
    if (rawText(ctx.request.rawBody).trim() === '') {
      throw new ApiError('invalid_json', 'The request body is empty; send a JSON object');
    }
    await next();
  };
}

function parserError(error: Error & { status?: number }, limitBytes: number): ApiError {
  switch (error.status) {
    case 413:
      return new ApiError('payload_too_large', `The request body exceeds ${limitBytes} bytes`, { cause: error });
    case 415:
      return new ApiError('unsupported_media_type', 'The request body encoding or charset is not supported', {
        cause: error,
      });
    case 400:
      return new ApiError('invalid_json', 'The request body is not valid JSON', {
        cause: error,
      });
    default:
      return new ApiError('internal_error', 'The server could not read the request body', { cause: error });
  }
}

/** koa-bodyparser keeps the unparsed text of a JSON body as rawBody. */
function rawText(rawBody: unknown): string {
  return typeof rawBody === 'string' ? rawBody : '';
}
