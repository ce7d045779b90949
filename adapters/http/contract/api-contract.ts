import { Buffer } from 'node:buffer';
import type { Authenticator, PetRepository } from '@petstore/core/ports.js';
import type { UseCases } from '@petstore/core/use-cases/use-cases.js';
import { apiErrorOf } from '../errors/api-error-of.js';
import { methodNotAllowed, methodNotImplemented, noResourceHere } from '../errors/method-errors.js';
import type { HttpLogger } from '../logs/http-logger.js';
import type { OpenApiDocument, ServerEntry } from '../openapi/document.js';
import { rateLimiter, type RateLimiter } from '../rate-limit/rate-limiter.js';
import { REQUEST_ID_HEADER } from '../request/header-names.js';
import { requestIdOf } from '../request/request-id.js';
import { API_SECURITY_HEADER_ENTRIES } from '../response/api-security-headers.js';
import { JSON_CONTENT_TYPE } from '../response/header-entry.js';
import type { HeaderEntry } from '../routing/api-operation.js';
import { API_BASE_PATH, isUnderApi, OPENAPI_PATH } from '../routing/api-paths.js';
import { isCanonicalPath, nonCanonicalPath } from '../routing/canonical-path.js';
import { liveness, readiness, type Readiness } from '../routing/probe-answers.js';
import { LIVENESS_PATH, READINESS_PATH } from '../routing/probe-paths.js';
import type { RateLimitPolicy } from '../rate-limit/token-buckets.js';
import { apiAnswerer, type AnswerContext, type ApiAnswer } from './api-answer.js';
import { API_OPERATIONS } from './api-operations.js';
import { API_METHODS, OPERATION_METHODS, openApiDocument } from './api-surface.js';
import { contractRouter } from './contract-routes.js';
import { corsPolicy } from './cors.js';
import type { AnsweredRequest, HostRequest, HostResponse } from './host-request.js';

export { OPENAPI_PATH } from '../routing/api-paths.js';

export interface ApiContractOptions {
  /** The use cases, each operation calling those it names. */
  readonly useCases: UseCases;
  readonly authenticator: Authenticator;
  /** What readiness asks. */
  readonly storage: Pick<PetRepository, 'isReachable'>;
  /** Once `begun` is true, readiness answers 503: the host is stopping. Unset: never. */
  readonly draining?: Readiness['draining'] | undefined;
  /** Largest accepted request body, in bytes, as sent and decompressed. */
  readonly bodyLimitBytes: number;
  /** The base addresses the OpenAPI document lists, each ending in /v1. */
  readonly servers: readonly ServerEntry[];
  /** Origins (scheme://host[:port]) whose browser scripts may call the API; none: CORS off. */
  readonly corsOrigins?: readonly string[] | undefined;
  /**
   * The rate each client is held to under /v1: a policy, kept in this process's buckets, or a limiter of the
   * host's own (one that asks a store several instances share, say). None: no limit.
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
  /**
   * The answer to a request under /v1 alone, for a host that gives every response its id, its security
   * headers, CORS, the 501 and the canonical path's 404 itself (the Koa app): `handle` less those.
   */
  answerUnderApi(request: HostRequest, context: AnswerContext): Promise<ApiAnswer>;
}

/**
 * The API's HTTP contract with no web framework: every answer the service gives that does not need
 * the server's sockets, from a request's method, target, headers and body. In order, as the Koa app
 * does it: the request's id and the security headers; a method implemented nowhere (501); a path not
 * in its one spelling (404); CORS; under /v1, the key, the rate, the route and the operation
 * (api-answer.ts); outside it, the probes and the document, without a key.
 */
