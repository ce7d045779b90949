import { createRequire } from 'node:module';
import {
  MongoClientClosedError,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoStalePrimaryError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
  type TopologyDescription,
} from 'mongodb';
import { TimeoutError } from 'p-timeout';
import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { mongoClientOptions } from '../../../../adapters/persistence/mongo/mongo-client.js';
import {
  isDuplicateKey,
  isStorageUnavailable,
  translateStorageErrors,
} from '../../../../adapters/persistence/mongo/storage-errors.js';

const serverError = (code: number) => new MongoServerError({ message: `code ${code}`, code });
const labelled = (label: string) => {
  const error = new MongoError('labelled');
  error.addErrorLabel(label);
  return error;
};

// The driver's pool errors, which it throws but does not export: made from its own classes, so a
// rename in the driver fails here.
type PoolErrorClass = new (message: string, address: string) => Error;
const poolErrors = createRequire(import.meta.url)('mongodb/lib/cmap/errors.js') as Record<
  'WaitQueueTimeoutError' | 'PoolClosedError',
  PoolErrorClass
>;

describe('classifying driver errors', () => {
  it.each<[string, unknown]>([
    [
      'no server could be selected',
      new MongoServerSelectionError('timed out', {
        type: 'Unknown',
        servers: new Map(),
      } as unknown as TopologyDescription),
    ],
    ['a network error', new MongoNetworkError('connection reset')],
    ['a network timeout', new MongoNetworkTimeoutError('timed out')],
    ['a closed client', new MongoTopologyClosedError()],
    ['a primary stepping down', serverError(189)],
    ['a node shutting down', serverError(91)],
    ['a node that is not primary', serverError(10107)],
    ...[6, 7, 50, 64, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436].map((code): [string, unknown] => [
      `server code ${code}`,
      serverError(code),
    ]),
    [
      'a write concern that timed out waiting for replicas',
      new MongoWriteConcernError({
        writeConcernError: { errmsg: 'waiting for replication timed out', code: 64 },
      } as never),
    ],
    [
      'no pooled connection coming free in time',
      new poolErrors.WaitQueueTimeoutError(
        'Timed out while checking out a connection from connection pool',
        '127.0.0.1:27017',
      ),
    ],
    [
      'a pool closed under the call',
      new poolErrors.PoolClosedError(
        'Attempted to check out a connection from closed connection pool',
        '127.0.0.1:27017',
      ),
    ],
    ['a closed client', new MongoClientClosedError()],
    ['a closed server', new MongoServerClosedError()],
    ['a stale primary', new MongoStalePrimaryError('stale')],
    ['a call past its deadline', new TimeoutError('Promise timed out after 50 milliseconds')],
    ...Object.values(MongoErrorLabel)
      .filter(
        (label) =>
          ![
            'UnknownTransactionCommitResult',
            'ResumableChangeStreamError',
            'HandshakeError',
            'NoWritesPerformed',
          ].includes(label),
      )
      .map((label): [string, unknown] => [`an error labelled ${label}`, labelled(label)]),
  ])('treats %s as storage unavailable', (_case, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a duplicate key', serverError(11000)],
    ['a bad query', serverError(2)],
    ['a generic driver error', new MongoError('something')],
    ['a generic driver error with a label that says nothing of the server', labelled('NoWritesPerformed')],
    [
      'a non-driver error named like a pool error',
      Object.assign(new Error('x'), { name: 'MongoWaitQueueTimeoutError' }),
    ],
    ['a programming error', new TypeError('x is undefined')],
    ['a non-driver error that happens to carry a server code', Object.assign(new Error('x'), { code: 91 })],
    ['a thrown string', 'nope'],
  ])('treats %s as a bug, not an outage', (_case, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });

  it('rethrows outages as StorageUnavailable, keeping the cause', async () => {
    const cause = new MongoNetworkError('connection reset');
    const error = await translateStorageErrors(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as StorageUnavailable).cause).toBe(cause);
  });

  it('gives a call up after its deadline, as StorageUnavailable, and passes a faster result through', async () => {
    const never = new Promise<number>(() => undefined);
    const error = await translateStorageErrors(() => never, 20).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as StorageUnavailable).cause).toBeInstanceOf(TimeoutError);
    await expect(translateStorageErrors(() => Promise.resolve(42), 1_000)).resolves.toBe(42);
  });

  it('rethrows anything else unchanged, and passes results through', async () => {
    const bug = serverError(11000);
    await expect(translateStorageErrors(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(translateStorageErrors(() => Promise.resolve(42))).resolves.toBe(42);
  });
});

describe('client options', () => {
  it('bound server selection, connecting, socket waits and pool waits by the configured timeout', () => {
    expect(mongoClientOptions(1500)).toEqual({
      appName: 'petstore',
      serverSelectionTimeoutMS: 1500,
      connectTimeoutMS: 1500,
      socketTimeoutMS: 1500,
      waitQueueTimeoutMS: 1500,
    });
  });
});

describe('a duplicate key', () => {
  it('is the server refusing a write on a unique index (E11000), and nothing else', () => {
    expect(isDuplicateKey(serverError(11000))).toBe(true);
    expect(isDuplicateKey(serverError(11001))).toBe(false);
    expect(isDuplicateKey(Object.assign(new Error('E11000'), { code: 11000 }))).toBe(false);
    expect(isDuplicateKey(undefined)).toBe(false);
  });
});
