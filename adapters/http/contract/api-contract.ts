import { Buffer } from 'node:buffer';
import { parse as parseQuery } from 'node:querystring';
import type { Authenticator, PetRepository } from '../../../core/ports.js';
import type { UseCases } from '../../../core/use-cases/use-cases.js';
import { jsonOfBody } from '../body/json-text.js';
import { ApiError } from '../errors/api-error.js';
import { apiErrorOf, reportOf } from '../errors/api-error-of.js';
import { methodNotAllowed, methodNotImplemented } from '../errors/method-errors.js';
import type { HttpLogger } from '../logs/http-logger.js';
import type { OpenApiDocument, ServerEntry } from '../openapi/document.js';
import { rateLimiter, type RateLimiter } from '../rate-limit/rate-limiter.js';
import type { RateLimitPolicy } from '../rate-limit/token-buckets.js';
import { identifyCaller } from '../request/caller.js';
import { REQUEST_ID_HEADER } from '../request/header-names.js';
import { requestIdOf } from '../request/request-id.js';
import { API_SECURITY_HEADER_ENTRIES } from '../response/api-security-headers.js';
import type { HeaderEntry } from '../response/header-entry.js';
import { JSON_CONTENT_TYPE } from '../response/header-entry.js';
import type { OperationAnswer } from '../routing/api-operation.js';
import { API_BASE_PATH, isUnderApi } from '../routing/api-paths.js';
import { isCanonicalPath, nonCanonicalPath } from '../routing/canonical-path.js';
import { LIVENESS_PATH, READINESS_PATH } from '../routing/probe-paths.js';
import { API_METHODS, API_OPERATIONS, OPERATION_METHODS, openApiDocument } from './api-operations.js';
import { bodyBytes } from './body-bytes.js';
import { contractRouter, type ContractRoute } from './contract-routes.js';
import { corsPolicy } from './cors.js';
import type { AnsweredRequest, HostRequest, HostResponse } from './host-request.js';

/** Where the OpenAPI document is served, outside /v1 and without a key. */
export const OPENAPI_PATH = '/openapi.json';

export interface ApiContractOptions {
  /** The use cases, each operation calling those it names. */
  readonly useCases: UseCases;
  readonly authenticator: Authenticator;
  /** What readiness asks. */
  readonly storage: Pick<PetRepository, 'isReachable'>;
  /** Once `begun` is true, readiness answers 503: the host is stopping. Unset: never. */
  readonly draining?: { readonly begun: boolean } | undefined;
  /** Largest accepted request body, in bytes, as sent and decompressed. */
  readonly bodyLimitBytes: number;
  /** The base addresses the OpenAPI document lists, each ending in /v1. */
  readonly servers: readonly ServerEntry[];
  /** Origins (scheme://host[:port]) whose browser scripts may call the API; none: CORS off. */
  readonly corsOrigins?: readonly string[] | undefined;
  /**
   * The rate each client is held to under /v1: a policy, kept in this process's buckets, or a limiter of the
   * host's own (one that asks a store shared by several instances, say). None: no limit.
   */
  readonly rateLimit?: RateLimitPolicy | RateLimiter | undefined;
  /** Where an outage, a full id space and a fault are logged; none: nowhere. */
  readonly logger?: HttpLogger | undefined;
  /** Told of each request once it is answered: for an access line and metrics. */
  readonly onAnswered?: ((answered: AnsweredRequest, request: HostRequest) => void) | undefined;
}

/** An operation as a host routes it: its path under the service's root, in OpenAPI's template syntax. */
export interface ContractOperation {
  readonly operationId: string;
  readonly method: string;
  /** `/v1/pets/{petId}`: a host writes its own pattern from it (`/v1/pets/:petId`). */
  readonly path: string;
}

/** The API's HTTP contract, bound to its dependencies: whatever a host receives, the answer to give. */
export interface ApiContract {
  /** Every operation of the API, in the order the document lists them. */
  readonly operations: readonly ContractOperation[];
  /** The methods the API answers on some path; any other is 501 on every path. */
  readonly methods: readonly string[];
  readonly document: OpenApiDocument;
  /** The answer to any request: an operation's, a probe's, the document's, or an error in the API's shape. */
  handle(request: HostRequest): Promise<HostResponse>;
}

