import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '@petstore/http/errors/api-error.js';
import { bodyTooLarge } from '@petstore/http/body/content-encoding.js';
import { waitsForContinue } from '@petstore/http/request/expect-continue.js';
import { logConnectionFailure } from '../request/request-logger.js';

/**
 * A Node request's body off its socket, at most `limitBytes` of it (raw-body checks Content-Length first):
 * a client waiting for 100 Continue is told to send only now, past the key check and the headers' checks; a
 * body refused part-way closes the connection after the response instead of stalling it.
 */
export async function readRequestBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  if (waitsForContinue(ctx.req)) ctx.res.writeContinue();
  try {
    return await getRawBody(ctx.req, { limit: limitBytes, length: ctx.get('Content-Length') || null });
  } catch (error) {
    // The rest of the body is not read: the connection closes after the response instead of stalling.
    const closing = { headers: { Connection: 'close' } };
    const { type } = error as { type?: string };
    if (type === 'entity.too.large') {
      throw bodyTooLarge(limitBytes, closing);
    }
    // The client's connection failed while it sent the body: nobody will read a response. (Node's
    // parser already holds the body to its Content-Length, so a body cut short arrives as this too.)
    if (type === 'request.aborted') {
      logConnectionFailure(ctx, error as Error);
      throw new ApiError('bad_request', 'The connection failed while the request body was sent', closing);
    }
    throw error;
  }
}
