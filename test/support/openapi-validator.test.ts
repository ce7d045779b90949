import { describe, expect, it } from 'vitest';
import { API_OPERATIONS, openApiDocument } from '../../adapters/koa/http-app.js';
import { buildOpenApiDocument } from '../../adapters/http/openapi/document.js';
import { unflagPetOperation } from './no-content-operation.js';
import { OpenApiResponseValidator, type ObservedResponse } from './openapi-validator.js';

/** The checker every HTTP test relies on must itself be able to say no. */
describe('OpenApiResponseValidator', () => {
  const document = openApiDocument([{ url: '/v1', description: 'This server', 'x-internal': false }]);
  const validator = new OpenApiResponseValidator(
    document as unknown as ConstructorParameters<typeof OpenApiResponseValidator>[0],
  );
  const pet = { id: 1, name: 'Rex', categoryId: 2 };

  function observed(
    overrides: Partial<Omit<ObservedResponse, 'header'>> & { headers?: Record<string, string> },
  ): ObservedResponse {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'id-1',
      ...overrides.headers,
    };
    return {
      method: 'GET',
      path: '/v1/pets?limit=5',
      status: 200,
      text: JSON.stringify([pet]),
      ...overrides,
      header: (name) => headers[name.toLowerCase()],
    };
  }

  it('accepts a response the document describes', () => {
    expect(validator.problems(observed({}))).toEqual([]);
    expect(
      validator.problems(
        observed({ method: 'POST', status: 201, text: JSON.stringify(pet), headers: { location: '/v1/pets/1' } }),
      ),
    ).toEqual([]);
  });

  it('refuses a body with a field the schema does not have', () => {
    expect(validator.problems(observed({ text: JSON.stringify([{ ...pet, _id: 'x' }]) }))).toEqual([
      '/0 must NOT have additional properties (#/paths/~1pets/get/responses/200/content/application~1json/schema)',
    ]);
  });

  it('refuses a status the operation does not document', () => {
    expect(validator.problems(observed({ status: 404, text: '{}' }))).toEqual([
      'listPets does not document status 404',
    ]);
  });

  it('refuses an error code the status does not carry', () => {
    const wrongCode = JSON.stringify({ code: 'invalid_body', message: 'm', status: 400 });
    expect(validator.problems(observed({ status: 400, text: wrongCode }))).not.toEqual([]);
  });

  it('refuses a missing required header, and a header value the document fixes otherwise', () => {
    expect(validator.problems(observed({ method: 'POST', status: 201, text: JSON.stringify(pet) }))).toEqual([
      'header Location is required but missing',
    ]);
    const wrongSunset = observed({
      path: '/v1/pets/1',
      text: JSON.stringify(pet),
      headers: { sunset: 'tomorrow', deprecation: '@1795305600' },
    });
    expect(validator.problems(wrongSunset)).toEqual([
      'header Sunset: (root) must be equal to constant (#/components/headers/Sunset/schema)',
    ]);
  });

  it('refuses an undocumented content type and a body that is not JSON', () => {
    expect(validator.problems(observed({ headers: { 'content-type': 'text/plain' } }))).toEqual([
      'content type text/plain is not one of application/json',
    ]);
    expect(validator.problems(observed({ text: 'not json' }))).toEqual(['the body is not JSON: "not json"']);
  });

  it('holds answers to unrouted requests under /v1 to the Error schema, and leaves other paths alone', () => {
    const notFound = JSON.stringify({ code: 'not_found', message: 'No resource at this path', status: 404 });
    expect(validator.problems(observed({ path: '/v1/nothing', status: 404, text: notFound }))).toEqual([]);
    expect(validator.problems(observed({ path: '/v1/nothing', status: 404, text: '{"error":"nope"}' }))).not.toEqual(
      [],
    );
    expect(validator.problems(observed({ path: '/v1/nothing', status: 200 }))).toEqual([
      'GET /v1/nothing answered 200 outside any documented operation',
    ]);
    expect(validator.problems(observed({ method: 'OPTIONS', status: 204, text: '' }))).toEqual([]);
    expect(validator.problems(observed({ path: '/healthz', text: 'anything' }))).toEqual([]);
  });

  it('holds a success the document gives no content to no body, no Content-Type and, for a 204, no Content-Length', () => {
    const withBodyless = new OpenApiResponseValidator(
      buildOpenApiDocument({
        servers: [{ url: '/v1', description: 'This server', 'x-internal': false }],
        operations: [...API_OPERATIONS, unflagPetOperation],
      }) as unknown as ConstructorParameters<typeof OpenApiResponseValidator>[0],
    );
    const unflagged = (text: string, headers: Record<string, string> = {}): ObservedResponse => {
      const sent: Record<string, string> = { 'x-request-id': 'id-1', ...headers };
      return {
        method: 'DELETE',
        path: '/v1/pets/1/flag',
        status: 204,
        text,
        header: (name) => sent[name.toLowerCase()],
      };
    };
    expect(withBodyless.problems(unflagged(''))).toEqual([]);
    expect(withBodyless.problems(unflagged('{}'))).toEqual(['a body was sent where the document describes none']);
    expect(withBodyless.problems(unflagged('', { 'content-type': 'application/json' }))).toEqual([
      'a Content-Type (application/json) was sent where the document describes no body',
    ]);
    expect(withBodyless.problems(unflagged('', { 'content-length': '0' }))).toEqual(['a 204 carries a Content-Length']);
  });

  it('leaves out the headers but for the Content-Type when asked for the status and body alone', () => {
    const created = observed({ method: 'POST', status: 201, text: JSON.stringify(pet) });
    expect(validator.problems(created)).toEqual(['header Location is required but missing']);
    expect(validator.statusAndBodyProblems(created)).toEqual([]);
    expect(validator.statusAndBodyProblems({ ...created, text: '[]' })).not.toEqual([]);
    expect(validator.statusAndBodyProblems({ ...created, status: 200 })).toEqual([
      'createPet does not document status 200',
    ]);
  });
});
