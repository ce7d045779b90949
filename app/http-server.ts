import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/**
 * Timeouts are set on purpose: a client that trickles headers or a body cannot hold a
 * socket for ever, and idle keep-alive sockets outlive a typical load balancer's (60 s) by little.
 */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
} as const;

export interface RunningServer {
  readonly server: Server;
  readonly address: AddressInfo;
  /** Stops accepting, lets in-flight requests finish, then resolves; forces sockets shut after `graceMs`. */
  close(graceMs: number): Promise<'drained' | 'forced'>;
}

export async function listen(app: Koa, { port, host }: { port: number; host: string }): Promise<RunningServer> {
  const handle = app.callback();
  const server = createServer((request, response) => void handle(request, response));
  server.headersTimeout = SERVER_TIMEOUTS.headersTimeoutMs;
  server.requestTimeout = SERVER_TIMEOUTS.requestTimeoutMs;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeoutMs;

  // Once closing, every response not yet started tells its client to drop the connection,
  // so keep-alive sockets drain instead of lingering until the client's own timeout.
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const dropConnectionAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    if (closing) { dropConnectionAfter(response); return; }
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    address: server.address() as AddressInfo,
    close(graceMs) {
      closing = true;
      inFlight.forEach(dropConnectionAfter);
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          resolve('forced');
        }, graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve('drained');
        });
        server.closeIdleConnections();
      });
    },
  };
}
