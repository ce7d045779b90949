import { get } from 'node:http';
import { isIP } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, TEST_KEY, type LoggedLine, type TestApi } from '../../support/api-harness.js';
import { sha256Hex } from '../../support/digests.js';

/** One request a minute for each client: a second one is refused at once. */
const ONE_A_MINUTE = { RATE_LIMIT: '1', RATE_LIMIT_WINDOW: '1m' };

let api: TestApi;
afterEach(() => api.close());

/** The status of a GET of /v1/pets without a key, sent from `localAddress` (another loopback address than fetch's). */
function statusFrom(localAddress: string, headers: Record<string, string>, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${api.baseUrl}/v1/pets`, { localAddress, headers: { ...headers, 'X-Request-Id': requestId } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

/** The status of a GET of /v1/pets without a key, from 127.0.0.1. */
async function statusWith(headers: Record<string, string>, requestId: string): Promise<number> {
  return (await api.request('/v1/pets', { key: null, headers: { ...headers, 'X-Request-Id': requestId } })).status;
}

/** The access line of the request with this id, once written. */
async function accessLine(requestId: string): Promise<LoggedLine> {
  const line = () => api.logLines.find((logged) => logged.msg === 'request' && logged.requestId === requestId);
  await expect.poll(line).toBeDefined();
  return line() as LoggedLine;
}

const clientAddresses = async (...requestIds: string[]) =>
  Promise.all(requestIds.map(async (id) => (await accessLine(id)).clientAddress));

describe('behind a trusted proxy', () => {
  it("counts two clients without keys in two buckets, by the X-Forwarded-For it writes, and logs each one's address", async () => {
    api = await startTestApi({ env: { ...ONE_A_MINUTE, TRUST_PROXY: 'loopback' } });
    const first = { 'X-Forwarded-For': '198.51.100.7' };
    const second = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 127.0.0.5' };
    expect([await statusWith(first, 'a1'), await statusWith(first, 'a2'), await statusWith(second, 'b1')]).toEqual([
      401, 429, 401,
    ]);
    expect(await clientAddresses('a1', 'a2', 'b1')).toEqual(['198.51.100.7', '198.51.100.7', '203.0.113.9']);
  });

  it('reads the Forwarded header instead when told its proxies write that one, and ignores X-Forwarded-For', async () => {
    api = await startTestApi({ env: { ...ONE_A_MINUTE, TRUST_PROXY: '127.0.0.1', TRUST_PROXY_HEADER: 'Forwarded' } });
    const first = { Forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https', 'X-Forwarded-For': '198.51.100.7' };
    const second = { Forwarded: 'for=203.0.113.9', 'X-Forwarded-For': '198.51.100.7' };
    expect([await statusWith(first, 'a1'), await statusWith(first, 'a2'), await statusWith(second, 'b1')]).toEqual([
      401, 429, 401,
    ]);
    expect(await clientAddresses('a1', 'a2', 'b1')).toEqual(['2001:db8:cafe::17', '2001:db8:cafe::17', '203.0.113.9']);
  });

  it('takes no word from a peer that is not in its list: a forged header changes neither bucket nor address', async () => {
    api = await startTestApi({ env: { ...ONE_A_MINUTE, TRUST_PROXY: '127.0.0.1' } });
    expect([
      await statusFrom('127.0.0.2', { 'X-Forwarded-For': '198.51.100.7' }, 'u1'),
      await statusFrom('127.0.0.2', { 'X-Forwarded-For': '203.0.113.9' }, 'u2'),
      await statusWith({ 'X-Forwarded-For': '198.51.100.7' }, 't1'),
    ]).toEqual([401, 429, 401]);
    expect(await clientAddresses('u1', 'u2', 't1')).toEqual(['127.0.0.2', '127.0.0.2', '198.51.100.7']);
  });
});

describe('with no proxy trusted', () => {
  it('counts a client by its own address and logs that, whatever X-Forwarded-For or Forwarded it forges', async () => {
    api = await startTestApi({ env: ONE_A_MINUTE });
    expect([
      await statusWith({ 'X-Forwarded-For': '198.51.100.7' }, 'f1'),
      await statusWith({ 'X-Forwarded-For': '203.0.113.9', Forwarded: 'for=203.0.113.10' }, 'f2'),
    ]).toEqual([401, 429]);
    expect(await clientAddresses('f1', 'f2')).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('the access line of a request', () => {
  it('names its key by the first 12 digits of its digest, never the key, and its user agent, cut to 256 characters', async () => {
    api = await startTestApi();
    const userAgent = `probe "quoted" \\ ${'x'.repeat(1000)}`;
    await api.request('/v1/pets', { headers: { 'User-Agent': userAgent, 'X-Request-Id': 'k1' } });
    const line = await accessLine('k1');
    expect(line).toMatchObject({ keyDigest: sha256Hex(TEST_KEY).slice(0, 12), userAgent: userAgent.slice(0, 256) });
    const everything = JSON.stringify(api.logLines);
    expect(everything).not.toContain(TEST_KEY);
    expect(everything).not.toContain(sha256Hex(TEST_KEY));
  });

  it('names no key for a request without a valid one, and no user agent when the client sent none', async () => {
    api = await startTestApi();
    await statusFrom('127.0.0.1', {}, 'n1');
    await api.request('/v1/pets', { key: 'not-a-key-at-all', headers: { 'X-Request-Id': 'n2' } });
    const [none, wrong] = [await accessLine('n1'), await accessLine('n2')];
    expect(none).toMatchObject({ clientAddress: '127.0.0.1', status: 401 });
    expect(none).not.toHaveProperty('userAgent');
    expect(none).not.toHaveProperty('keyDigest');
    expect(wrong).not.toHaveProperty('keyDigest');
  });
});

/** Printable ASCII, as a header value may hold it: what a careless or hostile client might write. */
const garbage = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 24,
});

const anAddressSpelling = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4().map((address) => `${address}:8080`),
  fc.ipV6().map((address) => `[${address}]`),
  fc.ipV6().map((address) => `[${address}]:4711`),
  fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1', 'unknown', '_hidden', '', ' '),
  garbage,
);

const aSeparator = fc.constantFrom(',', ', ', ' , ', ',,');

const anXForwardedFor = fc
  .tuple(fc.array(anAddressSpelling, { maxLength: 6 }), aSeparator)
  .map(([entries, separator]) => entries.join(separator));

const aForwardedElement = fc.oneof(
  anAddressSpelling.map((node) => `for=${node}`),
  anAddressSpelling.map((node) => `For="${node}"`),
  anAddressSpelling.map((node) => `proto=https;for="${node}";by=_proxy`),
  garbage,
);

const aForwarded = fc
  .tuple(fc.array(aForwardedElement, { maxLength: 5 }), aSeparator)
  .map(([elements, separator]) => elements.join(separator));

describe.each(['x-forwarded-for', 'forwarded'] as const)('any %s a trusted proxy passes on', (header) => {
  it("answers, and names as the client either an address the header holds or the proxy's own", async () => {
    api = await startTestApi({ env: { TRUST_PROXY: 'loopback', TRUST_PROXY_HEADER: header } });
    let sent = 0;
    let derived = 0;
    await fc.assert(
      fc.asyncProperty(anXForwardedFor, aForwarded, async (xForwardedFor, forwarded) => {
        sent += 1;
        const requestId = `p${String(sent)}`;
        const response = await api.request('/v1/pets', {
          headers: { 'X-Forwarded-For': xForwardedFor, Forwarded: forwarded, 'X-Request-Id': requestId },
        });
        expect(response.status).toBe(200);
        const { clientAddress } = await accessLine(requestId);
        const read = header === 'forwarded' ? forwarded : xForwardedFor;
        expect(typeof clientAddress === 'string' && isIP(clientAddress) !== 0).toBe(true);
        expect(clientAddress === '127.0.0.1' || read.includes(clientAddress as string)).toBe(true);
        if (clientAddress !== '127.0.0.1') derived += 1;
      }),
      { numRuns: 60 },
    );
    expect(api.loggedErrors).toEqual([]);
    // Not every spelling fell back to the proxy: the walk was taken.
    expect(derived).toBeGreaterThan(0);
  });
});
