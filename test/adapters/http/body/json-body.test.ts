import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countPets, startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';
import { expectDocumented } from '../../../support/openapi-check.js';
import { sendRaw, type RawResponse } from '../../../support/raw-http.js';

const PET = '{"name":"Rex","categoryId":1}';
const LIMIT = 64 * 1024;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { BODY_LIMIT: String(LIMIT) } });
});
beforeEach(() => api.reset());
afterAll(() => api.close());

/** POSTs `body` as the bytes given, with these header lines, and checks the answer against the document. */
async function post(
  body: Buffer | string,
  headers: string[],
): Promise<RawResponse & { json: { code?: string; message?: string } }> {
  const bytes = Buffer.from(body);
  const head = [
    'POST /v1/pets HTTP/1.1',
    'Host: 127.0.0.1',
    'Connection: close',
    `Authorization: Bearer ${TEST_KEY}`,
    `Content-Length: ${bytes.length}`,
    ...headers,
  ];
  const response = await sendRaw(
    Number(new URL(api.baseUrl).port),
    Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes]),
  );
  if (response === undefined) throw new Error('the server closed the connection without answering');
  await expectDocumented(api.baseUrl, {
    method: 'POST',
    path: '/v1/pets',
    status: response.status,
    header: (name) => response.headers[name.toLowerCase()],
    text: response.body,
  });
  return { ...response, json: JSON.parse(response.body) as { code?: string } };
}

/** Asserts the refusal and that the store did not change. */
async function expectRefused(body: Buffer | string, headers: string[], status: number, code: string) {
  const before = await countPets(api);
  const response = await post(body, headers);
  expect({ status: response.status, code: response.json.code }).toEqual({ status, code });
  expect(response.headers['x-request-id']).toBeTruthy();
  expect(await countPets(api)).toBe(before);
  return response;
}

const JSON_TYPE = 'Content-Type: application/json';

describe('content codings', () => {
  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['GZip', gzipSync],
    ['identity', (bytes: Buffer) => bytes],
  ] as const)('accepts a body in %s', async (coding, compress) => {
    const response = await post(compress(Buffer.from(PET)), [JSON_TYPE, `Content-Encoding: ${coding}`]);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ name: 'Rex' });
  });

  it.each(['gzip', 'deflate', 'br'])(
    'answers 400 invalid_content_encoding, not 500, for a body that is not %s',
    async (coding) => {
      const response = await expectRefused(
        PET,
        [JSON_TYPE, `Content-Encoding: ${coding}`],
        400,
        'invalid_content_encoding',
      );
      expect(response.json.message).toBe(`The request body is not valid ${coding} data`);
      expect(api.loggedErrors).toEqual([]);
    },
  );

  it('answers 400 invalid_content_encoding for a gzip body cut short', async () => {
    const truncated = gzipSync(Buffer.from(PET)).subarray(0, 12);
    await expectRefused(truncated, [JSON_TYPE, 'Content-Encoding: gzip'], 400, 'invalid_content_encoding');
  });

  it.each(['compress', 'zstd', 'gzip, gzip', 'constructor', '__proto__', 'toString'])(
    'answers 415 unsupported_content_encoding for Content-Encoding: %s',
    async (coding) => {
      await expectRefused(PET, [JSON_TYPE, `Content-Encoding: ${coding}`], 415, 'unsupported_content_encoding');
    },
  );

  it('answers 413 for a small gzip body that inflates past the limit', async () => {
    const bomb = gzipSync(Buffer.from(`{"name":"${'a'.repeat(LIMIT * 16)}","categoryId":1}`));
    expect(bomb.length).toBeLessThan(LIMIT);
    const response = await expectRefused(bomb, [JSON_TYPE, 'Content-Encoding: gzip'], 413, 'payload_too_large');
    expect(response.json.message).toContain(String(LIMIT));
  });
});

describe('charsets', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=UTF-8',
    'application/json;charset="utf-8"',
    'APPLICATION/JSON; Charset=Utf-8',
  ])('accepts Content-Type: %s', async (type) => {
    expect((await post(PET, [`Content-Type: ${type}`])).status).toBe(201);
  });

  it.each([
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/json; charset=foo',
    'application/json; charset=utf8',
    'application/json; charset=',
    'text/plain',
    'application/jsonx',
  ])('answers 415 unsupported_media_type for Content-Type: %s', async (type) => {
    const response = await expectRefused(PET, [`Content-Type: ${type}`], 415, 'unsupported_media_type');
    expect(response.json.message).toBe(
      type.includes('charset')
        ? 'The request body must be encoded in UTF-8 (charset=utf-8, or no charset)'
        : 'The request body must be application/json',
    );
  });

  it('answers 415 when there is no Content-Type', async () => {
    await expectRefused(PET, [], 415, 'unsupported_media_type');
  });
});

describe('UTF-8', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated two-byte sequence', [0xc3]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte that never occurs in UTF-8', [0xff]],
  ])('answers 400 invalid_utf8 for %s in a name, instead of replacing it', async (_case, bytes) => {
    const body = Buffer.concat([Buffer.from('{"name":"Re'), Buffer.from(bytes), Buffer.from('x","categoryId":1}')]);
    const response = await expectRefused(body, [JSON_TYPE], 400, 'invalid_utf8');
    expect(response.json.message).toBe('The request body is not valid UTF-8');
  });

  it('keeps every character of valid UTF-8, U+FFFD included', async () => {
    const name = 'Zoë 🐕 \uFFFD 犬';
    const response = await post(JSON.stringify({ name, categoryId: 1 }), [JSON_TYPE]);
    expect(response.json).toMatchObject({ name });
  });
});

describe('size and framing', () => {
  it('answers 413 for a body over the limit, and the store is unchanged', async () => {
    const response = await expectRefused(
      `{"name":"${'a'.repeat(LIMIT)}","categoryId":1}`,
      [JSON_TYPE],
      413,
      'payload_too_large',
    );
    // The body was not read to its end: the connection closes rather than wait for the rest.
    expect(response.headers.connection).toBe('close');
  });

  it('answers 400 invalid_json for a body that is empty once decompressed', async () => {
    await expectRefused(gzipSync(Buffer.alloc(0)), [JSON_TYPE, 'Content-Encoding: gzip'], 400, 'invalid_json');
  });
});
