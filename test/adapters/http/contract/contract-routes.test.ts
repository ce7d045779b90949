import { describe, expect, it } from 'vitest';
import { contractRouter } from '../../../../adapters/http/contract/contract-routes.js';

const match = contractRouter([
  { method: 'GET', path: '/v1/pets', handler: 'list' },
  { method: 'POST', path: '/v1/pets', handler: 'create' },
  { method: 'GET', path: '/v1/pets/{petId}', handler: 'get' },
  { method: 'PUT', path: '/v1/owners/{ownerId}/pets/{petId}', handler: 'adopt' },
]);

describe("the contract's router", () => {
  it('finds a route by its method and path, with its parameters as sent', () => {
    expect(match('GET', '/v1/pets/007')).toMatchObject({ kind: 'route', params: { petId: '007' } });
    expect(match('PUT', '/v1/owners/3/pets/4')).toMatchObject({
      kind: 'route',
      route: { handler: 'adopt' },
      params: { ownerId: '3', petId: '4' },
    });
    expect(match('POST', '/v1/pets')).toMatchObject({ kind: 'route', route: { handler: 'create' }, params: {} });
  });

  it('takes a template segment as a parameter only when it is one whole: `{name}.json` is a literal', () => {
    const files = contractRouter([{ method: 'GET', path: '/v1/files/{name}.json', handler: 'file' }]);
    expect(files('GET', '/v1/files/report.json')).toEqual({ kind: 'no route' });
    expect(files('GET', '/v1/files/{name}.json')).toMatchObject({ kind: 'route', params: {} });
    const prefixed = contractRouter([{ method: 'GET', path: '/v1/files/x{name}', handler: 'file' }]);
    expect(prefixed('GET', '/v1/files/report')).toEqual({ kind: 'no route' });
  });

  it('answers HEAD with the GET route', () => {
    expect(match('HEAD', '/v1/pets')).toMatchObject({ kind: 'route', route: { handler: 'list' } });
  });

  it('names the methods of the path in Allow, HEAD before GET, for another method and for OPTIONS', () => {
    expect(match('DELETE', '/v1/pets')).toEqual({ kind: 'method not allowed', allow: 'HEAD, GET, POST' });
    expect(match('OPTIONS', '/v1/pets/1')).toEqual({ kind: 'options', allow: 'HEAD, GET' });
  });

  it('finds nothing for a path of another length, another segment, or an empty parameter', () => {
    for (const path of ['/v1', '/v1/pets/1/2', '/v1/cats', '/v1/pets/', '/v2/pets', '/v1/owners//pets/4'])
      expect(match('GET', path), path).toEqual({ kind: 'no route' });
  });
});