export function createApiContract(options: ApiContractOptions): ApiContract {
  const { logger, onAnswered } = options;
  const document = openApiDocument(options.servers);
  const documentJson = JSON.stringify(document);
  const implemented: ReadonlySet<string> = new Set(API_METHODS);
  const answerUnderApi = apiAnswerer({
    useCases: options.useCases,
    authenticator: options.authenticator,
    bodyLimitBytes: options.bodyLimitBytes,
    limit: limiterOf(options.rateLimit),
    operations: API_OPERATIONS,
  });
  const cors =
    options.corsOrigins !== undefined && options.corsOrigins.length > 0
      ? corsPolicy(options.corsOrigins, {
          allowMethods: OPERATION_METHODS,
          exposeHeaders: Object.keys(document.components.headers),
        })
      : undefined;
  const probes = { storage: options.storage, draining: options.draining };
  const matchOutside = contractRouter<() => Promise<string>>([
    { method: 'GET', path: LIVENESS_PATH, handler: () => Promise.resolve(JSON.stringify(liveness())) },
    { method: 'GET', path: READINESS_PATH, handler: async () => JSON.stringify(await readiness(probes)) },
    { method: 'GET', path: OPENAPI_PATH, handler: () => Promise.resolve(documentJson) },
  ]);

  async function handle(request: HostRequest): Promise<HostResponse> {
    const arrivedAt = performance.now();
    const requestId = requestIdOf(request.header(REQUEST_ID_HEADER.toLowerCase()) ?? '');
    const headers: HeaderEntry[] = [[REQUEST_ID_HEADER, requestId], ...API_SECURITY_HEADER_ENTRIES];
    const { method } = request;
    const [path, search] = splitTarget(request.target);
    let answered: ApiAnswer | undefined;
    let response: HostResponse;
    try {
      if (!implemented.has(method)) throw methodNotImplemented(API_METHODS);
      if (!isCanonicalPath(path)) throw nonCanonicalPath();
      const corsAnswer = cors?.(request);
      if (corsAnswer !== undefined) headers.push(...corsAnswer.headers);
      if (corsAnswer?.preflight === true) {
        response = { status: 204, headers, body: undefined };
      } else if (isUnderApi(path)) {
        const log = () => logger?.child({ requestId });
        answered = await answerUnderApi(request, { path, search, log });
        headers.push(...answered.headers);
        response =
          answered.body === undefined
            ? { status: answered.status, headers, body: undefined }
            : jsonResponse(answered.status, JSON.stringify(answered.body), headers, method);
      } else {
        response = await outsideApi(request, path, headers);
      }
    } catch (error) {
      const apiError = apiErrorOf(error);
      headers.push(...Object.entries(apiError.options.headers ?? {}));
      response = jsonResponse(apiError.status, JSON.stringify(apiError.toBody()), headers, method);
    }
    onAnswered?.(
      {
        requestId,
        method,
        path,
        operationId: answered?.operationId,
        status: response.status,
        client: answered?.client,
        replayed: answered?.replayed === true,
        rateLimited: answered?.rateLimited === true,
        durationMs: performance.now() - arrivedAt,
      },
      request,
    );
    return response;
  }

  /** The probes and the document; any other path outside /v1 names nothing. */
  async function outsideApi(request: HostRequest, path: string, headers: HeaderEntry[]): Promise<HostResponse> {
    const found = matchOutside(request.method, path);
    if (found.kind === 'no route') throw noResourceHere();
    if (found.kind === 'method not allowed') {
      headers.push(['Allow', found.allow]);
      throw methodNotAllowed(request.method, found.allow);
    }
    if (found.kind === 'options')
      return { status: 204, headers: [...headers, ['Allow', found.allow]], body: undefined };
    return jsonResponse(200, await found.route.handler(), headers, request.method);
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
    answerUnderApi,
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

/** A JSON answer as the Koa app's writer sends it: its type and length first, then the headers gathered. */
function jsonResponse(status: number, json: string, headers: readonly HeaderEntry[], method: string): HostResponse {
  return {
    status,
    headers: [['Content-Type', JSON_CONTENT_TYPE], ['Content-Length', String(Buffer.byteLength(json))], ...headers],
    // A response to HEAD keeps its length and leaves its body out.
    body: method === 'HEAD' ? undefined : json,
  };
}
