import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import type { Context, Middleware } from 'koa';
import { requestStateOf } from '../request/request-state.js';
import { requestPath } from '../request/request-path.js';

/** Attributes of this service's own, beside the semantic conventions'. */
export const IDEMPOTENT_REPLAY_ATTRIBUTE = 'petstore.idempotent_replay';
export const REQUEST_ID_ATTRIBUTE = 'petstore.request_id';

/** The methods the HTTP semantic conventions name; any other is `_OTHER`, its own spelling kept apart. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'QUERY',
  'TRACE',
]);

/** What a finished request's span is named by: the operation it asked for, or else the route it took. */
export interface SpanNaming {
  /** The operationId of the API operation the request asked for; undefined for anything else. */
  operationOf(ctx: Context): string | undefined;
  /** The route template the router served it by; undefined when none did. */
  routeOf(ctx: Context): string | undefined;
}

/** The request tracing middleware, once the app knows how to name what its router served. */
export type RequestTracing = (naming: SpanNaming) => Middleware;

/**
 * A server span for each request, continuing the caller's trace when its `traceparent` is sound (a
 * malformed one starts a new trace, as the W3C propagator decides). It is the active span while
 * the request is served, so the use case and storage spans come under it, and its ids go on every
 * log line of the request. It ends when the response does, sent or cut short. What it records of
 * the request is the semantic conventions' list; never a header beyond them, never a body.
 */
export function traceRequests(tracer: Tracer): RequestTracing {
  return (naming) =>
    async function traceRequest(ctx, next) {
      const caller = propagation.extract(ROOT_CONTEXT, ctx.headers);
      // What a sampler may decide by goes in at the start; the rest only on a span that is recorded.
      const span = tracer.startSpan(
        ctx.method,
        {
          kind: SpanKind.SERVER,
          attributes: { [ATTR_HTTP_REQUEST_METHOD]: methodOf(ctx.method), [ATTR_URL_PATH]: requestPath(ctx) },
        },
        caller,
      );
      const state = requestStateOf(ctx);
      if (span.isRecording()) span.setAttributes(requestAttributes(ctx, state.requestId));
      state.span = span;
      const spanContext = span.spanContext();
      // A tracer that makes no spans (an SDK with no exporter) gives ids of zeros: they identify nothing.
      if (isSpanContextValid(spanContext))
        state.traceIds = { trace_id: spanContext.traceId, span_id: spanContext.spanId };
      ctx.res.once('close', () => {
        endRequestSpan(ctx, span, naming);
      });
      await context.with(trace.setSpan(caller, span), next);
    };
}

/** The method as the conventions record it: one they name, else `_OTHER`. */
function methodOf(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}

function requestAttributes(ctx: Context, requestId: string): Attributes {
  const { req } = ctx;
  return {
    ...(KNOWN_METHODS.has(ctx.method) ? {} : { [ATTR_HTTP_REQUEST_METHOD_ORIGINAL]: ctx.method }),
    [ATTR_URL_SCHEME]: ctx.protocol,
    [ATTR_NETWORK_PROTOCOL_VERSION]: req.httpVersion,
    [ATTR_SERVER_PORT]: req.socket.localPort,
    [ATTR_CLIENT_ADDRESS]: req.socket.remoteAddress,
    [ATTR_USER_AGENT_ORIGINAL]: req.headers['user-agent'],
    [REQUEST_ID_ATTRIBUTE]: requestId,
  };
}

function endRequestSpan(ctx: Context, span: Span, naming: SpanNaming): void {
  // A span the sampler left out is ended as it is: nothing recorded on it would go anywhere.
  if (!span.isRecording()) {
    span.end();
    return;
  }
  const route = naming.routeOf(ctx);
  span.updateName(
    naming.operationOf(ctx) ??
      [methodOf(ctx.method) === '_OTHER' ? 'HTTP' : ctx.method, route].filter((part) => part !== undefined).join(' '),
  );
  // No route, no attribute: the SDK leaves out an attribute without a value.
  span.setAttributes({ [ATTR_HTTP_ROUTE]: route });
  // A status is only sent with the headers.
  if (ctx.res.headersSent) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, ctx.res.statusCode);
  // A 4xx is the client's doing; on a server span only a 5xx is an error.
  if (ctx.res.headersSent && ctx.res.statusCode >= 500) {
    span.setAttribute(ATTR_ERROR_TYPE, String(ctx.res.statusCode));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  // Cut short, before or after its status: the client went away, or the drain ran out of time.
  if (!ctx.res.writableFinished) span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
  if (requestStateOf(ctx).replayed) span.setAttribute(IDEMPOTENT_REPLAY_ATTRIBUTE, true);
  span.end();
}
