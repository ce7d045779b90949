// The tables of docs/reference.md, written from the code that holds their rows: the settings from the
// configuration schema, the error codes from the HTTP adapter's one table, the operations from its list.
import { API_OPERATIONS } from '../adapters/koa/http-app.js';
import { componentJsonSchemas } from '../adapters/http/openapi/json-schemas.js';
import { ERRORS, type ErrorCode } from '../adapters/http/errors/error-codes.js';
import { answeredMethods, API_BASE_PATH } from '../adapters/http/routing/api-paths.js';
import type { OperationMethod } from '../adapters/http/routing/api-operation.js';
import { settingRows } from '../app/settings-help.js';

/**
 * A Markdown table of these headings and rows; a pipe inside a cell is escaped, so the table keeps its
 * columns, and an empty cell is one space wide, as the Markdown lint's compact style wants.
 */
export function markdownTable(headings: readonly string[], rows: readonly (readonly string[])[]): string {
  const cellOf = (cell: string) => (cell === '' ? ' ' : ` ${cell.replaceAll('|', '\\|')} `);
  const line = (cells: readonly string[]) => `|${cells.map(cellOf).join('|')}|`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The reference's table of error codes: a row for each code of the HTTP adapter's one table, in its order. */
export function errorTable(): string {
  return markdownTable(
    ['code', 'status', 'when'],
    Object.entries(ERRORS).map(([code, { status, meaning }]) => [`\`${code}\``, String(status), meaning]),
  );
}

/** The reference's table of settings, in the order `petstore serve --help` lists them. */
export function settingsTable(): string {
  const rows = settingRows().map(({ name, fallback, whenUnset, meaning }) => {
    const unset = whenUnset === undefined ? '(none)' : `(none: ${whenUnset})`;
    return [`\`${name}\``, fallback === undefined ? unset : `\`${fallback}\``, meaning];
  });
  return markdownTable(['Variable', 'Default', 'Meaning'], rows);
}

/** One operation of the API as the reference describes it: its id, and its part of the OpenAPI document. */
export interface DocumentedOperation {
  readonly operationId: string;
  /** As HTTP spells it: `GET`. */
  readonly method: string;
  /** Under the API's base path, in OpenAPI's template syntax: `/pets/{petId}`. */
  readonly path: string;
  /** The OpenAPI Operation Object. */
  readonly operation: Readonly<Record<string, unknown>>;
}

/** The API's operations, in the order the HTTP adapter lists them: where that list lives is known here only. */
export function apiOperations(): DocumentedOperation[] {
  return API_OPERATIONS.map(({ operationId, method, path, document }) => ({
    operationId,
    method,
    path,
    operation: document().operation,
  }));
}

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
}
interface Response {
  readonly headers?: Record<string, unknown>;
  readonly content?: Record<string, { readonly schema?: Schema }>;
}
interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly items?: Schema;
  readonly allOf?: readonly Schema[];
  readonly properties?: Record<string, { readonly enum?: readonly string[] }>;
}

const responsesOf = ({ operation }: DocumentedOperation) => (operation.responses ?? {}) as Record<string, Response>;
const isSuccess = (status: string) => status.startsWith('2');
const quoted = (text: string) => `\`${text}\``;

/** The error codes one error response names, as the document's `errorResponses` writes them. */
function codesOf(status: string, response: Response): ErrorCode[] {
  const codes = response.content?.['application/json']?.schema?.allOf?.find((part) => part.properties?.code)?.properties
    ?.code?.enum;
  if (codes === undefined) throw new Error(`the ${status} response names no error codes`);
  return codes as ErrorCode[];
}

function errorCodesOf(documented: DocumentedOperation): ErrorCode[] {
  return Object.entries(responsesOf(documented)).flatMap(([status, response]) =>
    isSuccess(status) ? [] : codesOf(status, response),
  );
}

/** The codes by status, in ascending order: 400 `a`, `b`; 404 `c`. */
function byStatus(codes: readonly ErrorCode[]): string {
  const statuses = [...new Set(codes.map((code) => ERRORS[code].status))].sort((a, b) => a - b);
  const codesOfStatus = (status: number) => codes.filter((code) => ERRORS[code].status === status).map(quoted);
  return statuses.map((status) => `${String(status)} ${codesOfStatus(status).join(', ')}`).join('; ');
}

