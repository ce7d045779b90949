import type { Authenticator } from '@petstore/core/ports.js';
import { parse as parseQuery } from 'node:querystring';
import { jsonOfBody } from '../body/json-text.js';
import { apiErrorOf } from '../errors/api-error-of.js';
import { methodNotAllowed, noResourceHere } from '../errors/method-errors.js';
import { logFailure } from '../logs/failure-log.js';
import type { HttpLogger } from '../logs/http-logger.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { identifyCaller } from '../request/caller.js';
import type { ApiOperation, HeaderEntry, OperationAnswer, OperationRequest } from '../routing/api-operation.js';
import { API_BASE_PATH } from '../routing/api-paths.js';
import type { OperationDependencies } from './api-operations.js';
import { bodyBytes } from './body-bytes.js';
import { contractRouter } from './contract-routes.js';
import type { HostRequest } from './host-request.js';

/** What the contract answers a request under /v1 with, and what the host may want to know of it. */
export interface ApiAnswer {
  readonly status: number;
  /** Its own headers, in order: the rate's, the operation's, then the answer's or the error's (`Allow` among them). */
  readonly headers: readonly HeaderEntry[];
  /** Sent as JSON; undefined for a 204: the answer to an OPTIONS, or an operation's success without a body. */
  readonly body: object | undefined;
  /** The operation the request asked for, once its key was looked at (401 and 429 included); undefined when none. */
  readonly operationId: string | undefined;
  /** The path of the operation that ran (`/v1/pets/{petId}`), whatever it answered; undefined when none ran. */
  readonly route: string | undefined;
  /** Whose key let it in; undefined when none did. */
  readonly client: string | undefined;
  readonly replayed: boolean;
  readonly rateLimited: boolean;
  /** The error behind an answer an operator is told of as a failure (an outage, a fault); for the host's span. */
  readonly failure?: unknown;
}

/** How the answerer reaches what it needs beyond the request: where to log, read lazily. */
export interface AnswerContext {
  /** The path, as sent. */
  readonly path: string;
  /** The query, as sent, without its `?`. */
  readonly search: string;
  /** The logger of this request: asked for only when there is something to log. */
  readonly log: () => HttpLogger | undefined;
  /**
   * Told, as soon as it is known, which operation the request asks for (before its key is looked at), and then
   * the route that runs it: a host that counts or traces a request that is cut short still knows both.
   */
  readonly routed?: ((found: { readonly operationId: string; readonly route?: string }) => void) | undefined;
}

export interface ApiAnswererOptions extends OperationDependencies {
  readonly authenticator: Authenticator;
  readonly bodyLimitBytes: number;
  readonly limit: RateLimiter | undefined;
  readonly operations: readonly ApiOperation<OperationDependencies>[];
}

/** An operation as the answerer routes it. */
interface Routed {
  readonly operation: ApiOperation<OperationDependencies>;
  readonly answer: (request: OperationRequest) => Promise<OperationAnswer>;
}

/**
 * The API under /v1, for every host alike: whose key it is, the rate (a request without a valid key
 * by its address), then the key's refusal, so that a flood of bad keys is limited like any other; then
 * the route (404, 405 with `Allow`, OPTIONS) and the operation, which reads a body only when it takes
 * one. Every error is answered here, in the API's shape; nothing is thrown.
 */
export function apiAnswerer(options: ApiAnswererOptions) {
  const { authenticator, limit, bodyLimitBytes } = options;
  const match = contractRouter<Routed>(
    options.operations.map((operation) => ({
      method: operation.method,
      path: `${API_BASE_PATH}${operation.path}`,
      handler: { operation, answer: operation.answer(options) },
    })),
  );

  return async function answerApi(
    request: HostRequest,
    { path, search, log, routed }: AnswerContext,
  ): Promise<ApiAnswer> {
    const { method } = request;
    const headers: HeaderEntry[] = [];
    const found = match(method, path);
    const operationId = found.kind === 'route' ? found.route.handler.operation.operationId : undefined;
    if (operationId !== undefined) routed?.({ operationId });
    let client: string | undefined;
    let route: string | undefined;
    let rateLimited = false;
    try {
      const caller = await identifyCaller(authenticator, request.header('authorization') ?? '');
      if (limit !== undefined) {
        const standing = await limit('client' in caller ? caller.client : undefined, request.clientAddress);
        headers.push(...standing.headers);
        rateLimited = standing.refusal !== undefined;
        if (standing.refusal !== undefined) throw standing.refusal;
      }
      if ('refusal' in caller) throw caller.refusal;
      client = caller.client;
      if (found.kind === 'no route') throw noResourceHere();
      if (found.kind === 'method not allowed') {
        headers.push(['Allow', found.allow]);
        throw methodNotAllowed(method, found.allow);
      }
      if (found.kind === 'options') {
        headers.push(['Allow', found.allow]);
        return { status: 204, headers, body: undefined, operationId, route, client, replayed: false, rateLimited };
      }
      const { operation, answer } = found.route.handler;
      route = found.route.path;
      routed?.({ operationId: operation.operationId, route });
      headers.push(...(operation.headers ?? []));
      const answered = await answer(operationRequest(request, operation, { params: found.params, search, client }));
      headers.push(...(answered.headers ?? []));
      return {
        status: answered.status,
        headers,
        body: answered.body,
        operationId,
        route,
        client,
        replayed: answered.replayed === true,
        rateLimited,
      };
    } catch (error) {
      const apiError = apiErrorOf(error);
      const failure = logFailure(error, apiError, log, { method, path });
      headers.push(...Object.entries(apiError.options.headers ?? {}));
      const answer = { status: apiError.status, headers, body: apiError.toBody(), operationId, route, client };
      return { ...answer, replayed: false, rateLimited, ...(failure ? { failure: error } : {}) };
    }
  };

  /** The request as an operation reads it; the body read only if the operation asks, through the host's reader. */
  function operationRequest(
    request: HostRequest,
    { takesBody }: ApiOperation<OperationDependencies>,
    { params, search, client }: { params: Record<string, string>; search: string; client: string },
  ): OperationRequest {
    return {
      params,
      query: parseQuery(search),
      header: (name) => request.header(name.toLowerCase()),
      client,
      readJsonBody: () => {
        if (takesBody !== true) throw new Error('readJsonBody asked by an operation that takes no body');
        const read = () =>
          request.readBody?.(bodyLimitBytes) ??
          bodyBytes(request.body, { contentLength: request.header('content-length'), limitBytes: bodyLimitBytes });
        const bodyHeaders = {
          contentType: request.header('content-type') ?? '',
          contentEncoding: request.header('content-encoding') ?? '',
        };
        return jsonOfBody(bodyHeaders, read, bodyLimitBytes);
      },
    };
  }
}
