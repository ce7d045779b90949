import { STATUS_CODES } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_METHODS } from '../../adapters/koa/http-app.js';
import { sendRaw, type RawResponse } from '../support/raw-http.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

/**
 * Random and malformed requests, byte for byte over a real socket, against the service as
 * `npm start` runs it (its own process). Seeded and bounded: the same few hundred requests
 * every run, each with a deadline. Whatever arrives, every answer keeps the contract.
 */
const KEY = 'fuzz-key_0123456789';
// 2,000 requests draw each method, target and framing fault dozens of times in about 5 s; FUZZ_RUNS goes further.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
// Fixed, so a failure reproduces; FUZZ_SEED explores further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let service: ServiceProcess;
let port: number;
beforeAll(async () => {
  service = startService({ API_KEYS: KEY, LOG_LEVEL: 'info', BODY_LIMIT: '16kb', SHUTDOWN_GRACE: '0s' });
  port = (await service.waitForLog('petstore listening')).port as number;
}, 30_000);
afterAll(async () => {
  service.child.kill('SIGTERM');
  await service.exited;
});

const method = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'CONNECT',
  'FOO',
  'get',
  'P0ST',
  '',
);
const target = fc.oneof(
  fc.constantFrom(
    '/v1/pets',
    '/v1/pets/1',
    '/v1/pets/0',
    '/v1',
    '/v1/',
    '/healthz',
    '/readyz',
    '/metrics',
    '/openapi.json',
    '/docs',
    '/docs/assets/swagger-ui.css',
    '/',
    '*',
  ),
  fc
    .tuple(
      fc.constantFrom(
        '/v1/pets',
        '/V1/pets',
        '/v1/PETS',
        '/v1/pets/',
        '//v1/pets',
        '/v1/./pets',
        '/v1/%70ets',
        '/%761/pets',
        '/v1/pets/01',
        'http://x/v1/pets',
        '/v1\\pets',
      ),
      fc.constantFrom(
        '',
        '?limit=5',
        '?limit=0',
        '?limit=101',
        '?limit=1e1',
        '?status=sold',
        '?status=SOLD',
        '?after=-1',
        '?limit=5&limit=6',
        '?%zz',
        '?status[$ne]=x',
      ),
    )
    .map(([path, query]) => path + query),
  fc.string({
    unit: fc.constantFrom(
      '/',
      'v',
      '1',
      'p',
      'e',
      't',
      's',
      '%',
      '2',
      '.',
      '?',
      '#',
      ';',
      'A',
      '\\',
      ' ',
      '\u00e9',
      '\x00',
    ),
    maxLength: 24,
  }),
);
const authorization = fc.constantFrom(
  [`Authorization: Bearer ${KEY}`],
  [`authorization: bearer ${KEY}`],
  [],
  ['Authorization: Bearer wrong-key'],
  ['Authorization: Bearer'],
  [`Authorization: Basic ${KEY}`],
  [`Authorization: Bearer ${KEY}x`],
  [`Authorization: Bearer ${KEY}`, 'Authorization: Bearer wrong-key'],
);
const contentType = fc.constantFrom(
  [],
  ['Content-Type: application/json'],
  ['Content-Type: application/json; charset=utf-8'],
  ['Content-Type: application/json; charset=latin1'],
  ['Content-Type: text/plain'],
  ['Content-Type: application/json', 'Content-Type: text/plain'],
  ['Content-Type: ;;;'],
);
const encoding = fc.constantFrom('', 'gzip', 'br', 'deflate', 'identity', 'compress', '__proto__', 'gzip, gzip');
const extraHeaders = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Expect: 100-continue',
      'Expect: nope',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Host: second',
      'X-Request-Id: fuzz-1',
      'X-Request-Id: \u00ff',
      'Origin: https://evil.example',
      'Upgrade: websocket',
      'Connection: upgrade',
      'Idempotency-Key: fuzz-1',
      'idempotency-key: fuzz-2',
      'Idempotency-Key:',
      'Idempotency-Key: a b',
      'Idempotency-Key: caf\u00e9',
    ),
    fc
      .tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), fc.string({ maxLength: 20 }))
      .map(([name, value]) => `${name}: ${value}`),
  ),
  { maxLength: 3 },
);
const petLike = fc.record(
  {
    name: fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', '\u200b', '\ud800', 'x'.repeat(201), 'Rex'),
      fc.integer(),
      fc.constant(null),
    ),
    categoryId: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53, '1', null)),
    status: fc.constantFrom('available', 'pending', 'sold', 'lost', undefined),
    id: fc.constantFrom(undefined, 7),
    __proto__: fc.constantFrom(undefined, { admin: true }),
  },
  { requiredKeys: [] },
);
const bodyText = fc.oneof(
  petLike.map((pet) => JSON.stringify(pet)),
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"Rex"',
    '{"name":"Rex","categoryId":1}',
    '{"__proto__":{"x":1},"name":"a","categoryId":1}',
    '[[[[[[[[[[[[[[[[[[[[',
  ),
  fc.string({ maxLength: 60 }),
);
const body = fc.tuple(bodyText, encoding, fc.boolean()).map(([text, coding, corrupt]) => {
  let bytes = Buffer.from(text);
  if (coding === 'gzip') bytes = gzipSync(bytes);
  if (coding === 'br') bytes = brotliCompressSync(bytes);
  if (corrupt && bytes.length > 2) bytes[Math.floor(bytes.length / 2)] = 0xff;
  return { bytes, coding };
});