/**
 * A schema by the name the reference gives it: a component's name, `Pet[]` for an array of them, and an
 * object of an operation's own, which no component names, by its fields: `{status}`.
 */
function schemaName(schema: Schema | undefined): string {
  const name = schema?.$ref?.split('/').at(-1);
  if (name === undefined && schema?.type === 'object' && schema.properties !== undefined)
    return `{${Object.keys(schema.properties).join(', ')}}`;
  if (name === undefined)
    throw new Error(`a body schema that is neither a component nor an object: ${JSON.stringify(schema)}`);
  const component = (componentJsonSchemas() as Record<string, Schema>)[name];
  return component?.type === 'array' && component.items?.$ref !== undefined ? `${schemaName(component.items)}[]` : name;
}

/** What is in every response of every operation, so that a row names only what its operation adds. */
function everyResponseHeader(operations: readonly DocumentedOperation[]): (name: string) => boolean {
  const headerSets = operations.flatMap((documented) =>
    Object.values(responsesOf(documented)).map(({ headers }) => new Set(Object.keys(headers ?? {}))),
  );
  return (name) => headerSets.every((names) => names.has(name));
}

function requestOf({ method, path, operation }: DocumentedOperation): string {
  const parameters = (operation.parameters ?? []) as Parameter[];
  const query = parameters.filter((parameter) => parameter.in === 'query').map(({ name }) => `${name}=`);
  const line = `${method} ${API_BASE_PATH}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
  const headers = parameters
    .filter((parameter) => parameter.in === 'header')
    .map(({ name, required }) => `${required === true ? 'required' : 'optional'} ${quoted(name)}`);
  const withBody = body === undefined ? [] : [`with a ${schemaName(body.content?.['application/json']?.schema)}`];
  return [[quoted(line), ...withBody].join(' '), ...headers].join(', ');
}

function successOf(documented: DocumentedOperation, onEveryResponse: (name: string) => boolean): string {
  return Object.entries(responsesOf(documented))
    .filter(([status]) => isSuccess(status))
    .map(([status, { headers, content }]) => {
      const body = content?.['application/json'];
      const answer = body === undefined ? status : `${status} ${quoted(schemaName(body.schema))}`;
      const own = Object.keys(headers ?? {}).filter((name) => !onEveryResponse(name));
      return [answer, ...own.map(quoted)].join(', ');
    })
    .join('; ');
}

/**
 * The reference's table of operations, a row for each in the HTTP adapter's order, read from its part of
 * the OpenAPI document, each naming the errors only it answers; then a row of those every operation can.
 */
export function operationTable(operations: readonly DocumentedOperation[] = apiOperations()): string {
  const onEveryResponse = everyResponseHeader(operations);
  const codes = operations.map(errorCodesOf);
  const common = (codes[0] ?? []).filter((code) => codes.every((ofOperation) => ofOperation.includes(code)));
  const rows = operations.map((documented, index) => [
    `${quoted(documented.operationId)}${documented.operation.deprecated === true ? ' (deprecated)' : ''}`,
    requestOf(documented),
    successOf(documented, onEveryResponse),
    byStatus((codes[index] ?? []).filter((code) => !common.includes(code))),
  ]);
  return markdownTable(
    ['Operation', 'Request', 'Success', 'Errors'],
    [...rows, ['every operation', '', '', byStatus(common)]],
  );
}

/** The methods an operation may have, in the order the reference names them. */
const OPERATION_METHODS: readonly OperationMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const AND_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** The reference's paragraph on methods: those the operations answer, and what any other gets. */
export function methodsParagraph(operations: readonly Pick<DocumentedOperation, 'method'>[] = apiOperations()): string {
  const answered = answeredMethods(operations as readonly { method: OperationMethod }[]);
  const others = OPERATION_METHODS.filter((method) => !answered.includes(method));
  return [
    `- **Methods**: the API answers ${AND_LIST.format([...answered, 'OPTIONS'])}. Any other method`,
    `  (${[...others, 'TRACE', 'CONNECT', "WebDAV's PROPFIND"].join(', ')}, a token HTTP does not define) is 501`,
    '  `not_implemented` on every path, before the key check (RFC 9110 §9.1). One of those it answers, at a',
    '  path that does not answer it, is 405 `method_not_allowed` with `Allow` naming the methods that path',
    '  answers; at no resource, 404. OPTIONS answers 204 with `Allow`. No response carries an empty `Allow`.',
  ].join('\n');
}
