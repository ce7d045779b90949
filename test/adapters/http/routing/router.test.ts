import { describe, expect, it } from 'vitest';
import { API_METHODS, API_OPERATIONS, OPERATION_IDS } from '../../../../adapters/koa/http-app.js';
import {
  answeredMethods,
  createRouter,
  mountOperation,
  routePattern,
} from '../../../../adapters/koa/routing/router.js';
import { EXPECTED_METHODS, EXPECTED_OPERATION_IDS, EXPECTED_OPERATIONS } from '../../../support/api-surface.js';

describe("the API's operations, each declared in its folder", () => {
  it('are the expected ones, each with its method and path', () => {
    expect(API_OPERATIONS.map(({ operationId, method, path }) => ({ operationId, method, path }))).toEqual(
      EXPECTED_OPERATIONS,
    );
    expect(OPERATION_IDS).toEqual(EXPECTED_OPERATION_IDS);
  });

  it('answer their methods, HEAD with GET, and OPTIONS', () => {
    expect(answeredMethods(API_OPERATIONS)).toEqual(EXPECTED_METHODS);
    expect(API_METHODS).toEqual([...EXPECTED_METHODS, 'OPTIONS']);
  });

  it('name HEAD once however many operations are GETs, each method in the order first met', () => {
    expect(answeredMethods([{ method: 'POST' }, { method: 'GET' }, { method: 'GET' }, { method: 'DELETE' }])).toEqual([
      'POST',
      'GET',
      'HEAD',
      'DELETE',
    ]);
    expect(answeredMethods([{ method: 'PATCH' }])).toEqual(['PATCH']);
    expect(answeredMethods([])).toEqual([]);
  });
});

describe('an operation mounted on the router', () => {
  it('is under /v1, its template parameters as the router writes them', () => {
    expect(routePattern('/pets')).toBe('/v1/pets');
    expect(routePattern('/pets/{petId}')).toBe('/v1/pets/:petId');
    expect(routePattern('/owners/{ownerId}/pets/{petId}')).toBe('/v1/owners/:ownerId/pets/:petId');
  });

  it('matches its method and path only, named by its operationId', () => {
    const router = createRouter();
    const operation = {
      operationId: 'renamePet',
      method: 'PATCH',
      path: '/pets/{petId}',
      document: () => ({ operation: {} }),
    } as const;
    mountOperation(router, operation, () => undefined);
    const matched = router.match('/v1/pets/7', 'PATCH').pathAndMethod;
    expect(matched.map((layer) => [layer.name, layer.path, layer.methods])).toEqual([
      ['renamePet', '/v1/pets/:petId', ['PATCH']],
    ]);
    expect(router.match('/v1/pets/7', 'GET').pathAndMethod).toEqual([]);
    expect(router.match('/pets/7', 'PATCH').pathAndMethod).toEqual([]);
  });
});
