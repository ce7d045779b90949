import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startNginx,
  templatedConfig,
  throwawayCertificate,
  type NginxProcess,
} from '../support/nginx-proxy.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { reportSkipped, systemProgram } from '../support/system-program.js';

const nginx = systemProgram('nginx', 'nginx-light');
const openssl = systemProgram('openssl', 'openssl');
// HTTP/2 with a header twice: node:http2 will not send it, curl does.
const curl = systemProgram('curl', 'curl');
reportSkipped("nginx's own refusals", 'missing' in nginx ? nginx : openssl);
reportSkipped("nginx's refusal of a duplicate header over HTTP/2", curl);

const KEY = 'proxied-key';

/** A response as it came over the wire, header names lowercased. */
interface WireAnswer {
  readonly statusLine: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Splits what a server wrote into its status line, headers and body (one response, to the connection's end). */
function parseAnswer(text: string): WireAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusLine, status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** The Error body nginx writes for `code`: the service's shape, with the status it names. */
function errorOf(answer: WireAnswer): unknown {
  expect(answer.headers['content-type']).toBe('application/json');
  // The service never saw the request: no id of its making.
  expect(answer.headers).not.toHaveProperty('x-request-id');
  return JSON.parse(answer.body);
}

describe.skipIf('missing' in nginx || 'missing' in openssl)(
  "nginx's own refusals, in the service's Error shape: deploy/nginx/petstore.conf",
  () => {
    let folder: string;
    let certificate: { cert: string; key: string; pem: string };
    let service: ServiceProcess | undefined;
    /** In front of the service. */
    let proxy: NginxProcess;
    /** In front of a port nothing listens on. */
    let toNothing: NginxProcess;
    /** In front of a server that accepts connections and never answers, with a read timeout of a second. */
    let toSilence: NginxProcess;
    const cleanUps: (() => Promise<void> | void)[] = [];

    /** Writes `request` byte for byte over TLS to `port` and reads until nginx closes the connection (no half-close: nginx would take it for a client gone). */
    const sendRaw = (port: number, request: string) =>
      new Promise<WireAnswer>((resolve, reject) => {
        const socket = connectTls({ host: '127.0.0.1', port, ca: certificate.pem }, () => socket.write(request));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => {
          resolve(parseAnswer(text));
        });
      });
    const request = (target: string, ...headers: string[]) =>
      [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', ''].join('\r\n');

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'petstore-nginx-refusals-'));
      cleanUps.push(() => {
        rmSync(folder, { recursive: true, force: true });
      });
      chmodSync(folder, 0o755);
      certificate = throwawayCertificate('path' in openssl ? openssl.path : '', folder);
      service = startService({ API_KEYS: KEY });
      cleanUps.push(() => killIfRunning(service));
      const servicePort = (await service.waitForLog('petstore listening')).port as number;
      const held = new Set<Socket>();
      const silent: Server = createServer((socket: Socket) => {
        held.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      cleanUps.push(
        () =>
          new Promise<void>((resolve) => {
            for (const socket of held) socket.destroy();
            silent.close(() => {
              resolve();
            });
          }),
      );
      const nginxPath = 'path' in nginx ? nginx.path : '';
      const nginxInFrontOf = async (
        name: string,
        upstreamPort: number,
        edit: (config: string) => string = (c) => c,
      ) => {
        const port = await freePort();
        const nginxFolder = mkdtempSync(join(folder, `${name}-`));
        chmodSync(nginxFolder, 0o755);
        const config = edit(templatedConfig(port, upstreamPort, certificate));
        const started = await startNginx(nginxPath, nginxFolder, port, config);
        cleanUps.push(() => started.stop());
        return started;
      };
      proxy = await nginxInFrontOf('service', servicePort);
      toNothing = await nginxInFrontOf('nothing', await freePort());
      toSilence = await nginxInFrontOf('silence', (silent.address() as { port: number }).port, (config) =>
        config.replace('proxy_read_timeout 60s;', 'proxy_read_timeout 1s;'),
      );
    }, 30_000);

    afterAll(async () => {
      for (const cleanUp of cleanUps.reverse()) await cleanUp();
    });

    it('answers a body over its limit with 413 payload_too_large', async () => {
      const body = 'x'.repeat(3 * 1024 * 1024);
      const head = [
        'POST /v1/pets HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${KEY}`,
        'Content-Type: application/json',
        `Content-Length: ${String(body.length)}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n');
      const answer = await sendRaw(proxy.port, head + body);
      expect(answer.statusLine).toBe('HTTP/1.1 413 Request Entity Too Large');
      expect(errorOf(answer)).toEqual({
        code: 'payload_too_large',
        message: 'The request body is too large',
        status: 413,
      });
    });

    it('answers a duplicate Authorization or Host over HTTP/1.1 with 400 bad_request', async () => {
      for (const duplicate of [
        request('/v1/pets', 'Authorization: Bearer a', 'Authorization: Bearer b'),
        request('/v1/pets', 'Host: other'),
      ]) {
        const answer = await sendRaw(proxy.port, duplicate);
        expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
        expect(errorOf(answer)).toEqual({
          code: 'bad_request',
          message: 'The request is not valid HTTP',
          status: 400,
        });
      }
    });

    it.skipIf('missing' in curl)('answers a duplicate Authorization over HTTP/2 with 400 bad_request', () => {
      const sent = spawnSync(
        'path' in curl ? curl.path : '',
        [
          ...['--http2', '--silent', '--include', '--cacert', certificate.cert],
          ...['-H', 'Authorization: Bearer a', '-H', 'Authorization: Bearer b'],
          `https://127.0.0.1:${String(proxy.port)}/v1/pets`,
        ],
        { encoding: 'latin1' },
      );
      const answer = parseAnswer(sent.stdout);
      expect(answer.statusLine.trim()).toBe('HTTP/2 400');
      expect(errorOf(answer)).toEqual({ code: 'bad_request', message: 'The request is not valid HTTP', status: 400 });
    });

