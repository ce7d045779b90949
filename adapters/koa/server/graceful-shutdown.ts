import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * After the grace, how long no new connection may arrive before the server stops accepting: clients
 * then hold kept-alive connections, and the kernel's queue of accepted connections is empty.
 */
const QUIET_BEFORE_STOPPING_MS = 200;
/** The longest the server waits for that quiet, for clients that keep opening connections. */
export const SETTLE_LIMIT_MS = 1_000;
/**
 * Once it has stopped accepting, how long a connection that carries no request yet is kept open for
 * one: far longer than a request takes to arrive on an open connection, far shorter than the limit.
 */
const FIRST_REQUEST_WAIT_MS = 1_000;

/**
 * What the server does with each response while it shuts down:
 * - draining (the grace): responses close their connections, so keep-alive clients move elsewhere;
 * - settling, after a grace: responses keep their connections, so clients stop opening new ones, and
 *   those already in the kernel's queue are accepted before the listener closes (closing it with
 *   connections in that queue resets them, requests and all);
 * - stopping: the listener is closed, and responses close their connections again; a client that
 *   reconnects is refused before it sends anything.
 */
type Phase = 'serving' | 'draining' | 'settling' | 'stopping';

export interface GracefulShutdown {
  /** See RunningServer.close. */
  close(limitMs: number, drainMs?: number): Promise<'drained' | 'forced'>;
}

/** Takes over the responses of `server` at shutdown; call once, before it listens. */
export function gracefulShutdown(server: Server): GracefulShutdown {
  let phase: Phase = 'serving';
  // Slots, not a Set: a Set's rehash leaves the responses it held in its old table, which young
  // collections take as a root, so every request's objects outlived them (docs/performance.md).
  const inFlight: (ServerResponse | undefined)[] = [];
  const freeSlots: number[] = [];
  const forEachInFlight = (each: (response: ServerResponse) => void) => {
    for (const response of inFlight) if (response !== undefined) each(response);
  };
  const dropConnectionAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  /** Once stopping, and a request has had time to arrive: connections left without one are closed. */
  let idleMayClose = false;
  // Connections that have not carried a request yet: Node counts them neither idle nor busy, so
  // closeIdleConnections leaves them, and a preconnect would hold the stop until its limit.
  const neverUsed = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    neverUsed.add(socket);
    socket.once('close', () => neverUsed.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    neverUsed.delete(request.socket);
    if (phase === 'draining' || phase === 'stopping') dropConnectionAfter(response);
    const slot = freeSlots.pop() ?? inFlight.length;
    inFlight[slot] = response;
    response.once('close', () => {
      inFlight[slot] = undefined;
      freeSlots.push(slot);
      // A response begun before the stopping leaves its kept-alive connection idle: it is closed now,
      // not when its keep-alive ends, past the shutdown's limit.
      if (idleMayClose) server.closeIdleConnections();
    });
  });

  return {
    async close(limitMs, drainMs = 0) {
      phase = 'draining';
      forEachInFlight(dropConnectionAfter);
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          resolve('forced');
        }, limitMs);
        force.unref();
        // With no grace (Ctrl-C, SHUTDOWN_GRACE=0s) it stops accepting at once, as asked.
        phase = drainMs > 0 ? 'settling' : 'stopping';
        const settled =
          drainMs > 0
            ? quietAfterConnections(server, QUIET_BEFORE_STOPPING_MS, Math.min(SETTLE_LIMIT_MS, limitMs))
            : Promise.resolve();
        void settled.then(() => {
          phase = 'stopping';
          forEachInFlight(dropConnectionAfter);
          // net.Server's close stops accepting and leaves open connections be; http.Server's would
          // also close at once those with no request read yet, whose request may be on its way.
          NetServer.prototype.close.call(server, () => {
            clearTimeout(force);
            // http.Server's own close, now that nothing is open, only stops its timeout checks.
            server.close(() => undefined);
            resolve('drained');
          });
          // The connections that carry no request once one has had time to arrive are closed; every
          // other closes after its response.
          setTimeout(
            () => {
              idleMayClose = true;
              server.closeIdleConnections();
              for (const socket of neverUsed) socket.destroy();
            },
            Math.min(FIRST_REQUEST_WAIT_MS, limitMs),
          ).unref();
        });
      });
    },
  };
}

/** Resolves once `server` has accepted no connection for `quietMs`, or after `limitMs` at the latest. */
function quietAfterConnections(server: Server, quietMs: number, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(limit);
      server.off('connection', restart);
      resolve();
    };
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    const limit = setTimeout(done, limitMs);
    server.on('connection', restart);
    restart();
  });
}
