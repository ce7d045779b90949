import { describe, expect, it } from 'vitest';
import {
  atCreatedPet,
  bodylessProblems,
  documentedSuccess,
  exampleRequests,
  inWorkingOrder,
  type ExampleOperation,
} from '../../testing/http-document.js';

/** An operation of a document whose success is `status`, with a JSON body showing `example`, or none. */
function anOperation(operationId: string, status: number, example?: unknown): ExampleOperation {
  const content = example === undefined ? {} : { content: { 'application/json': { example } } };
  return { operationId, responses: { [status]: content, 404: { content: { 'application/json': {} } } } };
}

describe("the kit's reading of a document", () => {
  it('tells a success with a body, and its example, from one without', () => {
    expect(documentedSuccess(anOperation('getThing', 200, { id: 1 }))).toEqual({
      status: 200,
      hasBody: true,
      example: { id: 1 },
    });
    expect(documentedSuccess(anOperation('unflagThing', 204))).toEqual({
      status: 204,
      hasBody: false,
      example: undefined,
    });
    expect(() => documentedSuccess({ operationId: 'failThing', responses: { 404: {} } })).toThrow(
      'failThing documents no success',
    );
  });

  it('fills each request from the examples of its path, query and header parameters, and of its body', () => {
    const [request] = exampleRequests({
      '/things/{thingId}': {
        put: {
          operationId: 'putThing',
          parameters: [
            { name: 'thingId', in: 'path', example: 7 },
            { name: 'dry', in: 'query', example: true },
            { name: 'Idempotency-Key', in: 'header', example: 'k-1' },
          ],
          requestBody: { content: { 'application/json': { example: { name: 'Rex' } } } },
          responses: {},
        },
      },
    });
    expect(request).toMatchObject({
      method: 'PUT',
      path: '/things/{thingId}',
      parameters: { path: { thingId: '7' }, query: { dry: 'true' }, header: { 'Idempotency-Key': 'k-1' } },
      target: '/things/7?dry=true',
      headers: { 'Idempotency-Key': 'k-1', 'Content-Type': 'application/json' },
      body: '{"name":"Rex"}',
    });
  });

  it('orders operations as a client on a new store runs them: creates, reads (any other method with them), changes, removals', () => {
    const methods = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT', 'GET', 'post', 'HEAD'];
    const ordered = inWorkingOrder(methods.map((method, index) => ({ method, index })));
    expect(ordered.map(({ method, index }) => `${method}${index}`)).toEqual([
      'POST3',
      'post6',
      'GET1',
      'GET5',
      'HEAD7',
      'PATCH2',
      'PUT4',
      'DELETE0',
    ]);
  });

  it('sends a request for the example pet to the pet the create made, and any other where it names', () => {
    const at = (target: string, created?: string) => atCreatedPet(target, { examplePet: '/v1/pets/1', created });
    expect(at('/v1/pets/1', '/v1/pets/42')).toBe('/v1/pets/42');
    expect(at('/v1/pets/1/flag', '/v1/pets/42')).toBe('/v1/pets/42/flag');
    expect(at('/v1/pets/1?fields=name', '/v1/pets/42')).toBe('/v1/pets/42?fields=name');
    expect(at('/v1/pets/12', '/v1/pets/42')).toBe('/v1/pets/12');
    expect(at('/v1/pets?limit=1', '/v1/pets/42')).toBe('/v1/pets?limit=1');
    expect(at('/v1/pets/1')).toBe('/v1/pets/1');
    expect(atCreatedPet('/v1/pets/1', { examplePet: undefined, created: '/v1/pets/42' })).toBe('/v1/pets/1');
  });

  it('finds in an answer without a body any body, type or, for a 204, length it was sent with', () => {
    const answer = (status: number, text: string, headers: Record<string, string> = {}) => ({
      status,
      text,
      header: (name: string) => headers[name],
    });
    expect(bodylessProblems(answer(204, ''))).toEqual([]);
    expect(bodylessProblems(answer(200, '', { 'content-length': '0' }))).toEqual([]);
    expect(bodylessProblems(answer(204, '{}', { 'content-type': 'application/json', 'content-length': '2' }))).toEqual([
      'a body was sent where the document describes none',
      'a Content-Type (application/json) was sent where the document describes no body',
      'a 204 carries a Content-Length',
    ]);
  });
});
