import type Router from '@koa/router';

/** One operation's part of the OpenAPI document, which the document is assembled from. */
export interface OperationDocument {
  /** Under the API's base path, in OpenAPI's template syntax: `/pets/{petId}`. */
  readonly path: string;
  readonly method: 'get' | 'post';
  /** The OpenAPI Operation Object, but for its operationId and security, which the document adds. */
  readonly operation: Readonly<Record<string, unknown>>;
  /** The response headers it refers to beyond those of every response, by name. */
  readonly headers?: Readonly<Record<string, object>>;
}

/**
 * An operation of the API, in a folder of its own under routes/: its route, named by its
 * operationId, and its part of the document. `Dependencies` is what its route needs to run.
 */
export interface ApiOperation<Dependencies> {
  readonly operationId: string;
  /** A property, not a method, so that an operation needing more than the app gives it does not compile. */
  readonly mount: (router: Router, dependencies: Dependencies) => void;
  readonly document: () => OperationDocument;
}
