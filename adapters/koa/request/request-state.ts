import type { Span } from '@opentelemetry/api';
import type { Context } from 'koa';
import type { HttpLogger, TraceIds } from '@petstore/http/logs/http-logger.js';

/**
 * What the service keeps of a request while it serves it, all in one object: the request context,
 * the outermost middleware, makes it before anything else runs, and the rest reads and adds to it
 * through `requestStateOf`. Which route served the request is the router's own record (operation-of.ts).
 */
export interface RequestState {
  /** The client's X-Request-Id when it is sane, else one made here: sent back, and on every log line. */
  readonly requestId: string;
  /** Whom the request is from: its peer, or behind trusted proxies the client they forwarded for. */
  readonly clientAddress: string;
  /** When it arrived, on `performance.now()`'s clock. */
  readonly arrivedAt: number;
  /** The service's logger, which the request's own is bound from. */
  readonly logger: HttpLogger;
  /** The response's headers in order, until its writer sends them (response-headers.ts). */
  readonly responseHeaders: [name: string, value: string][];
  /** Bound to the request's id and trace on first use: most requests log only their access line. */
  requestLogger: HttpLogger | undefined;
  /** A traced request's span; undefined when tracing is off. */
  span: Span | undefined;
  /** A traced request's place in its trace; undefined when it is not traced, or its ids identify nothing. */
  traceIds: TraceIds | undefined;
  /** Whose key let it in (with this service's keys, the key's SHA-256 digest); undefined until one does. */
  client: string | undefined;
  /** Whether it was answered with the kept response of an earlier request (an idempotent replay). */
  replayed: boolean;
}

/** What a request's state starts from; the rest is learnt as it is served. */
export type ArrivedRequest = Pick<
  RequestState,
  'requestId' | 'clientAddress' | 'arrivedAt' | 'logger' | 'responseHeaders'
>;

/** The key of the state on `ctx.state`: this module's own, so the functions below are the one way in. */
const REQUEST_STATE = Symbol('request state');

declare module 'koa' {
  interface DefaultState {
    [REQUEST_STATE]: RequestState;
  }
}

/** Gives the request its state; the request context does it first, before any other middleware runs. */
export function startRequestState(
  ctx: Context,
  { requestId, clientAddress, arrivedAt, logger, responseHeaders }: ArrivedRequest,
): RequestState {
  // Every field set from the start: each request's state has the one shape.
  const state: RequestState = {
    requestId,
    clientAddress,
    arrivedAt,
    logger,
    responseHeaders,
    requestLogger: undefined,
    span: undefined,
    traceIds: undefined,
    client: undefined,
    replayed: false,
  };
  ctx.state[REQUEST_STATE] = state;
  return state;
}

/** The request's state, as the request context started it and what has been added since. */
export function requestStateOf(ctx: Context): RequestState {
  return ctx.state[REQUEST_STATE];
}
