import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { listen } from '../../../../adapters/koa/server/http-server.js';
import { sendRaw } from '../../../support/raw-http.js';
import { firstBytes, get, quiet, servedPerTest, type Answer } from './served-app.js';

const each = servedPerTest();

describe('listen', () => {
  it('passes an HTTP/1.1 request without Host to the app, which decides the answer, instead of Node answering 400', async () => {
    const answer = await sendRaw(each.served.port, 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer?.body ?? '')).toEqual({ host: '', expect: '' });
  });

  it('passes a request with Expect: 100-continue to the app before anything is sent: no 100 Continue unless the app sends one', async () => {
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n';
    const first = await firstBytes(each.served.port, head);
    expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(first).toContain('"expect":"100-continue"');
  });

  it("passes a request with any other expectation to the app, instead of Node's bare 417", async () => {
    const answer = await sendRaw(
      each.served.port,
      'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: 200-ok\r\n\r\n',
    );
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer?.body ?? '')).toEqual({ host: 'x', expect: '200-ok' });
  });

  it("answers a request Node's parser refuses with the HTTP adapter's Error body, then closes the connection", async () => {
    const answer = await sendRaw(each.served.port, 'GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n');
    expect(answer?.status).toBe(400);
    expect(answer?.headers.connection).toBe('close');
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('answers a method Node does not know with 501, naming no methods when it is not told which the app answers', async () => {
    const answer = await sendRaw(each.served.port, 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer?.status).toBe(501);
    expect(JSON.parse(answer?.body ?? '')).toEqual({
      code: 'not_implemented',
      status: 501,
      message: 'The method is not one this server implements',
    });
  });

  it("keeps a connection open between responses, and tells clients it stays open 65 s, past a load balancer's 60 s", async () => {
    const first = (await get(each.agent, each.served.port)) as Answer;
    const second = (await get(each.agent, each.served.port)) as Answer;
    expect(first.status).toBe(200);
    expect(first.keepAlive).toBe('timeout=65');
    expect(second.socket).toBe(first.socket);
  });

  it('bounds the time a client may take over its headers (10 s) and over its whole request (30 s)', () => {
    expect(each.served.running.server.headersTimeout).toBe(10_000);
    expect(each.served.running.server.requestTimeout).toBe(30_000);
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const listening = listen(new Koa(), { port: each.served.port, host: '127.0.0.1', logger: quiet });
    await expect(listening).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it("leaves a server's later errors to the host: none is swallowed once it listens", () => {
    expect(() => each.served.running.server.emit('error', new Error('accept failed'))).toThrow('accept failed');
  });
});