    it('answers CONNECT, to a host or a path, and TRACE with 501 not_implemented, as the service answers them', async () => {
      for (const refused of [
        'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
        'CONNECT /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        'TRACE /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      ]) {
        const answer = await sendRaw(proxy.port, refused);
        expect(answer.statusLine).toBe('HTTP/1.1 501 Not Implemented');
        expect(errorOf(answer)).toEqual({
          code: 'not_implemented',
          message: 'The method is not one this server implements',
          status: 501,
        });
      }
    });

    it("leaves a method nginx passes on to the service, whose own 501 comes back with the service's request id", async () => {
      const answer = await sendRaw(proxy.port, request('/v1/pets').replace('GET', 'PROPFIND'));
      expect(answer.statusLine).toBe('HTTP/1.1 501 Not Implemented');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_implemented', status: 501 });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers a request line or a header over its buffers with 431 headers_too_large', async () => {
      for (const tooLarge of [
        request(`/v1/${'a'.repeat(10_000)}`),
        request('/v1/pets', `X-Big: ${'a'.repeat(10_000)}`),
      ]) {
        const answer = await sendRaw(proxy.port, tooLarge);
        // nginx knows no reason phrase for 431, and writes none (RFC 9112 §4 lets it).
        expect(answer.status).toBe(431);
        expect(errorOf(answer)).toEqual({
          code: 'headers_too_large',
          message: 'The request line or headers are too large',
          status: 431,
        });
      }
    });

    it('answers a version it does not speak with 505 http_version_not_supported', async () => {
      const answer = await sendRaw(proxy.port, request('/v1/pets').replace('HTTP/1.1', 'HTTP/3.0'));
      expect(answer.statusLine).toBe('HTTP/1.1 505 HTTP Version Not Supported');
      expect(errorOf(answer)).toMatchObject({ code: 'http_version_not_supported', status: 505 });
    });

    it('answers /metrics, and its own error pages asked for directly, with 404 not_found', async () => {
      for (const target of ['/metrics', '/petstore-errors/bad_request']) {
        const answer = await sendRaw(proxy.port, request(target));
        expect(answer.statusLine).toBe('HTTP/1.1 404 Not Found');
        expect(errorOf(answer)).toEqual({ code: 'not_found', message: 'No resource at this path', status: 404 });
      }
    });

    it('answers 503 service_unavailable with Retry-After when the service is down or does not answer in time', async () => {
      for (const port of [toNothing.port, toSilence.port]) {
        const answer = await sendRaw(port, request('/v1/pets', `Authorization: Bearer ${KEY}`));
        expect(answer.statusLine).toBe('HTTP/1.1 503 Service Temporarily Unavailable');
        expect(answer.headers['retry-after']).toBe('1');
        expect(errorOf(answer)).toEqual({
          code: 'service_unavailable',
          message: 'The service is temporarily unavailable; retry later',
          status: 503,
        });
      }
      expect(toNothing.errorLog()).toContain('Connection refused');
      expect(toSilence.errorLog()).toContain('upstream timed out');
    });
  },
);
