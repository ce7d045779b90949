import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_KEY, type TestApi } from '../../support/api-harness.js';
import { sendRaw } from '../../support/raw-http.js';

const AUTH = `Authorization: Bearer ${TEST_KEY}`;

describe('details of the wire', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const send = async (request: string) => {
    const response = await sendRaw(Number(new URL(api.baseUrl).port), request);
    if (response === undefined) throw new Error('the server closed the connection without answering');
    return response;
  };

  it('dates an answer to a request the parser refused, and says the connection closes', async () => {
    const before = Date.now() - 1000;
    const response = await send(`FOO /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\n\r\n`);
    expect(response.status).toBe(501);
    expect(response.headers.connection).toBe('close');
    expect(Date.parse(response.headers.date ?? '')).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  /** The status of a create whose body is sent chunked under the Transfer-Encoding `coding`. */
  async function createChunkedAs(coding: string): Promise<number> {
    const body = '{"name":"Rex","categoryId":1}';
    const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const response = await send(
      `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nContent-Type: application/json\r\nTransfer-Encoding: ${coding}\r\nConnection: close\r\n\r\n${chunked}`,
    );
    return response.status;
  }

  it('reads the chunked coding in any case, as the coding names are case-insensitive (RFC 9112 §7)', async () => {
    for (const coding of ['Chunked', 'CHUNKED']) {
      expect({ coding, status: await createChunkedAs(coding) }).toEqual({ coding, status: 201 });
    }
  });

  it('passes over empty elements of the Transfer-Encoding list, as list syntax allows (RFC 9110 §5.6.1)', async () => {
    for (const coding of [', chunked', ' ,chunked']) {
      expect({ coding, status: await createChunkedAs(coding) }).toEqual({ coding, status: 201 });
    }
  });
});
