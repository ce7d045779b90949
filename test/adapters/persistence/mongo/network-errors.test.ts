import * as dns from 'node:dns';
import { connect, createServer, type Server, type Socket } from 'node:net';
import fc from 'fast-check';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { isStorageUnavailable, translateStorageErrors } from '../../../../adapters/persistence/mongo/storage-errors.js';

/** What an established connection reports when it breaks: the codes the driver can let through bare. */
const BROKEN_CONNECTION_CODES = ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * The network error codes Node documents: the connection-related "common system errors"
 * (errors.md), the socket errors of libuv, the codes `node:dns` exports (read from the module
 * itself) and getaddrinfo's. Before a connection is made, the driver wraps each of them.
 */
const DOCUMENTED_NETWORK_CODES = [
  ...BROKEN_CONNECTION_CODES,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTDOWN',
  'ENETDOWN',
  'ENETRESET',
  'ENOTCONN',
  'ESHUTDOWN',
  'EADDRNOTAVAIL',
  ...(Object.values(dns) as unknown[]).filter(
    (value): value is string => typeof value === 'string' && /^E[A-Z]+$/.test(value),
  ),
  'EAI_AGAIN',
  'EAI_FAIL',
];

/** A socket error as Node reports it. */
const socketErrorWith = (code: string) => Object.assign(new Error(`write ${code}`), { code, syscall: 'write' });

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
function socketError(
  port: number,
  use: (socket: Socket, report: (error: Error | null | undefined) => void) => void,
): Promise<Error> {
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
  it('maps a refused connection, as the driver reports it (wrapping what Node reports), to StorageUnavailable', async () => {
    const port = await tcpServer((socket) => socket.destroy());
    servers[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await socketError(port, () => undefined);
    expect((error as Error & { code?: string }).code).toBe('ECONNREFUSED');
    await expect(unavailable(new MongoNetworkError(error.message, { cause: error }))).rejects.toBeInstanceOf(
      StorageUnavailable,
    );
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

  it('treats a broken connection as unavailable, bare as the driver can let it through', () => {
    for (const code of BROKEN_CONNECTION_CODES) expect(isStorageUnavailable(socketErrorWith(code))).toBe(true);
  });

  it('treats every network error code Node documents as unavailable once the driver wrapped it, as it does on connecting', () => {
    for (const code of DOCUMENTED_NETWORK_CODES) {
      const cause = socketErrorWith(code);
      expect(isStorageUnavailable(new MongoNetworkError(cause.message, { cause }))).toBe(true);
    }
    expect(
      isStorageUnavailable(
        new MongoServerSelectionError('Server selection timed out after 2000 ms', {
          type: 'Unknown',
          servers: new Map(),
          stale: false,
          compatible: true,
          heartbeatFrequencyMS: 10000,
          localThresholdMS: 15,
          setName: null,
          maxElectionId: null,
          maxSetVersion: null,
          commonWireProtocolVersion: 0,
          logicalSessionTimeoutMinutes: null,
        } as never),
      ),
    ).toBe(true);
  });

  it('treats any other code, bare, as a bug, not an outage', () => {
    const notBroken = fc
      .oneof(
        fc.constantFrom(
          'ENOENT',
          'EACCES',
          'EISDIR',
          'EEXIST',
          'ERR_INVALID_ARG_TYPE',
          'ERR_ASSERTION',
          'ENOTFOUND',
          '',
        ),
        fc.string({ maxLength: 12 }),
      )
      .filter((code) => !BROKEN_CONNECTION_CODES.includes(code));
    fc.assert(
      fc.property(notBroken, (code) => !isStorageUnavailable(socketErrorWith(code))),
      // Named codes first, then any short string: 300 draws.
      { seed: 15, numRuns: 300 },
    );
  });
});
