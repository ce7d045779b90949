// What the HTTP kit reads of the OpenAPI document a host serves, and what the tests of the service's own document
// read of it too: one reading for both.

/** An operation of an OpenAPI document, as far as its examples go. */
export interface ExampleOperation {
  readonly operationId: string;
  /** Its tags: a page of the document (Swagger UI) groups operations under the first. */
  readonly tags?: readonly string[];
  readonly parameters?: readonly { name: string; in: string; example?: unknown }[];
  readonly requestBody?: { content: Record<string, { example?: unknown }> };
  readonly responses: Record<
    string,
    { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> }
  >;
}

/** The request an operation's examples make, as a reader of the document would send it first. */
export interface ExampleRequest {
  readonly operation: ExampleOperation;
  readonly method: string;
  /** The path under the server's base, in the document's template syntax (`/pets/{petId}`). */
  readonly path: string;
  /** The examples of the path's, the query's and the headers' parameters, by name. */
  readonly parameters: Readonly<Record<'path' | 'query' | 'header', Readonly<Record<string, string>>>>;
  /** The path under the server's base, filled in, with its query. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

/** An operation's success as its document declares it. */
export interface DocumentedSuccess {
  /** Its one 2xx status. */
  readonly status: number;
  /** Whether it has a body: false for a success response without `content`, which is a 204 (No Content). */
  readonly hasBody: boolean;
  /** The example of its JSON body; undefined when it has none. */
  readonly example: unknown;
}

/**
 * Each operation's request filled from its examples alone (path, query and header parameters, JSON
 * body), in the document's order: what a tool that reads the document sends.
 */
export function exampleRequests(paths: Record<string, Record<string, ExampleOperation>>): ExampleRequest[] {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const examples = (place: string): Record<string, string> =>
        Object.fromEntries(
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === place)
            .map(({ name, example }) => [name, String(example)]),
        );
      const parameters = { path: examples('path'), query: examples('query'), header: examples('header') };
      const filled = Object.entries(parameters.path).reduce(
        (target, [name, value]) => target.replace(`{${name}}`, value),
        path,
      );
      const query = new URLSearchParams(parameters.query).toString();
      const body = operation.requestBody?.content['application/json']?.example;
      return {
        operation,
        method: method.toUpperCase(),
        path,
        parameters,
        target: query === '' ? filled : `${filled}?${query}`,
        headers: {
          ...parameters.header,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      };
    }),
  );
}

/** The operation's success (its one 2xx status), whether it has a body, and the example the document shows of it. */
export function documentedSuccess(operation: ExampleOperation): DocumentedSuccess {
  const status = Object.keys(operation.responses).find((code) => Number(code) < 300);
  if (status === undefined) throw new Error(`${operation.operationId} documents no success`);
  const content = operation.responses[status]?.content;
  return { status: Number(status), hasBody: content !== undefined, example: content?.['application/json']?.example };
}

/** A response as a rule sees it: its status, its headers by name, its body as text ('' for none). */
export interface SeenResponse {
  readonly status: number;
  header(name: string): string | undefined;
  readonly text: string;
}

/**
 * How a response to which the document gives no `content` departs from one without a body: it has no body, no
 * type for one and, a 204, no Content-Length either (RFC 9110 forbids one in a 204). Empty when it has none.
 */
export function bodylessProblems(response: SeenResponse): string[] {
  const contentType = response.header('content-type');
  return [
    ...(response.text === '' ? [] : ['a body was sent where the document describes none']),
    ...(contentType === undefined
      ? []
      : [`a Content-Type (${contentType}) was sent where the document describes no body`]),
    ...(response.status === 204 && response.header('content-length') !== undefined
      ? ['a 204 carries a Content-Length']
      : []),
  ];
}

/**
 * A target the examples make, sent where the create put its pet: a host's first pet need not have the id the
 * examples show, so a target under the example pet's path (the document's Location example, `/v1/pets/1`) is
 * taken under `created`, the Location the host answered the create with. Any other target is left as it is.
 */
export function atCreatedPet(
  target: string,
  { examplePet, created }: { examplePet: string | undefined; created: string | undefined },
): string {
  if (examplePet === undefined || created === undefined || !target.startsWith(examplePet)) return target;
  const rest = target.slice(examplePet.length);
  // `/v1/pets/1/flag` and `/v1/pets/1?x=1` are under `/v1/pets/1`; `/v1/pets/12` is not.
  return rest === '' || rest.startsWith('/') || rest.startsWith('?') ? `${created}${rest}` : target;
}

/** Where a read falls in a session of work, and a method the order below does not name. */
const READS = 1;
/** Where a method falls in a session of work: what creates, then what reads, then what changes, then what removes. */
const WORKING_ORDER: Readonly<Record<string, number>> = { POST: 0, GET: READS, PUT: 2, PATCH: 2, DELETE: 3 };

/**
 * Operations in the order a client on a new store runs them, each finding what the ones before it made: creates
 * first, then reads (any other method with them), changes and removals; in the document's order within each.
 */
export function inWorkingOrder<Operation extends { readonly method: string }>(
  operations: readonly Operation[],
): Operation[] {
  const rank = ({ method }: Operation) => WORKING_ORDER[method.toUpperCase()] ?? READS;
  return [...operations].sort((a, b) => rank(a) - rank(b));
}
