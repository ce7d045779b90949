import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS, type ServerTimeouts } from '../../../../adapters/koa/server/server-timeouts.js';
import { countPets, startTestApi, TEST_KEY, type TestApi } from '../../../support/api-harness.js';

/**
 * Short timeouts, so that a test waits a second or two, not the service's 10 and 30 s. Node checks
 * them on an interval of its own (30 s unless told otherwise), which these would expose at once.
 */
const TIMEOUTS: ServerTimeouts = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 5_000 };
/** Slow clients at once: each holds a socket, as an attacker's would. */
const CLIENTS = 24;
/**
 * How late past its timeout a connection may close: far more than a busy machine delays a timer, far
 * less than Node's own 30 s check interval, which left such connections open for up to 30 s more.
 */
const LATE_BY_AT_MOST_MS = 5_000;
/** Each client sends a byte this often: always within any idle limit, never done within the timeout. */
const DRIP_EVERY_MS = 100;

interface SlowClientOutcome {
  /** What the server wrote before it closed. */
  readonly received: string;
  /** From before the connection was opened to when the server's end of it arrived. */
  readonly closedAfterMs: number;
}

/**
 * Opens a connection, writes `head`, then one more byte of `drip` every DRIP_EVERY_MS until the server
 * ends the connection, or until `giveUpMs` (the outcome then says how long it stayed open).
 */
function slowClient(port: number, head: string, drip: string, giveUpMs: number): Promise<SlowClientOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let received = '';
    let sent = 0;
    const dripping = setInterval(() => {
      if (socket.writable) socket.write(drip.charAt(sent++ % drip.length));
    }, DRIP_EVERY_MS);
    const done = () => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ received, closedAfterMs: performance.now() - started });
    };
    const giveUp = setTimeout(done, giveUpMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // The end of the server's side: a FIN, or a reset if the server dropped bytes still on their way.
    socket.on('end', done);
    socket.on('error', done);
  });
}

/** The status line and the Error body of what the server wrote. */
function answerOf(received: string): { statusLine: string; body: unknown } {
  const headEnd = received.indexOf('\r\n\r\n');
  return {
    statusLine: received.slice(0, received.indexOf('\r\n')),
    body: headEnd < 0 ? undefined : (JSON.parse(received.slice(headEnd + 4)) as unknown),
  };
}

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startTestApi({ timeouts: TIMEOUTS });
  port = Number(new URL(api.baseUrl).port);
});
beforeEach(() => api.reset());
afterAll(() => api.close());

const AUTH = `Authorization: Bearer ${TEST_KEY}`;
const REQUEST_TIMEOUT = { code: 'request_timeout', message: 'The request did not arrive in time', status: 408 };

describe('clients that take too long', () => {
  it('are held to the documented 10 s for their headers and 30 s for their whole request', () => {
    expect(SERVER_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 });
  });

  it(`answers ${CLIENTS} clients trickling their headers at once with 408, and closes each within seconds of the headers timeout`, async () => {
    const head = `POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nX-Slow: `;
    const outcomes = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        slowClient(port, head, 'abcdefghij', TIMEOUTS.headersMs + LATE_BY_AT_MOST_MS + 1_000),
      ),
    );
    for (const { received, closedAfterMs } of outcomes) {
      expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs);
      expect(closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + LATE_BY_AT_MOST_MS);
      expect(answerOf(received)).toEqual({ statusLine: 'HTTP/1.1 408 Request Timeout', body: REQUEST_TIMEOUT });
    }
  }, 20_000);

  it(`answers ${CLIENTS} clients trickling their bodies at once with 408, closes each within seconds of the request timeout, and stores nothing`, async () => {
    const body = JSON.stringify({ name: 'Slow', categoryId: 1 }).padEnd(200, ' ');
    const head = [
      'POST /v1/pets HTTP/1.1',
      'Host: x',
      AUTH,
      'Content-Type: application/json',
      `Content-Length: ${String(body.length)}`,
      '',
      '',
    ].join('\r\n');
    const outcomes = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        slowClient(port, head, body, TIMEOUTS.requestMs + LATE_BY_AT_MOST_MS + 1_000),
      ),
    );
    for (const { received, closedAfterMs } of outcomes) {
      expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs);
      expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + LATE_BY_AT_MOST_MS);
      expect(answerOf(received)).toEqual({ statusLine: 'HTTP/1.1 408 Request Timeout', body: REQUEST_TIMEOUT });
    }
    expect(await countPets(api)).toBe(0);
  }, 20_000);

  it('serves nothing a client sends after its 408: the request it then completes is not read', async () => {
    const pet = JSON.stringify({ name: 'Late', categoryId: 1 });
    const rest = `\r\nContent-Type: application/json\r\nContent-Length: ${String(pet.length)}\r\n\r\n${pet}`;
    const received = await new Promise<string>((resolve) => {
      // Half-open allowed: the client goes on writing after the server's end, as a careless client may.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
        socket.write(`POST /v1/pets HTTP/1.1\r\nHost: x\r\n${AUTH}\r\nX-Slow: a`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) socket.write(rest);
      });
      const done = () => {
        clearTimeout(giveUp);
        socket.destroy();
        resolve(text);
      };
      const giveUp = setTimeout(done, TIMEOUTS.headersMs + LATE_BY_AT_MOST_MS);
      socket.on('end', done);
      socket.on('error', done);
    });
    expect(answerOf(received).statusLine).toBe('HTTP/1.1 408 Request Timeout');
    // Time for a request, had it been read, to be served.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await countPets(api)).toBe(0);
    expect(api.logLines.filter((line) => line.msg === 'request')).toEqual([]);
  });
});
