import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countPets, startTestApi, TEST_KEY, type TestApi } from '../../support/api-harness.js';
import { expectDocumented } from '../../support/openapi-check.js';
import { EXPECTED_REFUSAL_METHODS } from '../../support/api-surface.js';
import { rawRequest, sendRaw, sendRawReadingAll, type RawResponse } from '../../support/raw-http.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

const AUTH = `Authorization: Bearer ${TEST_KEY}`;

/** What the server writes first to a request sent without its body, as a waiting client would. */
function firstBytes(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString('latin1'));
    });
    socket.on('error', reject);
  });
}

async function send(request: string): Promise<RawResponse> {
  const response = await sendRaw(Number(new URL(api.baseUrl).port), request);
  if (response === undefined) throw new Error('the server closed the connection without answering');
  return response;
}

/** The Error body and every header any other answer of the service carries. */
async function expectErrorAnswer(response: RawResponse, status: number, code: string, path = '/v1/pets') {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body)).toEqual({ code, status, message: expect.any(String) as string });
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  });
  await expectDocumented(api.baseUrl, {
    method: 'GET',
    path,
    status: response.status,
    header: (name) => response.headers[name.toLowerCase()],
    text: response.body,
  });
}

describe("requests Node's HTTP parser refuses are answered with the Error body", () => {
  it.each([
    [
      'a Content-Length that is not a number',
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Length: abc\r\n\r\n{}`,
    ],
    [
      'two different Content-Lengths',
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    ],
    [
      'Content-Length together with chunked',
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
    ],
    [
      'a transfer coding that does not end in chunked (no way to tell where the body ends)',
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nTransfer-Encoding: gzip\r\n\r\n{}`,
    ],
    ['a header without a colon', 'GET /v1/pets HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'],
    ['a control character in the target', 'GET /v1/pe\x01ts HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a request line with a space in its target', `GET /v1 pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`],
    ['a request line of a method alone', `CONNECT\r\nHost: x\r\n${AUTH}\r\n\r\n`],
  ])('answers 400 bad_request for %s', async (_case, request) => {
    await expectErrorAnswer(await send(request), 400, 'bad_request');
  });

  it.each([
    ['an unknown method token', `FOO /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`],
    ['a lowercase method (methods are case-sensitive)', `get /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`],
  ])('answers 501 not_implemented for %s, with or without a key (RFC 9110 §15.6.2)', async (_case, request) => {
    await expectErrorAnswer(await send(request), 501, 'not_implemented');
    await expectErrorAnswer(await send(request.replace(`${AUTH}\r\n`, '')), 501, 'not_implemented');
  });

  it('names in a 501 the methods the API answers', async () => {
    const response = await send(`FOO /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`);
    expect((JSON.parse(response.body) as { message: string }).message).toBe(
      `The method is not one this server implements; it answers ${EXPECTED_REFUSAL_METHODS}`,
    );
  });

  it.each([
    ['HTTP/2.0', 'HTTP/2.0'],
    ['HTTP/3.7', 'HTTP/3.7'],
    ['HTTP/0.9', 'HTTP/0.9'],
    ['HTTP/1.2', 'HTTP/1.2'],
    ['no version at all', ''],
  ])(
    'answers 505 http_version_not_supported to a request line with %s, never serving it as HTTP/1.1',
    async (_case, version) => {
      const line = ['GET', '/v1/pets', version].filter((part) => part !== '').join(' ');
      const response = await send(`${line}\r\nHost: x\r\n${AUTH}\r\n\r\n`);
      await expectErrorAnswer(response, 505, 'http_version_not_supported');
      expect(JSON.parse(response.body)).toMatchObject({ message: 'This server speaks HTTP/1.1 (and HTTP/1.0)' });
    },
  );

  it('answers 501 not_implemented to a body in a transfer coding other than chunked, and stores nothing (RFC 9112 §6.1)', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    for (const codings of ['gzip, chunked', 'GZIP, chunked', 'x-custom;q=1, chunked']) {
      const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
      const response = await send(
        `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: ${codings}\r\n\r\n${chunked}`,
      );
      await expectErrorAnswer(response, 501, 'not_implemented');
      expect(JSON.parse(response.body)).toMatchObject({
        message: expect.stringContaining('Content-Encoding') as string,
      });
      expect(response.headers.connection).toBe('close');
    }
    expect(await countPets(api)).toBe(0);
    const plain = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    expect(
      (
        await send(
          `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${plain}`,
        )
      ).status,
    ).toBe(201);
  });

  it('answers 431 headers_too_large for 20 KB of headers', async () => {
    await expectErrorAnswer(
      await send(`GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      431,
      'headers_too_large',
    );
  });

  it('answers 413 payload_too_large for a huge chunk extension', async () => {
    const request = `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;ext=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`;
    await expectErrorAnswer(await send(request), 413, 'payload_too_large');
  });

  it.each([
    ['TRACE with bare LF line ends', 'TRACE /v1/pets/1 HTTP/1.1\nHost: x\n\n'],
    ['GET with a bare LF after the request line', `GET /v1/pets HTTP/1.1\nHost: x\r\n${AUTH}\r\n\r\n`],
    ['HTTP/1.0 with bare LF line ends', 'GET /v1/pets HTTP/1.0\n\n'],
    ['a CR alone after the request line', 'GET /v1/pets HTTP/1.1\rHost: x\r\n\r\n'],
    ['an unknown method with bare LF line ends', 'FOO /v1/pets HTTP/1.1\nHost: x\n\n'],
    ['an unspoken version with bare LF line ends', 'GET /v1/pets HTTP/3.0\nHost: x\n\n'],
  ])(
    'answers 400 bad_request, not 501 or 505, to a request whose fault is its line ends: %s',
    async (_case, request) => {
      await expectErrorAnswer(await send(request), 400, 'bad_request');
    },
  );

  const CREATE_WITH_NO_BODY = `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n`;
  const answersTo = (request: string) => sendRawReadingAll(Number(new URL(api.baseUrl).port), request);

  it('answers bytes after a complete request that are not a request with 400 bad_request, judged where the parser stopped', async () => {
    const answers = await answersTo(`${CREATE_WITH_NO_BODY}[]`);
    expect(answers.map(({ status }) => status)).toEqual([400, 400]);
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ code: 'bad_request' });
    const afterABody = await answersTo(CREATE_WITH_NO_BODY.replace('Content-Length: 0', 'Content-Length: 2') + '[][]');
    expect(afterABody.map(({ status, body }) => [status, (JSON.parse(body) as { code: string }).code])).toEqual([
      [400, 'invalid_body'],
      [400, 'bad_request'],
    ]);
  });

  it('answers a create sent before bytes that are not a request first and whole, then refuses the bytes', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    const answers = await answersTo(
      `${CREATE_WITH_NO_BODY.replace('Content-Length: 0', `Content-Length: ${body.length}`)}${body}[]`,
    );
    expect(answers.map(({ status }) => status)).toEqual([201, 400]);
    expect(JSON.parse(answers[0]!.body)).toEqual({ id: 1, name: 'Rex', categoryId: 1 });
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ code: 'bad_request' });
    expect(await countPets(api)).toBe(1);
  });

  it('answers every create pipelined before bytes that are not a request, in order, then refuses the bytes', async () => {
    const create = (name: string) => {
      const body = JSON.stringify({ name, categoryId: 1 });
      return `${CREATE_WITH_NO_BODY.replace('Content-Length: 0', `Content-Length: ${body.length}`)}${body}`;
    };
    const answers = await answersTo(`${create('Rex')}${create('Max')}${create('Kit')}[]`);
    expect(
      answers.map(({ status, body }) => [
        status,
        (JSON.parse(body) as { name?: string; code?: string }).name ?? (JSON.parse(body) as { code: string }).code,
      ]),
    ).toEqual([
      [201, 'Rex'],
      [201, 'Max'],
      [201, 'Kit'],
      [400, 'bad_request'],
    ]);
    expect(await countPets(api)).toBe(3);
  });

  it('answers a well-formed request line after a complete request by its own method and version: 501, 505', async () => {
    const unknownMethod = await answersTo(
      `${CREATE_WITH_NO_BODY.replace('Content-Length: 0', 'Content-Length: 2')}[]FOO /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(unknownMethod.map(({ status }) => status)).toEqual([400, 501]);
    const unspokenVersion = await answersTo(`${CREATE_WITH_NO_BODY}GET /v1/pets HTTP/3.0\r\nHost: x\r\n\r\n`);
    expect(unspokenVersion.map(({ status }) => status)).toEqual([400, 505]);
  });

  it('judges only the line ends when they are all that is wrong (fast-check)', async () => {
    // Each draw is one connection; 60 cover every method, version and line end drawn from these few.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'TRACE', 'FOO', 'get'),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/1.2', 'HTTP/3.0'),
        fc.constantFrom('\n', '\r', '\r\r\n', '\n\r'),
        fc.constantFrom('\r\n', '\n'),
        async (method, version, requestLineEnd, headerLineEnd) => {
          const response = await send(
            `${method} /v1/pets ${version}${requestLineEnd}Host: x${headerLineEnd}${AUTH}${headerLineEnd}${headerLineEnd}`,
          );
          expect([response.status, (JSON.parse(response.body) as { code: string }).code]).toEqual([400, 'bad_request']);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
  });

  it('never answers 501 or 505 to bytes after a complete request that cannot start a request line (fast-check)', async () => {
    // What follows a request: nothing or a line end, a byte no method can start with, then anything.
    const notARequest = fc
      .tuple(
        fc.constantFrom('', '\r\n', '\n'),
        fc.constantFrom(
          '[',
          ']',
          '{',
          '}',
          '(',
          ')',
          '<',
          '>',
          '@',
          ',',
          ';',
          ':',
          '"',
          '/',
          '?',
          '=',
          ' ',
          '\t',
          '\x00',
          '\x7f',
          '\xff',
        ),
        fc.string({ maxLength: 40 }),
      )
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(notARequest, async (trailing) => {
        const answers = await answersTo(CREATE_WITH_NO_BODY + trailing);
        expect(answers.at(-1)?.status).toBe(400);
        expect(answers.map(({ status }) => status)).not.toContain(501);
        expect(answers.map(({ status }) => status)).not.toContain(505);
      }),
      { numRuns: 80, seed: 40 },
    );
  });

  it('logs each refusal with the request id it answered with', async () => {
    const response = await send('FOO / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(api.logLines).toContainEqual(
      expect.objectContaining({
        msg: 'request refused by the HTTP parser',
        requestId: response.headers['x-request-id'],
        status: 501,
        parserError: 'HPE_INVALID_METHOD',
      }),
    );
  });
});

describe('what HTTP requires and Node leaves to the server', () => {
  it('answers 400 bad_request for an HTTP/1.1 request without Host', async () => {
    const response = await send(`GET /v1/pets HTTP/1.1\r\n${AUTH}\r\nConnection: close\r\n\r\n`);
    await expectErrorAnswer(response, 400, 'bad_request');
    expect(JSON.parse(response.body)).toMatchObject({ message: 'An HTTP/1.1 request must carry a Host header' });
  });

  it('answers 400 bad_request for an HTTP/1.1 request with two Host headers', async () => {
    await expectErrorAnswer(
      await send(`GET /v1/pets HTTP/1.1\r\nHost: a\r\nHost: b\r\n${AUTH}\r\nConnection: close\r\n\r\n`),
      400,
      'bad_request',
    );
  });

  it.each(['Authorization', 'Content-Type', 'authorization'])(
    'answers 400 bad_request when %s comes twice, even with a valid key first',
    async (field) => {
      const second = field.toLowerCase() === 'authorization' ? `${field}: Bearer other` : `${field}: text/plain`;
      const request = rawRequest(
        'POST',
        '/v1/pets',
        [AUTH, 'Content-Type: application/json', second],
        '{"name":"Rex","categoryId":1}',
      );
      const response = await send(request);
      await expectErrorAnswer(response, 400, 'bad_request');
      expect(JSON.parse(response.body)).toMatchObject({
        message: `The ${field.toLowerCase()} header may appear only once`,
      });
      expect(await countPets(api)).toBe(0);
    },
  );

  it('serves an HTTP/1.0 request without Host', async () => {
    expect((await send(`GET /v1/pets HTTP/1.0\r\n${AUTH}\r\n\r\n`)).status).toBe(200);
  });

  it.each(['something-else', '200-ok'])('answers 417 expectation_failed for Expect: %s', async (expectation) => {
    const response = await send(rawRequest('GET', '/v1/pets', [AUTH, `Expect: ${expectation}`]));
    await expectErrorAnswer(response, 417, 'expectation_failed');
    expect(JSON.parse(response.body)).toMatchObject({
      message: 'The only expectation this server meets is Expect: 100-continue',
    });
  });

  it('answers Expect: 100-continue with 100 Continue once the key is checked, then the answer', async () => {
    const port = Number(new URL(api.baseUrl).port);
    const head =
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 29\r\n';
    const interim = await firstBytes(port, `${head}${AUTH}\r\n\r\n`);
    expect(interim).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    const refused = await firstBytes(port, `${head}Authorization: Bearer wrong\r\n\r\n`);
    expect(refused).toMatch(/^HTTP\/1\.1 401 /);
    const body = '{"name":"Rex","categoryId":1}';
    expect(
      (
        await send(
          rawRequest('POST', '/v1/pets', [AUTH, 'Content-Type: application/json', 'Expect: 100-continue'], body),
        )
      ).status,
    ).toBe(201);
  });
});
