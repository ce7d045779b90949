import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect as connectHttp2 } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';
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
reportSkipped('TLS through nginx', 'missing' in nginx ? nginx : openssl);

const KEY = 'proxied-key';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  readonly tls: { protocol: string | null; subject: string | string[] | undefined };
}

describe.skipIf('missing' in nginx || 'missing' in openssl)('TLS in front: deploy/nginx/petstore.conf', () => {
  let folder: string;
  let ca: string;
  let service: ServiceProcess | undefined;
  let proxy: NginxProcess;
  /** A second nginx with the same configuration, in front of a server that answers with what it received. */
  let echoProxy: NginxProcess;
  let echo: Server;
  /** What to undo after the tests, in the order it was done. */
  const cleanUps: (() => Promise<void> | void)[] = [];

  /** An HTTPS request to `port`, the certificate checked against the throwaway one. */
  const send = (
    port: number,
    path: string,
    { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, path, method, headers, ca, agent: false }, (response) => {
        const socket = response.socket;
        if (!(socket instanceof TLSSocket)) throw new Error('the answer came over a socket without TLS');
        const tls = { protocol: socket.getProtocol(), subject: socket.getPeerCertificate().subject.CN };
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, tls });
        });
      });
      sent.on('error', reject);
      sent.end(body);
    });
  const authorized = { Authorization: `Bearer ${KEY}` };

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-nginx-'));
    cleanUps.push(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    // nginx's workers run as an unprivileged user when the tests run as root: they must reach their temporary files.
    chmodSync(folder, 0o755);
    const certificate = throwawayCertificate('path' in openssl ? openssl.path : '', folder);
    ca = certificate.pem;
    service = startService({ API_KEYS: KEY });
    cleanUps.push(() => killIfRunning(service));
    const servicePort = (await service.waitForLog('petstore listening')).port as number;
    echo = createServer((received, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ headers: received.headers, peerPort: received.socket.remotePort }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    cleanUps.push(
      () =>
        new Promise<void>((resolve) =>
          echo.close(() => {
            resolve();
          }),
        ),
    );
    const echoPort = (echo.address() as { port: number }).port;
    const nginxPath = 'path' in nginx ? nginx.path : '';
    /** nginx with the repository's configuration, on a free port, in front of `upstreamPort`. */
    const nginxInFrontOf = async (name: string, upstreamPort: number) => {
      const port = await freePort();
      const started = await startNginx(
        nginxPath,
        mkFolder(name),
        port,
        templatedConfig(port, upstreamPort, certificate),
      );
      cleanUps.push(() => started.stop());
      return started;
    };
    proxy = await nginxInFrontOf('service', servicePort);
    echoProxy = await nginxInFrontOf('echo', echoPort);
  }, 30_000);

  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  function mkFolder(name: string): string {
    const path = mkdtempSync(join(folder, `${name}-`));
    chmodSync(path, 0o755);
    return path;
  }

  it('answers /healthz over TLS 1.2 or 1.3 with the configured certificate, and passes on the service headers', async () => {
    const answer = await send(proxy.port, '/healthz');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
    expect(answer.tls.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(answer.tls.subject).toBe('localhost');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // server_tokens off: no nginx version in the Server header.
    expect(answer.headers.server).toBe('nginx');
  });

  it('creates a pet and reads it back at its Location, through the proxy', async () => {
    const pet = { name: 'Proxied', categoryId: 7, status: 'available' };
    const created = await send(proxy.port, '/v1/pets', {
      method: 'POST',
      headers: { ...authorized, 'Content-Type': 'application/json' },
      body: JSON.stringify(pet),
    });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/v1\/pets\/\d+$/);
    const read = await send(proxy.port, location, { headers: authorized });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toEqual({ ...pet, id: (JSON.parse(created.body) as { id: number }).id });
  });

  it("refuses a request without a key with the service's own 401", async () => {
    const answer = await send(proxy.port, '/v1/pets');
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('leaves a body above BODY_LIMIT to the service, which refuses it with its JSON 413', async () => {
    const answer = await send(proxy.port, '/v1/pets', {
      method: 'POST',
      headers: { ...authorized, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_500_000), categoryId: 1 }),
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
  });

  it('keeps /metrics off the public side', async () => {
    expect((await send(proxy.port, '/metrics')).status).toBe(404);
  });

  it('speaks HTTP/2 to clients that offer it', async () => {
    const session = connectHttp2(`https://127.0.0.1:${String(proxy.port)}`, { ca });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/healthz' });
        stream.on('response', (headers) => {
          resolve(Number(headers[':status']));
        });
        stream.on('error', reject);
        stream.end();
      });
      expect(status).toBe(200);
    } finally {
      session.close();
    }
  });

  it('sets X-Forwarded-For to the client address and X-Forwarded-Proto to https, whatever the client claims', async () => {
    const answer = await send(echoProxy.port, '/v1/pets', {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'http' },
    });
    const { headers } = JSON.parse(answer.body) as { headers: Record<string, string> };
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers.host).toBe('127.0.0.1');
  });

  it('keeps its connections to the upstream open between requests', async () => {
    const peerPort = async () => (JSON.parse((await send(echoProxy.port, '/')).body) as { peerPort: number }).peerPort;
    const first = await peerPort();
    expect(await peerPort()).toBe(first);
    const { headers } = JSON.parse((await send(echoProxy.port, '/')).body) as { headers: Record<string, string> };
    expect(headers.connection).toBeUndefined();
  });
});
