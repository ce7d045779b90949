import { get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMIT_POLICY_SYNTAX, RATE_LIMIT_SYNTAX } from '../../../../adapters/http/rate-limit/rate-limiter.js';
import { aNewPet } from '../../../support/builders.js';
import { countPets, expectError, OTHER_TEST_KEY, startTestApi, type TestApi } from '../../../support/api-harness.js';

/** 3 requests a minute: a token comes back every 20 s, far longer than any of these tests takes. */
const THREE_A_MINUTE = { RATE_LIMIT: '3', RATE_LIMIT_WINDOW: '1m' };

/** The status of a GET sent from another loopback address than fetch's 127.0.0.1. */
function statusFrom(localAddress: string, url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { localAddress }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
}

const standing = (response: Response) => ({
  status: response.status,
  policy: response.headers.get('ratelimit-policy'),
  rateLimit: response.headers.get('ratelimit'),
  retryAfter: response.headers.get('retry-after'),
});

describe('rate limit per API key', () => {
  let api: TestApi;
  afterEach(() => api.close());

  it('drives one key past its limit to a 429 with Retry-After, while a second key is unaffected', async () => {
    api = await startTestApi({ env: THREE_A_MINUTE });
    const answers = [];
    for (let request = 0; request < 4; request += 1) answers.push(standing(await api.request('/v1/pets')));
    const policy = '"default";q=3;w=60';
    expect(answers).toEqual([
      { status: 200, policy, rateLimit: '"default";r=2;t=20', retryAfter: null },
      { status: 200, policy, rateLimit: '"default";r=1;t=40', retryAfter: null },
      { status: 200, policy, rateLimit: '"default";r=0;t=60', retryAfter: null },
      { status: 429, policy, rateLimit: '"default";r=0;t=60', retryAfter: '20' },
    ]);
    const response = await api.request('/v1/pets');
    const refused = await expectError(response, 429, 'rate_limited');
    // The message says the seconds Retry-After gives, not the header's name.
    expect({ retryAfter: response.headers.get('retry-after'), message: refused.message }).toEqual({
      retryAfter: '20',
      message: 'Too many requests: at most 3 in 60 seconds; retry after 20 seconds',
    });

    expect(standing(await api.request('/v1/pets', { key: OTHER_TEST_KEY }))).toEqual({
      status: 200,
      policy,
      rateLimit: '"default";r=2;t=20',
      retryAfter: null,
    });
  });

  it('counts every operation against the one bucket, and a refused create adds nothing', async () => {
    api = await startTestApi({ env: THREE_A_MINUTE });
    expect((await api.postJson('/v1/pets', aNewPet())).status).toBe(201);
    expect((await api.request('/v1/pets/1')).status).toBe(200);
    expect((await api.request('/v1/pets?limit=0')).status).toBe(400);
    await expectError(await api.postJson('/v1/pets', aNewPet()), 429, 'rate_limited');
    expect(await countPets(api)).toBe(1);
  });

  it('limits requests without a valid key by address, so a flood of bad keys is limited too', async () => {
    api = await startTestApi({ env: THREE_A_MINUTE });
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await api.request('/v1/pets', { key: attempt % 2 === 0 ? `guess-${attempt}` : null });
      statuses.push([response.status, response.headers.get('ratelimit')]);
    }
    expect(statuses).toEqual([
      [401, '"default";r=2;t=20'],
      [401, '"default";r=1;t=40'],
      [401, '"default";r=0;t=60'],
      [429, '"default";r=0;t=60'],
      [429, '"default";r=0;t=60'],
    ]);
    // A valid key from that same address has a bucket of its own.
    expect((await api.request('/v1/pets')).status).toBe(200);
    // And so has another address: its first request without a key is refused for the key, not the rate.
    expect(await statusFrom('127.0.0.2', `${api.baseUrl}/v1/pets`)).toBe(401);
  });

  it('writes both fields in the draft syntax the OpenAPI document gives, with the defaults on', async () => {
    api = await startTestApi();
    const response = await api.request('/v1/pets');
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=6000;w=60');
    expect(response.headers.get('ratelimit-policy')).toMatch(RATE_LIMIT_POLICY_SYNTAX);
    expect(response.headers.get('ratelimit')).toMatch(RATE_LIMIT_SYNTAX);
    expect(response.headers.get('ratelimit')).toBe('"default";r=5999;t=1');
  });

  it('leaves what is outside /v1 alone: probes, the docs, the metrics', async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1h' } });
    for (const path of ['/healthz', '/readyz', '/openapi.json', '/metrics', '/healthz', '/metrics']) {
      const response = await api.request(path, { key: null });
      expect([path, response.status, response.headers.get('ratelimit')]).toEqual([path, 200, null]);
    }
  });

  it('words a window of one second in the singular, and gives its whole-second fields', async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '2', RATE_LIMIT_WINDOW: '1s' } });
    await api.request('/v1/pets');
    await api.request('/v1/pets');
    const response = await api.request('/v1/pets');
    const body = await expectError(response, 429, 'rate_limited');
    expect(body.message).toBe('Too many requests: at most 2 in 1 second; retry after 1 second');
    expect(standing(response)).toEqual({
      status: 429,
      policy: '"default";q=2;w=1',
      rateLimit: '"default";r=0;t=1',
      retryAfter: '1',
    });
  });

  it('limits just the same with metrics off', async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1h', METRICS: 'off' } });
    expect((await api.request('/v1/pets')).status).toBe(200);
    await expectError(await api.request('/v1/pets'), 429, 'rate_limited');
  });

  it('is off with RATE_LIMIT=0: no limit and no fields', async () => {
    api = await startTestApi({ env: { RATE_LIMIT: '0' } });
    for (let request = 0; request < 5; request += 1) {
      const response = await api.request('/v1/pets');
      expect([response.status, response.headers.get('ratelimit-policy'), response.headers.get('ratelimit')]).toEqual([
        200,
        null,
        null,
      ]);
    }
  });
});
