import { describe, expect, it } from 'vitest';
import { errorResponses } from '../../adapters/http/openapi/error-responses.js';
import { ERRORS } from '../../adapters/http/errors/error-codes.js';
import {
  apiOperations,
  errorTable,
  methodsParagraph,
  operationTable,
  type DocumentedOperation,
} from '../../scripts/reference-tables.js';

describe("the error codes, documented from the HTTP adapter's table", () => {
  it("has a row for every code, in the table's order, with its status and when it is sent", () => {
    const rows = errorTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)` \|/.exec(row)?.[1])).toEqual(Object.keys(ERRORS));
    expect(rows).toContain('| `unauthorized` | 401 | the API key is missing, malformed or unknown |');
    expect(rows).toContain(
      '| `service_unavailable` | 503 | storage is unreachable; retry after `Retry-After` seconds |',
    );
  });

  it('escapes a pipe inside a cell, so the table keeps its columns', () => {
    expect(
      errorTable()
        .split('\n')
        .every((line) => line.replaceAll('\\|', '').split('|').length === 5),
    ).toBe(true);
  });
});

const header = { $ref: '#/components/headers/X' };
/** An operation as the HTTP adapter documents one, its errors written by the document's own helper. */
function anOperation(
  operationId: string,
  {
    method = 'GET',
    path = '/pets',
    errors = ['unauthorized'],
    operation = {},
  }: Partial<{
    method: string;
    path: string;
    errors: (keyof typeof ERRORS)[];
    operation: Record<string, unknown>;
  }> = {},
): DocumentedOperation {
  const responses = {
    200: {
      headers: { 'X-Request-Id': header },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
    },
    ...errorResponses(errors, () => ({ 'X-Request-Id': header })),
  };
  return { operationId, method, path, operation: { responses, ...operation } };
}

const rowsOf = (table: string) => table.split('\n').slice(2);

describe("the operations, documented from the HTTP adapter's list", () => {
  it("has a row for each operation, in the list's order, then one of the errors every operation can answer", () => {
    const ids = rowsOf(operationTable()).map((row) => /^\| `?([\w ]+?)`? [|(]/.exec(row)?.[1]);
    expect(ids).toEqual([...apiOperations().map(({ operationId }) => operationId), 'every operation']);
  });

  it('writes the request from the method, the path under /v1, the query, the body and the header parameters', () => {
    const listed = anOperation('listThings', {
      operation: {
        parameters: [
          { name: 'limit', in: 'query' },
          { name: 'after', in: 'query' },
        ],
      },
    });
    const created = anOperation('addThing', {
      method: 'POST',
      operation: {
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
      },
    });
    const fetched = anOperation('getThing', {
      path: '/pets/{petId}',
      operation: { deprecated: true, parameters: [{ name: 'petId', in: 'path', required: true }] },
    });
    expect(rowsOf(operationTable([listed, created, fetched])).slice(0, 3)).toEqual([
      '| `listThings` | `GET /v1/pets?limit=&after=` | 200 `Pet` | |',
      '| `addThing` | `POST /v1/pets` with a NewPet, optional `Idempotency-Key` | 200 `Pet` | |',
      '| `getThing` (deprecated) | `GET /v1/pets/{petId}` | 200 `Pet` | |',
    ]);
  });

  it('names in a row only the errors and headers its operation adds to those of every operation, by status', () => {
    const paged = anOperation('listThings', { errors: ['invalid_query', 'unauthorized', 'bad_request'] });
    const linked = anOperation('pageThings', {
      operation: {
        responses: {
          200: {
            headers: { 'X-Request-Id': header, Link: header },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } },
          },
          ...errorResponses(['not_found', 'invalid_path_parameter', 'bad_request', 'unauthorized'], () => ({
            'X-Request-Id': header,
          })),
        },
      },
    });
    expect(rowsOf(operationTable([paged, linked]))).toEqual([
      '| `listThings` | `GET /v1/pets` | 200 `Pet` | 400 `invalid_query` |',
      '| `pageThings` | `GET /v1/pets` | 200 `Pet[]`, `Link` | 400 `invalid_path_parameter`; 404 `not_found` |',
      '| every operation | | | 400 `bad_request`; 401 `unauthorized` |',
    ]);
  });

  it("names an operation's own body, which no component names, by its fields", () => {
    const changed = anOperation('changeThing', {
      method: 'PUT',
      path: '/pets/{petId}/status',
      operation: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { status: {}, note: {} } } } },
        },
      },
    });
    expect(rowsOf(operationTable([changed]))[0]).toBe(
      '| `changeThing` | `PUT /v1/pets/{petId}/status` with a {status, note} | 200 `Pet` | |',
    );
    const unnamed = anOperation('sendThing', {
      method: 'POST',
      operation: { requestBody: { content: { 'application/json': { schema: { type: 'string' } } } } },
    });
    expect(() => operationTable([unnamed])).toThrow('a body schema that is neither a component nor an object');
  });

  it('has a new row for an operation added to the list, which the page lacks until npm run docs:reference', () => {
    const added = anOperation('deleteThing', { method: 'DELETE', path: '/pets/{petId}' });
    const rows = rowsOf(operationTable([...apiOperations(), added]));
    expect(rows).toHaveLength(apiOperations().length + 2);
    expect(rows).toContain('| `deleteThing` | `DELETE /v1/pets/{petId}` | 200 `Pet` | |');
  });

  it('names in its methods paragraph the methods the operations answer, and a new one leaves the others', () => {
    const today = [{ method: 'GET' }, { method: 'POST' }];
    expect(methodsParagraph(today)).toContain(
      'the API answers GET, HEAD, POST and OPTIONS. Any other method\n  (PUT, PATCH, DELETE, TRACE',
    );
    expect(methodsParagraph([...today, { method: 'DELETE' }])).toContain(
      'the API answers GET, HEAD, POST, DELETE and OPTIONS. Any other method\n  (PUT, PATCH, TRACE',
    );
    expect(methodsParagraph([{ method: 'PUT' }])).toContain(
      'answers PUT and OPTIONS. Any other method\n  (GET, POST, PATCH, DELETE, TRACE',
    );
  });

  it('writes a success without a body as its status alone', () => {
    const unflagged = anOperation('unflagThing', {
      method: 'DELETE',
      path: '/pets/{petId}/flag',
      operation: {
        responses: {
          204: { headers: { 'X-Request-Id': header } },
          ...errorResponses(['unauthorized'], () => ({ 'X-Request-Id': header })),
        },
      },
    });
    expect(rowsOf(operationTable([anOperation('listThings'), unflagged]))[1]).toBe(
      '| `unflagThing` | `DELETE /v1/pets/{petId}/flag` | 204 | |',
    );
  });

  it('refuses an error response that names no codes, rather than document it as none', () => {
    const bare = anOperation('listThings', { operation: { responses: { 400: { description: 'Bad.' } } } });
    expect(() => operationTable([bare])).toThrow('the 400 response names no error codes');
  });
});