/** What a route learnt of a request: its path's parameters, whose key let it in, its query as sent. */
interface RoutedRequest {
  readonly params: Record<string, string>;
  readonly client: string | undefined;
  readonly search: string;
}

/**
 * The API's HTTP contract with no web framework: every answer the service gives that does not need
 * the server's sockets, from a request's method, target, headers and body. In order, as the Koa app
 * does it: the request's id and the security headers; a method implemented nowhere (501); a path
 * not in its one spelling (404); CORS; under /v1, the key, the rate and then the key's refusal; the
 * route (404, 405 with `Allow`, OPTIONS); the operation, which reads a body only when it takes one.
 */
export function createApiContract(options: ApiContractOptions): ApiContract {
  const { authenticator, logger, onAnswered } = options;
  const document = openApiDocument(options.servers);
  const implemented: ReadonlySet<string> = new Set(API_METHODS);
  const limit = limiterOf(options.rateLimit);
  const cors =
    options.corsOrigins !== undefined && options.corsOrigins.length > 0
      ? corsPolicy(options.corsOrigins, {
          allowMethods: OPERATION_METHODS,
          exposeHeaders: Object.keys(document.components.headers),
        })
      : undefined;
  const match = contractRouter(contractRoutes(options, document));

  async function handle(request: HostRequest): Promise<HostResponse> {
    const arrivedAt = performance.now();
    const requestId = requestIdOf(request.header(REQUEST_ID_HEADER.toLowerCase()) ?? '');
    const headers: HeaderEntry[] = [[REQUEST_ID_HEADER, requestId], ...API_SECURITY_HEADER_ENTRIES];
    const { method } = request;
    const [path, search] = splitTarget(request.target);
    const told = { operationId: undefined as string | undefined, client: undefined as string | undefined };
    let replayed = false;
    let rateLimited = false;
    let response: HostResponse;
    try {
      if (!implemented.has(method)) throw methodNotImplemented(API_METHODS);
      if (!isCanonicalPath(path)) throw nonCanonicalPath();
      const corsAnswer = cors?.(request);
      if (corsAnswer !== undefined) headers.push(...corsAnswer.headers);
      if (corsAnswer?.preflight === true) {
        response = { status: 204, headers, body: undefined };
      } else {
        const found = match(method, path);
        if (isUnderApi(path)) {
          if (found.kind === 'route') told.operationId = found.route.handler.operationId;
          const caller = await identifyCaller(authenticator, request.header('authorization') ?? '');
          if (limit !== undefined) {
            const standing = await limit('client' in caller ? caller.client : undefined, request.clientAddress);
            headers.push(...standing.headers);
            rateLimited = standing.refusal !== undefined;
            if (standing.refusal !== undefined) throw standing.refusal;
          }
          if ('refusal' in caller) throw caller.refusal;
          told.client = caller.client;
        }
        if (found.kind === 'no route') throw new ApiError('not_found', 'No resource at this path');
        if (found.kind === 'method not allowed') {
          headers.push(['Allow', found.allow]);
          throw methodNotAllowed(method, found.allow);
        }
        if (found.kind === 'options') {
          response = { status: 204, headers: [...headers, ['Allow', found.allow]], body: undefined };
        } else {
          const { operationHeaders, answer } = found.route.handler;
          headers.push(...operationHeaders);
          const routed = await answer(request, { params: found.params, client: told.client, search });
          replayed = routed.replayed === true;
          headers.push(...(routed.headers ?? []));
          response = jsonResponse(routed.status, routed.body, headers, method);
        }
      }
    } catch (error) {
      const apiError = apiErrorOf(error);
      report(error, apiError, { requestId, method, path });
      headers.push(...Object.entries(apiError.options.headers ?? {}));
      response = jsonResponse(apiError.status, apiError.toBody(), headers, method);
    }
    onAnswered?.(
      {
        requestId,
        method,
        path,
        operationId: told.operationId,
        status: response.status,
        client: told.client,
        replayed,
        rateLimited,
        durationMs: performance.now() - arrivedAt,
      },
      request,
    );
    return response;
  }

  function report(error: unknown, answered: ApiError, request: { requestId: string; method: string; path: string }) {
    const said = reportOf(error, answered);
    if (said === undefined || logger === undefined) return;
    const log = logger.child({ requestId: request.requestId });
    const where = { method: request.method, path: request.path };
    if (said.message === 'storage unavailable') log.warn({ ...where, cause: said.cause }, said.message);
    else if (said.message === 'no pet id left') log.warn(where, said.message);
    else log.error({ err: error, ...where }, said.message);
  }

  return {
    operations: API_OPERATIONS.map(({ operationId, method, path }) => ({
      operationId,
      method,
      path: `${API_BASE_PATH}${path}`,
    })),
    methods: API_METHODS,
    document,
    handle,
  };
}

