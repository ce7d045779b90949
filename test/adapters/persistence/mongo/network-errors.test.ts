import * as dns from 'node:dns';
import { connect, createServer, type Server, type Socket } from 'node:net';
import fc from 'fast-check';
import { MongoError } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { isStorageUnavailable, translateStorageErrors } from '../../../../adapters/persistence/mongo/storage-errors.js';

/**
 * The network error codes Node documents: the connection-related "common system errors"
 * (errors.md), the socket errors of libuv (os.constants.errno), the codes `node:dns` exports
 * (read from the module itself) and getaddrinfo's, and Node's socket and stream errors.
 */
const DOCUMENTED_NETWORK_CODES = [
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EPIPE', 'ETIMEDOUT',
  'ECONNABORTED', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENETRESET', 'ENOTCONN', 'ESHUTDOWN', 'EADDRNOTAVAIL',
  ...(Object.values(dns) as unknown[]).filter((value): value is string => typeof value === 'string' && /^E[A-Z]+$/.test(value)),
  'EAI_AGAIN', 'EAI_FAIL',
  'ERR_SOCKET_CLOSED', 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION', 'ERR_SOCKET_CONNECTION_TIMEOUT', 'ERR_STREAM_DESTROYED',
  'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_WRITE_AFTER_END',
];

/** The shapes such an error reaches the repository in: bare, wrapped by the driver, nested causes. */
const asThrown = fc.constantFrom(
  (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:27017`), { code, syscall: 'connect' }),
  (code: string) => new MongoError('driver wrapper', { cause: Object.assign(new Error('socket'), { code }) }),
  (code: string) => new Error('outer', { cause: new Error('middle', { cause: Object.assign(new Error('socket'), { code }) }) }),
);

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A TCP server on 127.0.0.1 that does `onConnection` to every client; resolves to its port. */
async function tcpServer(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** The error a real client socket reports, as an event or to a write, when `use` drives it against `port`. */
function socketError(port: number, use: (socket: Socket, report: (error: Error | null | undefined) => void) => void): Promise<Error> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('error', resolve);
    use(socket, (error) => {
      if (error) resolve(error);
    });
  });
}

const unavailable = (error: Error) => translateStorageErrors(() => Promise.reject(error));

describe('a storage connection that breaks is an outage (503), however the error surfaces', () => {
  it('maps a refused connection, as Node reports it, to StorageUnavailable', async () => {
    const port = await tcpServer((socket) => socket.destroy());
    servers[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await socketError(port, () => undefined);
    expect((error as Error & { code?: string }).code).toBe('ECONNREFUSED');
    await expect(unavailable(error)).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('maps a connection reset by the server to StorageUnavailable', async () => {
    const port = await tcpServer((socket) => socket.resetAndDestroy());
    const error = await socketError(port, (socket) => socket.on('connect', () => socket.write('ping')));
    expect((error as Error & { code?: string }).code).toBe('ECONNRESET');
    await expect(unavailable(error)).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('maps "This socket has been ended by the other party" (a bare EPIPE) to StorageUnavailable', async () => {
    const port = await tcpServer((socket) => socket.end());
    const error = await socketError(port, (socket, report) => {
      socket.resume();
      // Node ends its side on the server's FIN; a write after that fails with this bare EPIPE.
      socket.on('end', () => setImmediate(() => socket.write('hello?', report)));
    });
    expect((error as Error & { code?: string }).code).toBe('EPIPE');
    expect(error.message).toBe('This socket has been ended by the other party');
    await expect(unavailable(error)).rejects.toBeInstanceOf(StorageUnavailable);
  });

  it('treats every network error code Node documents as unavailable, bare or wrapped', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOCUMENTED_NETWORK_CODES), asThrown, (code, thrown) => isStorageUnavailable(thrown(code))),
      // About 40 codes times a few ways of throwing: 500 draws try every pair many times over.
      { seed: 15, numRuns: 500 },
    );
  });

  it('treats any other code as a bug, not an outage', () => {
    const notNetwork = fc.oneof(
      fc.constantFrom('ENOENT', 'EACCES', 'EISDIR', 'EEXIST', 'ERR_INVALID_ARG_TYPE', 'ERR_ASSERTION', ''),
      fc.string({ maxLength: 12 }),
    ).filter((code) => !DOCUMENTED_NETWORK_CODES.includes(code));
    fc.assert(
      fc.property(notNetwork, asThrown, (code, thrown) => !isStorageUnavailable(thrown(code))),
      { seed: 15, numRuns: 500 },
    );
  });

  it('does not follow causes without end', () => {
    const cyclic = new Error('loop');
    Object.assign(cyclic, { cause: cyclic });
    expect(isStorageUnavailable(cyclic)).toBe(false);
  });
});
