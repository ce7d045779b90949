import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../support/api-harness.js';
import { EXPECTED_METHODS } from '../../../support/api-surface.js';

let api: TestApi;
afterEach(() => api.close());

describe('safe defaults on every response', () => {
  it.each([
    ['a listing', '/v1/pets', 200, undefined],
    ['a refused key', '/v1/pets', 401, 'wrong'],
    ['an unknown API path', '/v1/nothing', 404, undefined],
    ['a probe', '/healthz', 200, null],
    ['the OpenAPI document', '/openapi.json', 200, null],
    ['the docs page', '/docs', 200, null],
  ] as const)('%s: nosniff, no caching, no framing, no X-Powered-By', async (_what, path, status, key) => {
    api = await startTestApi();
    const response = await api.request(path, key === undefined ? {} : { key });
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it("gives JSON answers OWASP's API set, and not the headers meant for HTML pages", async () => {
    api = await startTestApi();
    const response = await api.request('/v1/pets');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    for (const htmlOnly of [
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-xss-protection',
      'origin-agent-cluster',
    ]) {
      expect(response.headers.get(htmlOnly)).toBeNull();
    }
  });

  it.each(['/docs', '/docs/assets/start-docs.js', '/docs/assets/swagger-ui.css'])(
    "gives the docs page's %s helmet's set for HTML",
    async (path) => {
      api = await startTestApi();
      const response = await api.request(path, { key: null });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('lets the docs page call only its own origin when the servers are given relative to it (the default)', async () => {
    api = await startTestApi();
    const policy = (await api.request('/docs', { key: null })).headers.get('content-security-policy');
    expect(policy?.split(';')).toContain("connect-src 'self'");
  });

  it('allows the docs page only scripts, styles and images of its own, and calls to the API servers', async () => {
    api = await startTestApi({
      env: { PUBLIC_BASE_URL: 'https://api.example.com/v1', STAGING_BASE_URL: 'http://staging.example.com:8080/v1' },
    });
    const policy = (await api.request('/docs', { key: null })).headers.get('content-security-policy');
    expect(policy?.split(';')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self' https://api.example.com http://staging.example.com:8080",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://app.example.com';

  it('is off by default: no origin gets CORS headers', async () => {
    api = await startTestApi();
    const response = await api.request('/v1/pets', { headers: { Origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    // Not even `Vary: Origin`: with CORS off, the answer does not depend on the origin.
    expect(response.headers.get('vary')).toBeNull();
  });

  it('lets a listed origin read answers, with the documented headers exposed', async () => {
    api = await startTestApi({ env: { CORS_ORIGINS: `${ORIGIN},http://localhost:3000` } });
    const response = await api.request('/v1/pets', { headers: { Origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-expose-headers')?.split(',').sort()).toEqual(
      [
        'Link',
        'Location',
        'Sunset',
        'Deprecation',
        'Retry-After',
        'WWW-Authenticate',
        'X-Request-Id',
        'Idempotent-Replayed',
        'RateLimit-Policy',
        'RateLimit',
        'Access-Control-Allow-Origin',
        'Access-Control-Expose-Headers',
      ].sort(),
    );
  });

  it('keeps its headers on error answers, so the browser lets the script read the Error', async () => {
    api = await startTestApi({ env: { CORS_ORIGINS: ORIGIN } });
    const response = await api.request('/v1/pets', { key: 'wrong', headers: { Origin: ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('answers the preflight of a listed origin without a key', async () => {
    api = await startTestApi({ env: { CORS_ORIGINS: ORIGIN } });
    const response = await api.request('/v1/pets', {
      method: 'OPTIONS',
      key: null,
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe(EXPECTED_METHODS.join(','));
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization,Content-Type,X-Request-Id,Idempotency-Key',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('gives any other origin nothing, and its preflight still needs a key', async () => {
    api = await startTestApi({ env: { CORS_ORIGINS: ORIGIN } });
    const other = await api.request('/v1/pets', { headers: { Origin: 'https://evil.example.com' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await api.request('/v1/pets', {
      method: 'OPTIONS',
      key: null,
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
