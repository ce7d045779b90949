import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../../core/pet.js';
import { expectError, startTestApi, type TestApi } from '../../../../support/api-harness.js';

describe('getPet', () => {
  const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';
  const DEPRECATION = '@1795305600';

  let api: TestApi;
  let pet: Pet;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(async () => {
    await api.reset();
    pet = await api.repository.add({ name: 'Kitty', categoryId: 2, status: 'sold' });
  });
  afterAll(() => api.close());

  function expectDeprecationHeaders(response: Response) {
    expect(response.headers.get('sunset')).toBe(SUNSET);
    expect(response.headers.get('deprecation')).toBe(DEPRECATION);
  }

  describe('GET /v1/pets/{petId} (deprecated)', () => {
    it('answers 200 with the pet', async () => {
      const response = await api.request(`/v1/pets/${pet.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual(pet);
    });

    it('announces its removal on 5 December 2030 on a success', async () => {
      expectDeprecationHeaders(await api.request(`/v1/pets/${pet.id}`));
      expect(new Date(SUNSET).toISOString()).toBe('2030-12-05T00:00:00.000Z');
      expect(new Date(Number(DEPRECATION.slice(1)) * 1000).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    });

    it('answers 404 not_found, with the deprecation headers, when no pet has the id', async () => {
      const response = await api.request('/v1/pets/424242');
      const body = await expectError(response, 404, 'not_found');
      expect(body.message).toBe('No pet has id 424242');
      expectDeprecationHeaders(response);
    });

    it('answers 404 for id 0, which no pet can have', async () => {
      await expectError(await api.request('/v1/pets/0'), 404, 'not_found');
    });

    it.each(['abc', '1.5', '-1', '1e3', '0x1', '007', '00', '01', '99999999999999999999'])(
      'answers 400 invalid_path_parameter, with the deprecation headers, for petId %j',
      async (petId) => {
        const response = await api.request(`/v1/pets/${petId}`);
        const body = await expectError(response, 400, 'invalid_path_parameter');
        expect(body.details?.[0]?.path).toBe('petId');
        expect(body.message).toContain('petId');
        expectDeprecationHeaders(response);
      },
    );

    it.each(['%201', '1%20', '%31', '%zz', '%E0%A4%A', '1/', '.%2E', '1;x'])(
      'answers 404 for /v1/pets/%s: a path in any but its one spelling names nothing',
      async (petId) => {
        const response = await api.request(`/v1/pets/${petId}`);
        await expectError(response, 404, 'not_found');
      },
    );

    it('says what a valid petId is', async () => {
      const body = await expectError(await api.request('/v1/pets/abc'), 400, 'invalid_path_parameter');
      expect(body.message).toBe(
        'Invalid path parameter: petId must be written in decimal digits, without sign, fraction or leading zeros',
      );
      const tooLarge = await expectError(await api.request('/v1/pets/9007199254740992'), 400, 'invalid_path_parameter');
      expect(tooLarge.message).toBe('Invalid path parameter: petId must be an integer from 0 to 9007199254740991');
    });

    it('does not mark the other operations as deprecated', async () => {
      const response = await api.request('/v1/pets');
      expect(response.headers.get('sunset')).toBeNull();
      expect(response.headers.get('deprecation')).toBeNull();
    });
  });
});