const request = fc.record({
  method,
  target,
  authorization,
  contentType,
  extraHeaders,
  body,
  withHost: fc.boolean(),
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', ''),
});
type FuzzRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function encode(r: FuzzRequest): Buffer {
  const lines = [
    [r.method, r.target, r.version].filter((part) => part !== '').join(' '),
    ...(r.withHost ? ['Host: 127.0.0.1'] : []),
    'Connection: close',
    ...r.authorization,
    ...r.contentType,
    ...(r.body.coding === '' ? [] : [`Content-Encoding: ${r.body.coding}`]),
    ...r.extraHeaders,
  ];
  const chunked = r.extraHeaders.some((header) => /^Transfer-Encoding: (.*, )?chunked$/.test(header));
  const payload = chunked
    ? Buffer.concat([
        Buffer.from(`${r.body.bytes.length.toString(16)}\r\n`),
        r.body.bytes,
        Buffer.from('\r\n0\r\n\r\n'),
      ])
    : r.body.bytes;
  if (!chunked) lines.push(`Content-Length: ${r.body.bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

const PUBLIC_PATHS = /^\/(healthz|readyz|metrics|openapi\.json|docs(\/assets\/[A-Za-z0-9._-]+)?)$/;

/** What the service exposes without a key: only public paths, and only reading. */
function publicRead(r: FuzzRequest): boolean {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(r.method)) return false;
  const path = URL.canParse(r.target, 'http://x') ? new URL(r.target, 'http://x').pathname : r.target;
  return PUBLIC_PATHS.test(path);
}

/** Rethrows a failed exchange, saying first whether the service process died. */
async function stillUp(error: unknown): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (service.child.exitCode !== null)
    throw new Error(`the service exited (${service.child.exitCode}):\n${service.output().slice(-1_500)}`);
  throw error;
}

async function petCount(): Promise<number> {
  let count = 0;
  let next: string | undefined = '/v1/pets?limit=100';
  while (next !== undefined) {
    const response: Response = await fetch(`http://127.0.0.1:${port}${next}`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    count += ((await response.json()) as unknown[]).length;
    next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return count;
}

/**
 * The 5xx answers a request may earn by its HTTP alone: 501 for a method the API answers on no path or
 * a transfer coding other than chunked, 505 for a version other than 1.0 and 1.1 (or none).
 */
function protocolRefusals(r: FuzzRequest): number[] {
  const refusals: number[] = [];
  if (!API_METHODS.includes(r.method) || r.extraHeaders.includes('Transfer-Encoding: gzip, chunked'))
    refusals.push(501);
  if (r.version !== 'HTTP/1.1' && r.version !== 'HTTP/1.0') refusals.push(505);
  return refusals;
}

/** Every invariant, as one list of broken ones: empty when the answer keeps the contract. */
function brokenInvariants(
  r: FuzzRequest,
  response: RawResponse | undefined,
  stored: { before: number; after: number },
): string[] {
  const broken: string[] = [];
  const keyed =
    r.authorization.length === 1 && r.authorization[0].toLowerCase() === `authorization: bearer ${KEY}`.toLowerCase();
  if (response === undefined) return ['no answer'];
  if (
    response.statusLine !==
    `${response.statusLine.slice(0, 8)} ${String(response.status)} ${STATUS_CODES[response.status] ?? ''}`
  )
    broken.push(`status line ${response.statusLine}`);
  if (response.headers.allow === '') broken.push('an empty Allow');
  if (response.status >= 500 && !protocolRefusals(r).includes(response.status))
    broken.push(`answered ${response.status}`);
  if (response.status >= 400 && r.method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      broken.push(`error body is not JSON: ${response.body.slice(0, 60)}`);
    }
    const error = parsed as { code?: unknown; message?: unknown; status?: unknown } | undefined;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string' || error.status !== response.status) {
      broken.push(`error body is not the Error shape: ${response.body.slice(0, 60)}`);
    }
  }
  if (response.status >= 400 && response.headers['x-request-id'] === undefined) broken.push('no X-Request-Id');
  if (!keyed && response.status < 400 && !publicRead(r)) broken.push(`answered ${response.status} without a key`);
  // A replay (same Idempotency-Key, same pet) answers 201 and adds nothing.
  const created = response.status === 201 && response.headers['idempotent-replayed'] !== 'true' ? 1 : 0;
  if (stored.after !== stored.before + created)
    broken.push(`store went from ${stored.before} to ${stored.after} on a ${response.status}`);
  return broken;
}

describe('fuzzing the service over a real socket', () => {
  it(`keeps the contract for ${RUNS} random and malformed requests (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const before = await petCount();
        const response = await sendRaw(port, encode(r), { head: r.method === 'HEAD', timeoutMs: 5_000 }).catch(stillUp);
        const after = await petCount().catch(stillUp);
        const broken = brokenInvariants(r, response, { before, after });
        if (broken.length > 0)
          throw new Error(
            `${broken.join('; ')}\nrequest: ${JSON.stringify(encode(r).toString('latin1').slice(0, 300))}`,
          );
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(service.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 120_000);
});
