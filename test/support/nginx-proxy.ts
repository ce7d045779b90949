import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The configuration an operator installs, as the repository holds it. */
export const NGINX_CONFIG = readFileSync(join(ROOT, 'deploy/nginx/petstore.conf'), 'utf8');

/** A port free on the loopback when asked; nginx cannot be told to pick one itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => {
        resolve(port);
      });
    });
    server.on('error', reject);
  });
}

/** A throwaway self-signed certificate for 127.0.0.1 and localhost, valid for a day, made by openssl. */
export function throwawayCertificate(openssl: string, folder: string): { cert: string; key: string; pem: string } {
  const cert = join(folder, 'cert.pem');
  const key = join(folder, 'key.pem');
  const made = spawnSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key, pem: readFileSync(cert, 'utf8') };
}

/** Replaces the one occurrence of `from`; fails when the configuration no longer has exactly one. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`deploy/nginx/petstore.conf has ${parts.length - 1} of "${from}", not one`);
  return parts.join(to);
}

/**
 * The repository's configuration with the test's addresses and files in place of the production ones:
 * TLS on `port` of the loopback (no IPv6 listener), the upstream on `upstreamPort`.
 */
export function templatedConfig(
  port: number,
  upstreamPort: number,
  certificate: { cert: string; key: string },
): string {
  let config = replaceOnce(NGINX_CONFIG, 'server 127.0.0.1:8080;', `server 127.0.0.1:${String(upstreamPort)};`);
  config = replaceOnce(config, 'listen 443 ssl http2;', `listen 127.0.0.1:${String(port)} ssl http2;`);
  config = replaceOnce(config, 'listen [::]:443 ssl http2;', '');
  config = replaceOnce(config, '/etc/ssl/petstore/fullchain.pem', certificate.cert);
  return replaceOnce(config, '/etc/ssl/petstore/privkey.pem', certificate.key);
}

export interface NginxProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  /** Stops nginx at once (SIGTERM: a test has no requests to finish) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground with the server block `serverConfig` as the one thing in its http
 * block, its pid, logs and temporary files in `folder` (nothing under /etc or /var), on `port`.
 */
export async function startNginx(
  nginx: string,
  folder: string,
  port: number,
  serverConfig: string,
): Promise<NginxProcess> {
  const errorLogPath = join(folder, 'error.log');
  writeFileSync(join(folder, 'petstore.conf'), serverConfig);
  writeFileSync(
    join(folder, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(folder, 'nginx.pid')};`,
      `error_log ${errorLogPath} info;`,
      'events { worker_connections 64; }',
      'http {',
      `  access_log ${join(folder, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(folder, `${kind}_temp`)};`,
      ),
      `  include ${join(folder, 'petstore.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', errorLogPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const errorLog = () => {
    try {
      return readFileSync(errorLogPath, 'utf8');
    } catch {
      return '';
    }
  };
  await untilListening(
    port,
    () => child.exitCode !== null,
    () => `${stderr}${errorLog()}`,
  );
  return {
    port,
    child,
    errorLog,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until something accepts connections on `port`, or fails with what nginx said when it exits. */
async function untilListening(port: number, hasExited: () => boolean, said: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (hasExited()) throw new Error(`nginx exited: ${said()}`);
    if (await accepts(port)) return;
    if (Date.now() > deadline) throw new Error(`nginx does not listen on ${String(port)}: ${said()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}
