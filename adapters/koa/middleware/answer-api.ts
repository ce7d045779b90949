import type { Context, Middleware } from 'koa';
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../body/request-body.js';
import type { ApiContract } from '@petstore/http/contract/api-contract.js';
import { markReplayed } from '../request/replay-state.js';
import { requestLogger } from '../request/request-logger.js';
import { markRateLimited, recordRequestFailure } from '../request/request-span.js';
import { requestStateOf } from '../request/request-state.js';
import { addResponseHeaders } from '../response/response-headers.js';
import { isUnderApi } from '@petstore/http/routing/api-paths.js';
import { recordRoute } from '../routing/operation-of.js';
import { sendAnswer } from './send-answer.js';

/**
 * The Koa binding of the API's contract: every request under /v1 is answered by the contract (its key,
 * rate, route and operation), after the middleware that gives every response its id, its security
 * headers and CORS, and refuses what the server must (a method implemented nowhere, a path in another
 * spelling). The body is read off the socket as the server reads one (100 Continue, a body cut short);
 * an answer with a body is written by the one JSON writer, and the request's state, span and metrics
 * are told of it.
 */
export function answerApi(
  contract: Pick<ApiContract, 'answerUnderApi'>,
  { onRateLimited }: { onRateLimited: (ctx: Context) => void },
): Middleware {
  return async function answerApiRequest(ctx, next) {
    if (!isUnderApi(ctx.path)) {
      await next();
      return;
    }
    const state = requestStateOf(ctx);
    const answer = await contract.answerUnderApi(
      {
        method: ctx.method,
        target: ctx.url,
        header: (name) => headerOf(ctx.req, name),
        clientAddress: state.clientAddress,
        body: ctx.req,
        readBody: (limitBytes) => readRequestBody(ctx, limitBytes),
      },
      {
        path: ctx.path,
        search: ctx.querystring,
        log: () => requestLogger(ctx),
        routed: (found) => {
          recordRoute(ctx, found);
        },
      },
    );
    state.client = answer.client;
    if (answer.rateLimited) {
      onRateLimited(ctx);
      markRateLimited(ctx);
    }
    if (answer.replayed) markReplayed(ctx);
    if (answer.failure !== undefined) recordRequestFailure(ctx, answer.failure);
    // A 204, to an OPTIONS or an operation's success without a body: Koa writes it, with the headers gathered.
    if (answer.body === undefined) {
      addResponseHeaders(ctx, ...answer.headers);
      ctx.status = answer.status;
      return;
    }
    sendAnswer(ctx, answer.status, answer.body, answer.headers);
  };
}

/** A header as Node parsed it: one string, or absent (Node gives an array only for Set-Cookie). */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  return request.headers[name] as string | undefined;
}
