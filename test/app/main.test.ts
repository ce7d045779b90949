import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killIfRunning, startService, watchProcess, type ServiceProcess } from '../support/service-process.js';
import { fetchDocumented } from '../support/openapi-check.js';
import { closedPort } from '../../testing/tcp-proxy.js';

let service: ServiceProcess | undefined;
afterEach(async () => {
  await killIfRunning(service);
  service = undefined;
});

/** Whether the kernel lets this process mount a read-only file system in a namespace of its own. */
function canMountReadOnly(): boolean {
  return spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o ro none /mnt'], { stdio: 'ignore' }).status === 0;
}

async function listeningPort(running: ServiceProcess): Promise<number> {
  return (await running.waitForLog('petstore listening')).port as number;
}

describe('starting the service', () => {
  it('without keys outside production, prints one generated key, once, and accepts it', async () => {
    service = startService({});
    const notice = await service.waitForLog(
      'No API_KEYS or API_KEY_DIGESTS set: generated a development API key for this run; send it as "Authorization: Bearer <apiKey>"',
    );
    const key = notice.apiKey as string;
    const port = await listeningPort(service);
    // Printed once start-up has succeeded: after the line that says where it listens.
    expect(
      service
        .logLines()
        .map((line) => line.msg)
        .slice(0, 2),
    ).toEqual(['petstore listening', notice.msg]);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetchDocumented(`${base}/v1/pets`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(
      200,
    );
    expect((await fetchDocumented(`${base}/v1/pets`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetchDocumented(`${base}/v1/pets/abc`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(
      400,
    );
    expect(service.output().split(key).length - 1).toBe(1);
    expect(service.output()).not.toContain('wrong');
  });

  it('with NODE_ENV=production and no key, refuses to start with one clear line', async () => {
    service = startService({ NODE_ENV: 'production' });
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe(
      'petstore: configuration error: API_KEYS or API_KEY_DIGESTS must be set when NODE_ENV=production\n',
    );
  });

  it('with a bad variable, stops with one line naming it', async () => {
    service = startService({ PORT: 'eighty', API_KEYS: 'k' });
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe('petstore: configuration error: PORT must be a whole number from 0 to 65535\n');
  });

  it('with STORAGE=mongo and the database out of reach, stops with one line that does not echo the URI', async () => {
    const port = await closedPort();
    service = startService({
      STORAGE: 'mongo',
      MONGODB_URI: `mongodb://user:hunter2@127.0.0.1:${port}/?directConnection=true`,
      MONGODB_TIMEOUT_MS: '300',
      API_KEYS: 'k',
    });
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe(
      'petstore: failed to start: storage is not reachable within MONGODB_TIMEOUT_MS; check MONGODB_URI and the server\n',
    );
  });

  it('says on its start-up line, and at /, where the docs page and the OpenAPI document are', async () => {
    service = startService({ API_KEYS: 'k' });
    const listening = await service.waitForLog('petstore listening');
    const base = `http://127.0.0.1:${String(listening.port)}`;
    expect({ docs: listening.docs, openapi: listening.openapi }).toEqual({
      docs: `${base}/docs`,
      openapi: `${base}/openapi.json`,
    });
    const index = await fetch(`${base}/`);
    expect({ status: index.status, body: await index.json() }).toEqual({
      status: 200,
      body: { name: 'Pet store API', api: '/v1', docs: '/docs', openapi: '/openapi.json' },
    });
  });

  it('on a port already in use, stops with one line saying which port and which setting changes it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      service = startService({ API_KEYS: 'k', PORT: String(port) });
      expect(await service.exited).toBe(1);
      expect(service.output()).toBe(
        `petstore: failed to start: port ${port} is already in use; choose another with PORT (or METRICS_PORT, for /metrics on a port of its own)\n`,
      );
    } finally {
      taken.close();
    }
  });

  it.runIf(canMountReadOnly())(
    'on a read-only file system, stops with one line that says so, and prints no key',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'petstore-readonly-'));
      try {
        for (const path of [join(folder, 'petstore.db'), join(folder, 'data/petstore.db')]) {
          // A new mount namespace, as an unprivileged user's root: the folder is read-only for this process alone.
          const readOnly = watchProcess(
            spawn(
              'unshare',
              [
                '-rm',
                'sh',
                '-c',
                'mount -t tmpfs -o ro,size=64k none "$0" && exec "$@"',
                folder,
                process.execPath,
                'dist/app/cli.js',
                'serve',
              ],
              {
                env: { PATH: process.env.PATH ?? '', PORT: '0', SQLITE_PATH: path },
                stdio: ['ignore', 'pipe', 'pipe'],
              },
            ),
          );
          expect(await readOnly.exited).toBe(1);
          expect(readOnly.output()).toBe(
            `petstore: failed to start: SQLITE_PATH ${path} is on a read-only file system; point it at a writable place, such as a mounted volume\n`,
          );
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('reads a .env file in its working directory, where the environment wins', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-dotenv-'));
    try {
      writeFileSync(
        join(folder, '.env'),
        '# settings for this folder\nAPI_KEYS=from-the-file\nSTORAGE=sqlite\nLOG_LEVEL=warn\n',
      );
      service = startService({ LOG_LEVEL: 'info' }, { cwd: folder });
      const listening = await service.waitForLog('petstore listening');
      expect(listening.storage).toBe('memory');
      const base = `http://127.0.0.1:${String(listening.port)}`;
      expect((await fetch(`${base}/v1/pets`, { headers: { Authorization: 'Bearer from-the-file' } })).status).toBe(200);
      expect(existsSync(join(folder, 'data'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('takes a variable from .env that the environment sets empty, as one it leaves unset', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-dotenv-'));
    try {
      writeFileSync(join(folder, '.env'), 'API_KEYS=from-the-file\n');
      service = startService({ API_KEYS: '' }, { cwd: folder });
      const port = await listeningPort(service);
      expect(
        (await fetch(`http://127.0.0.1:${port}/v1/pets`, { headers: { Authorization: 'Bearer from-the-file' } }))
          .status,
      ).toBe(200);
      expect(service.output()).not.toContain('generated a development API key');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stops with one line when .env is there but cannot be read', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-dotenv-'));
    try {
      mkdirSync(join(folder, '.env'));
      service = startService({ API_KEYS: 'k' }, { cwd: folder });
      expect(await service.exited).toBe(1);
      expect(service.output()).toBe('petstore: cannot read .env in the working directory (EISDIR)\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers --help with every setting and exits 0, starting nothing', async () => {
    service = startService({}, { args: ['--help'] });
    expect(await service.exited).toBe(0);
    expect(service.output()).toMatch(/^Usage: petstore serve/);
    expect(service.output()).toContain('\n  SHUTDOWN_GRACE (default 5s)\n');
    expect(service.output()).not.toContain('petstore listening');
  });

  it('accepts a key given only as its SHA-256 digest, and never prints it', async () => {
    const key = 'digest-only-key';
    service = startService({ API_KEY_DIGESTS: createHash('sha256').update(key).digest('hex'), NODE_ENV: 'production' });
    const port = await listeningPort(service);
    expect(
      (await fetchDocumented(`http://127.0.0.1:${port}/v1/pets`, { headers: { Authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(200);
    expect(service.output()).not.toContain(key);
  });
});

describe('serving /metrics', () => {
  it('on a port of its own with METRICS_PORT, and no longer on the API port; both close on SIGTERM', async () => {
    service = startService({ API_KEYS: 'k', METRICS_PORT: '0', SHUTDOWN_GRACE: '0s' });
    const apiPort = await listeningPort(service);
    const metricsPort = (await service.waitForLog('metrics listening')).port as number;
    expect(metricsPort).not.toBe(apiPort);
    expect((await fetch(`http://127.0.0.1:${apiPort}/metrics`)).status).toBe(404);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain(
      'petstore_http_request_duration_seconds_count{operation="listPets",status_class="2xx"} 0',
    );
    // The metrics port serves nothing else: not the API.
    expect(
      (await fetch(`http://127.0.0.1:${metricsPort}/v1/pets`, { headers: { Authorization: 'Bearer k' } })).status,
    ).toBe(404);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });
});

describe('shutting down on SIGTERM', () => {
  it('with no grace, stops accepting, finishes the request in flight, then exits 0', async () => {
    service = startService({ API_KEYS: 'shutdown-key', SHUTDOWN_GRACE: '0s' });
    const port = await listeningPort(service);
    const body = JSON.stringify({ name: 'Late', categoryId: 1 });

    // A create whose body is only half sent when the signal arrives.
    const inFlight = new Promise<{ status: number; text: string; connection: string | undefined }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/v1/pets',
            method: 'POST',
            headers: {
              Authorization: 'Bearer shutdown-key',
              'Content-Type': 'application/json',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, text, connection: response.headers.connection });
            });
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => {
          service?.child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(10)), 500);
        }, 200);
      },
    );

    await service.waitForLog('shutting down: finishing in-flight requests');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const finished = await inFlight;
    expect(finished.status).toBe(201);
    // The kept-alive connection is released with the response, not left to the client's timeout.
    expect(finished.connection).toBe('close');
    expect(JSON.parse(finished.text)).toMatchObject({ name: 'Late', categoryId: 1 });
    expect(await service.exited).toBe(0);
    expect((await service.waitForLog('stopped')).outcome).toBe('drained');
  });

  it('exits 0 on SIGINT when idle', async () => {
    service = startService({ API_KEYS: 'k' });
    await listeningPort(service);
    service.child.kill('SIGINT');
    expect(await service.exited).toBe(0);
  });

  it('cuts a request still in flight at SHUTDOWN_TIMEOUT and exits 124', async () => {
    service = startService({ API_KEYS: 'k', SHUTDOWN_GRACE: '0s', SHUTDOWN_TIMEOUT: '1s' });
    const port = await listeningPort(service);
    // A create whose body never ends: the request stays in flight.
    const stalled = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/v1/pets',
      method: 'POST',
      headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json', 'Content-Length': 100 },
    });
    const cut = new Promise<string>((resolve) =>
      stalled.on('error', (error: NodeJS.ErrnoException) => {
        resolve(error.code ?? error.message);
      }),
    );
    stalled.write('{"name":');
    // In flight: the scrape itself and the stalled create.
    await expect
      .poll(
        async () =>
          (await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).match(
            /^petstore_http_requests_in_flight (\d+)$/m,
          )?.[1],
      )
      .toBe('2');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(124);
    expect(await cut).toBe('ECONNRESET');
    // Requests cut short are worth a look: the line is a warning, not the routine stop's info.
    expect(service.logLines().find((line) => line.msg === 'stopped')).toMatchObject({
      level: 'warn',
      outcome: 'forced',
    });
  });
});