function limiterOf(rateLimit: RateLimitPolicy | RateLimiter | undefined): RateLimiter | undefined {
  if (rateLimit === undefined || typeof rateLimit === 'function') return rateLimit;
  return rateLimiter(rateLimit);
}

/** A request target's path and its query, without the `?`. */
function splitTarget(target: string): [path: string, search: string] {
  const mark = target.indexOf('?');
  return mark === -1 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
}

/** What each route of the contract runs, and the headers each of its responses carries, errors included. */
interface ContractHandler {
  readonly operationId: string | undefined;
  readonly operationHeaders: readonly HeaderEntry[];
  readonly answer: (request: HostRequest, routed: RoutedRequest) => Promise<OperationAnswer>;
}

/** The probes and the document, outside /v1 and without a key, then each operation under /v1. */
function contractRoutes(options: ApiContractOptions, document: OpenApiDocument): ContractRoute<ContractHandler>[] {
  const resource = (path: string, answer: () => Promise<object>): ContractRoute<ContractHandler> => ({
    method: 'GET',
    path,
    handler: {
      operationId: undefined,
      operationHeaders: [],
      answer: async () => ({ status: 200, body: await answer() }),
    },
  });
  return [
    resource(LIVENESS_PATH, () => Promise.resolve({ status: 'ok' })),
    resource(READINESS_PATH, async () => {
      if (options.draining?.begun === true)
        throw ApiError.retryLater('service_unavailable', 'The service is shutting down');
      if (!(await options.storage.isReachable())) {
        throw ApiError.retryLater('service_unavailable', 'Storage is not reachable');
      }
      return { status: 'ready' };
    }),
    resource(OPENAPI_PATH, () => Promise.resolve(document)),
    ...API_OPERATIONS.map((operation): ContractRoute<ContractHandler> => {
      const answer = operation.answer(options);
      return {
        method: operation.method,
        path: `${API_BASE_PATH}${operation.path}`,
        handler: {
          operationId: operation.operationId,
          operationHeaders: operation.headers ?? [],
          answer: (request, { params, client, search }) =>
            answer({
              params,
              query: parseQuery(search),
              header: (name) => request.header(name.toLowerCase()),
              client: client as string,
              readJsonBody: () => {
                if (operation.takesBody !== true)
                  throw new Error('readJsonBody asked by an operation that takes no body');
                return jsonOfBody(
                  {
                    contentType: request.header('content-type') ?? '',
                    contentEncoding: request.header('content-encoding') ?? '',
                  },
                  () =>
                    bodyBytes(request.body, {
                      contentLength: request.header('content-length'),
                      limitBytes: options.bodyLimitBytes,
                    }),
                  options.bodyLimitBytes,
                );
              },
            }),
        },
      };
    }),
  ];
}

/** A JSON answer as the Koa app's writer sends it: its type and length first, then the headers gathered. */
function jsonResponse(status: number, value: object, headers: readonly HeaderEntry[], method: string): HostResponse {
  const json = JSON.stringify(value);
  return {
    status,
    headers: [['Content-Type', JSON_CONTENT_TYPE], ['Content-Length', String(Buffer.byteLength(json))], ...headers],
    // A response to HEAD keeps its length and leaves its body out.
    body: method === 'HEAD' ? undefined : json,
  };
}
