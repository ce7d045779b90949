/** A response header as a list holds it, in the order it is sent: what Node's `writeHead` and `Headers` both take. */
export type HeaderEntry = [name: string, value: string];

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
 * A request as an operation reads it, whichever host received it: by then the key was checked, the
 * rate counted and the path matched.
 */
export interface OperationRequest {
  /** The path's parameters, by their names in the operation's path (`petId`), as sent. */
  readonly params: Readonly<Record<string, string>>;
  /** The query, decoded; a parameter sent twice is an array. */
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  /** A request header, by its name in any case; undefined when it was not sent. */
  header(name: string): string | undefined;
  /** Whose key let the request in. */
  readonly client: string;
  /** The body, read and parsed as JSON: only an operation that `takesBody` may ask, and once. */
  readJsonBody(): Promise<unknown>;
}

/** What every answer of an operation may carry beside its status and body. */
interface AnswerExtras {
  /** Its own headers, in order, after those every response carries. */
  readonly headers?: readonly HeaderEntry[];
  /** Whether it is the kept answer to an earlier request (an idempotent replay). */
  readonly replayed?: boolean;
}

/**
 * What an operation answers with a success: a body, sent as JSON, or none, which is a 204 (No Content), sent with
 * no Content-Type and no Content-Length. Its document says which: a success response without `content` is the
 * body-less one. An error it throws, and the contract answers that.
 */
export type OperationAnswer =
  | (AnswerExtras & { readonly status: number; readonly body: object })
  | (AnswerExtras & { readonly status: 204; readonly body?: undefined });

/**
 * An operation of the API, in a folder of its own under routes/, holding every fact of it: its id,
 * method and path, whether it reads a body, how it answers, and its part of the document. It knows no
 * web framework: each host binds it (the Koa app, the fetch handler, another host's routes). The
 * routers, `Allow`, CORS, the parser's refusal, the document and the metric labels all read these.
 * `Dependencies` is what it needs to run.
 */
export interface ApiOperation<Dependencies> {
  readonly operationId: string;
  readonly method: OperationMethod;
  /** Under the API's base path, in OpenAPI's template syntax: `/pets/{petId}`. */
  readonly path: string;
  /** Whether it takes a JSON body: the host reads one for it, and for no other operation. */
  readonly takesBody?: boolean;
  /** Headers on every response of it, errors included (set before it runs): a deprecation, say. */
  readonly headers?: readonly HeaderEntry[];
  /** A property, not a method, so that an operation needing more than the app gives it does not compile. */
  readonly answer: (dependencies: Dependencies) => (request: OperationRequest) => Promise<OperationAnswer>;
  readonly document: () => OperationDocument;
}
