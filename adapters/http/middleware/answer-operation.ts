import type { Middleware } from 'koa';
import { readJsonBody } from '../body/json-body.js';
import type { ApiOperation } from '../routing/api-operation.js';
import { markReplayed } from '../request/replay-state.js';
import { sendJson } from '../response/json-response.js';
import { addResponseHeaders } from '../response/response-headers.js';
import { authenticatedClient } from './api-key.js';

/** What the Koa app gives an operation besides its own dependencies: the most a body may hold. */
export interface KoaOperationOptions {
  /** Largest accepted request body, in bytes. */
  readonly bodyLimitBytes: number;
}

/**
 * The Koa binding of an operation: the request as the operation reads it, from Koa's context, and
 * its answer written by the one JSON writer with the headers gathered so far.
 */
export function answerOperation<Dependencies>(
  { answer, headers, takesBody }: ApiOperation<Dependencies>,
  dependencies: Dependencies,
  { bodyLimitBytes }: KoaOperationOptions,
): Middleware {
  const answerRequest = answer(dependencies);
  return async function answerWithOperation(ctx) {
    if (headers !== undefined) addResponseHeaders(ctx, ...headers);
    const answered = await answerRequest({
      params: ctx.params as Record<string, string>,
      query: ctx.query,
      // Node gives an array only for Set-Cookie; any other field is one string, or absent.
      header: (name) => ctx.req.headers[name.toLowerCase()] as string | undefined,
      client: authenticatedClient(ctx),
      readJsonBody: () => {
        if (takesBody !== true) throw new Error('readJsonBody asked by an operation that takes no body');
        return readJsonBody(ctx, bodyLimitBytes);
      },
    });
    if (answered.replayed === true) markReplayed(ctx);
    if (answered.headers !== undefined) addResponseHeaders(ctx, ...answered.headers);
    sendJson(ctx, answered.body, answered.status);
  };
}
