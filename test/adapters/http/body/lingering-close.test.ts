import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '../../../../adapters/koa/body/lingering-close.js';
import { countPets, startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';

const MEGABYTE = 1024 * 1024;
const UPLOAD_BYTES = 50 * MEGABYTE;

/**
 * A client that sends its whole upload before it reads anything, as many simple clients do, and
 * reports what it read and whether its connection was reset under it.
 */
function uploadThenRead(
  port: number,
  framing: 'chunked' | 'length',
  key = TEST_KEY,
): Promise<{ answer: string; reset: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let reset = false;
    socket.pause();
    socket.on('error', () => {
      reset = true;
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      resolve({ answer, reset });
    });
    const head = [
      'POST /v1/pets HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${key}`,
      'Content-Type: application/json',
      framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${UPLOAD_BYTES}`,
    ];
    const piece = Buffer.alloc(MEGABYTE, 0x20);
    const chunk =
      framing === 'chunked'
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
        : piece;
    let sent = 0;
    const sendMore = () => {
      while (sent < UPLOAD_BYTES) {
        sent += piece.length;
        if (!socket.write(chunk)) {
          socket.once('drain', sendMore);
          return;
        }
      }
      if (framing === 'chunked') socket.write('0\r\n\r\n');
      // Only now does this client read what the server said.
      socket.resume();
    };
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    sendMore();
  });
}

describe('a refused upload, while its client is still sending', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { BODY_LIMIT: '16kb' } });
  });
  afterAll(() => api.close());

  it('lingers long enough for the upload to be read to its end (the bound is above this test upload)', () => {
    expect(LINGER.bytes).toBeGreaterThan(UPLOAD_BYTES);
  });

  for (const framing of ['chunked', 'length'] as const) {
    it(`answers 413 that the client reads after sending 50 MB (${framing === 'chunked' ? 'chunked' : 'Content-Length'}), never a reset, three times over`, async () => {
      const port = Number(new URL(api.baseUrl).port);
      for (let run = 0; run < 3; run += 1) {
        const { answer, reset } = await uploadThenRead(port, framing);
        expect({ run, reset, statusLine: answer.split('\r\n')[0] }).toEqual({
          run,
          reset: false,
          statusLine: 'HTTP/1.1 413 Payload Too Large',
        });
        expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
          code: 'payload_too_large',
          status: 413,
        });
      }
      expect(await countPets(api)).toBe(0);
    }, 60_000);
  }

  it('answers a refusal sent while shutting down, which closes the connection, that the client reads after its upload, never a reset', async () => {
    const draining = await startTestApi();
    const shutdown = draining.beginShutdown(1500);
    try {
      // Refused at the key check, before its body is read: the server's shutdown, not the refusal, closes the connection.
      const { answer, reset } = await uploadThenRead(
        Number(new URL(draining.baseUrl).port),
        'length',
        'not-a-key_0123456789',
      );
      expect({ reset, statusLine: answer.split('\r\n')[0] }).toEqual({
        reset: false,
        statusLine: 'HTTP/1.1 401 Unauthorized',
      });
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    } finally {
      await shutdown;
      await draining.close();
    }
  }, 60_000);
});
