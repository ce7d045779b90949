/** An operation of an OpenAPI document, as far as its examples go. */
export interface ExampleOperation {
  readonly operationId: string;
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
  /** The path under the server's base, with its query. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

/**
 * Each operation's request filled from its examples alone (path, query and header parameters, JSON
 * body), in the document's order: what a tool that reads the document sends.
 */
export function exampleRequests(paths: Record<string, Record<string, ExampleOperation>>): ExampleRequest[] {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const examples = (place: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === place)
          .map(({ name, example }): [string, string] => [name, String(example)]);
      const filled = examples('path').reduce((target, [name, value]) => target.replace(`{${name}}`, value), path);
      const query = new URLSearchParams(examples('query')).toString();
      const body = operation.requestBody?.content['application/json']?.example;
      return {
        operation,
        method: method.toUpperCase(),
        target: query === '' ? filled : `${filled}?${query}`,
        headers: {
          ...Object.fromEntries(examples('header')),
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      };
    }),
  );
}

/** The operation's success (its one 2xx status) and the example body the document shows for it. */
export function documentedSuccess(operation: ExampleOperation): { status: number; example: unknown } {
  const status = Object.keys(operation.responses).find((code) => Number(code) < 300);
  if (status === undefined) throw new Error(`${operation.operationId} documents no success`);
  return { status: Number(status), example: operation.responses[status]?.content?.['application/json']?.example };
}
