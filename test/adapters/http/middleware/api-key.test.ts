import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countPets, expectError, startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';

describe('authentication', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  beforeEach(() => api.reset());
  afterAll(() => api.close());

  describe('authentication on every /v1 request', () => {
    it('answers 401 with the Error body and a Bearer challenge when no key is sent', async () => {
      const response = await api.request('/v1/pets', { key: null });
      const body = await expectError(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
      expect(body.message).toBe('An API key is required: send Authorization: Bearer <key>');
    });

    it('answers 401 with error="invalid_token" when an unknown key is sent', async () => {
      const response = await api.request('/v1/pets', { key: 'not-the-key' });
      const body = await expectError(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore", error="invalid_token"');
      expect(body.message).toBe('The API key is not valid');
    });

    it('treats a malformed bearer token as an invalid token', async () => {
      const response = await api.request('/v1/pets', { headers: { Authorization: `Bearer ${TEST_KEY} extra` } });
      await expectError(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    it.each([
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer    ',
      TEST_KEY,
      'Token abc',
      `Token Bearer ${TEST_KEY}`,
      `Bearer${TEST_KEY}`,
    ])('answers 401 without error attribute when the header %j presents no bearer token', async (header) => {
      const response = await api.request('/v1/pets', { headers: { Authorization: header } });
      await expectError(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore"');
    });

    it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts the scheme name %s in any case', async (scheme) => {
      const response = await api.request('/v1/pets', { headers: { Authorization: `${scheme} ${TEST_KEY}` } });
      expect(response.status).toBe(200);
    });

    it('accepts the right key with surrounding spaces', async () => {
      const response = await api.request('/v1/pets', { headers: { Authorization: `  Bearer   ${TEST_KEY}  ` } });
      expect(response.status).toBe(200);
    });

    it('rejects a key that differs only in case or by a prefix', async () => {
      for (const key of [TEST_KEY.toUpperCase(), TEST_KEY.slice(0, -1), `${TEST_KEY}x`]) {
        await expectError(await api.request('/v1/pets', { key }), 401, 'unauthorized');
      }
    });

    it('guards unknown paths under /v1 too, so routes are not discoverable without a key', async () => {
      await expectError(await api.request('/v1/nothing-here', { key: null }), 401, 'unauthorized');
      await expectError(await api.request('/v1', { key: null }), 401, 'unauthorized');
      await expectError(await api.request('/v1/pets/1/extra', { method: 'POST', key: null }), 401, 'unauthorized');
      await expectError(await api.request('/v1/nothing-here'), 404, 'not_found');
    });

    it('checks the key before validating the query, the path or the body', async () => {
      await expectError(await api.request('/v1/pets?limit=0', { key: null }), 401, 'unauthorized');
      await expectError(await api.request('/v1/pets/abc', { key: null }), 401, 'unauthorized');
      await expectError(await api.request('/v1/pets/1', { method: 'POST', key: null }), 401, 'unauthorized');
      const badBody = await api.request('/v1/pets', {
        key: 'wrong',
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'not json',
      });
      await expectError(badBody, 401, 'unauthorized');
    });

    it('stores nothing when the key is missing', async () => {
      const before = await countPets(api);
      const response = await api.request('/v1/pets', {
        key: null,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
      });
      await expectError(response, 401, 'unauthorized');
      expect(await countPets(api)).toBe(before);
    });

    it('leaves the probes outside /v1 open, and does not guard paths that merely start with v1', async () => {
      expect((await api.request('/healthz', { key: null })).status).toBe(200);
      expect((await api.request('/readyz', { key: null })).status).toBe(200);
      await expectError(await api.request('/v1pets', { key: null }), 404, 'not_found');
    });
  });
});
