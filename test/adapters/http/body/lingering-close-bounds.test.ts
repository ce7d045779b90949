import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerBeforeClosing } from '../../../../adapters/koa/body/lingering-close.js';

// Far apart, so that a loaded machine cannot blur which bound closed the connection.
const BOUNDS = { ms: 1_500, bytes: 256 * 1024 };
const WELL_BEFORE_THE_DEADLINE = 1_000;
/**
 * The byte bound closes a fast sender within milliseconds; without it, such a connection lasts some
 * hundreds of milliseconds more (until the sender's side gives out), so the deadline alone cannot tell them apart.
 */
const SOON_AFTER_THE_BOUND = 250;

interface Refusing {
  readonly server: Server;
  readonly port: number;
  /** How long after it was accepted the server closed the first connection, in ms. */
  readonly closedAfter: Promise<number>;
}

/** A server that answers 413 with `Connection: close`, handing each request to `refuse` first. */
async function refusingServer(refuse: (request: IncomingMessage, answer: () => void) => void): Promise<Refusing> {
  const answer413 = (response: ServerResponse) => () =>
    response.writeHead(413, { Connection: 'close', 'Content-Length': '2' }).end('no');
  const server = createServer((request, response) => {
    refuse(request, answer413(response));
  });
  const closedAfter = new Promise<number>((resolve) =>
    server.once('connection', (socket: Socket) => {
      const accepted = performance.now();
      socket.once('close', () => {
        resolve(performance.now() - accepted);
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, closedAfter };
}

const lingering = (request: IncomingMessage, answer: () => void) => {
  lingerBeforeClosing(request, BOUNDS);
  answer();
};

/** Starts an upload of `declared` bytes from a client that keeps its side open, as one still sending does. */
function startUpload(port: number, declared: number): Socket {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('error', () => undefined);
  socket.resume();
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n`);
  return socket;
}

describe('lingering before closing', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server?.closeAllConnections();
    server?.close();
  });

  it('closes once the client has sent the whole body, without waiting for the deadline or for the client to close', async () => {
    const refusing = await refusingServer(lingering);
    server = refusing.server;
    const socket = startUpload(refusing.port, 1000);
    sockets.push(socket);
    socket.write(Buffer.alloc(1000, 0x20));
    expect(await refusing.closedAfter).toBeLessThan(WELL_BEFORE_THE_DEADLINE);
  });

  it('leaves no timer behind once the connection has closed', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const refusing = await refusingServer(lingering);
    server = refusing.server;
    const before = timers();
    const socket = startUpload(refusing.port, 1000);
    sockets.push(socket);
    socket.write(Buffer.alloc(1000, 0x20));
    await refusing.closedAfter;
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBe(before);
  });

  it('closes at the deadline a client that never finishes', async () => {
    const refusing = await refusingServer(lingering);
    server = refusing.server;
    sockets.push(startUpload(refusing.port, 1_000_000));
    expect(await refusing.closedAfter).toBeGreaterThanOrEqual(BOUNDS.ms - 50);
  });

  it('closes a client that sends more than the bound, before the deadline', async () => {
    const refusing = await refusingServer(lingering);
    server = refusing.server;
    // Declared far larger than the client can send before the deadline: only the byte bound can close it early.
    const socket = startUpload(refusing.port, 1024 * 1024 * 1024);
    sockets.push(socket);
    const piece = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!socket.destroyed && socket.write(piece));
      if (!socket.destroyed) socket.once('drain', pump);
    };
    pump();
    expect(await refusing.closedAfter).toBeLessThan(SOON_AFTER_THE_BOUND);
  });

  it('leaves a request whose body was read whole to close as Node closes it, at once', async () => {
    const refusing = await refusingServer((request, answer) => {
      request.resume();
      request.once('end', () => {
        lingering(request, answer);
      });
    });
    server = refusing.server;
    const socket = startUpload(refusing.port, 2);
    sockets.push(socket);
    socket.write('{}');
    expect(await refusing.closedAfter).toBeLessThan(WELL_BEFORE_THE_DEADLINE);
  });
});
