import type { Middleware } from 'koa';

/** The methods an operation of the API may have; HEAD and OPTIONS are answered for it, never declared. */
export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation's part of the OpenAPI document, less what the operation itself says (its id, method, path). */
export interface OperationDocument {
  /** The OpenAPI Operation Object, but for its operationId and security, which the document adds. */
  readonly operation: Readonly<Record<string, unknown>>;
  /** The response headers it refers to beyond those of every response, by name. */
  readonly headers?: Readonly<Record<string, object>>;
}

/**
 * An operation of the API, in a folder of its own under routes/, holding every fact of it: its id,
 * method and path, the middleware that answers it, and its part of the document. The router, `Allow`,
 * CORS, the parser's refusal, the document and the metric labels all read these. `Dependencies` is
 * what it needs to run.
 */
export interface ApiOperation<Dependencies> {
  readonly operationId: string;
  readonly method: OperationMethod;
  /** Under the API's base path, in OpenAPI's template syntax: `/pets/{petId}`. */
  readonly path: string;
  /** A property, not a method, so that an operation needing more than the app gives it does not compile. */
  readonly handlers: (dependencies: Dependencies) => readonly Middleware[];
  readonly document: () => OperationDocument;
}
