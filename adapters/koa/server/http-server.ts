import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerConnectRequests } from './connect-requests.js';
import { respondToParserErrors } from './parser-errors.js';
import type { HttpLogger } from '@petstore/http/logs/http-logger.js';
import { gracefulShutdown } from './graceful-shutdown.js';
import { SERVER_TIMEOUTS, TIMEOUT_CHECK_INTERVAL_MS, type ServerTimeouts } from './server-timeouts.js';

export interface RunningServer {
  readonly server: Server;
  readonly address: AddressInfo;
  /**
   * Shuts the server down without resetting a request a client has sent. For `drainMs` it goes on
   * serving, old connections and new, each response closing its connection (`Connection: close`), so
   * keep-alive clients move to new connections elsewhere; then it lets the connections it has settle,
   * stops accepting, responds to what arrives on them with `Connection: close`, closes those that stay
   * idle and lets requests in flight finish (see graceful-shutdown.ts). Whatever is still open
   * `limitMs` later is forced shut.
   */
  close(limitMs: number, drainMs?: number): Promise<'drained' | 'forced'>;
}

/** What is served: a Koa app, or anything that hands Node's requests to a handler as one does. */
export interface ServedApp {
  callback(): (request: IncomingMessage, response: ServerResponse) => unknown;
}

/**
 * Serves the app on `host:port`. Every response, including those to requests Node's parser refuses
 * or would respond to itself (no Host, an unknown Expect), comes from the HTTP adapter as an Error body.
 */
export async function listen(
  app: ServedApp,
  {
    port,
    host,
    logger,
    methods,
    timeouts = SERVER_TIMEOUTS,
  }: {
    port: number;
    host: string;
    logger: HttpLogger;
    /** The methods the app answers, named to a client whose method Node does not know; none: not named. */
    methods?: readonly string[];
    /** How long a client may take; the service's own unless a test needs them shorter. */
    timeouts?: ServerTimeouts | undefined;
  },
): Promise<RunningServer> {
  const handle = app.callback();
  // The app checks Host itself, so that a request without one is refused like every other error.
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    (request, response) => void handle(request, response),
  );
  // Requests with an Expect header go to the app too: without these listeners Node would send
  // 100 Continue before the key is checked, and a bare 417 to any other expectation.
  const toApp = (request: IncomingMessage, response: ServerResponse) => server.emit('request', request, response);
  server.on('checkContinue', toApp);
  server.on('checkExpectation', toApp);
  server.on('clientError', respondToParserErrors(logger, methods));
  server.on('connect', answerConnectRequests(toApp));

  const shutdown = gracefulShutdown(server);

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
    close: (limitMs, drainMs) => shutdown.close(limitMs, drainMs),
  };
}
