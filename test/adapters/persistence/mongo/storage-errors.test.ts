import {
  MongoError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type TopologyDescription,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import { mongoClientOptions } from '../../../../adapters/persistence/mongo/mongo-client.js';
import { isDuplicateKey, isStorageUnavailable, translateStorageErrors } from '../../../../adapters/persistence/mongo/storage-errors.js';

const serverError = (code: number) => new MongoServerError({ message: `code ${code}`, code });

describe('classifying driver errors', () => {
  it.each<[string, unknown]>([
    ['no server could be selected', new MongoServerSelectionError('timed out', { type: 'Unknown', servers: new Map() } as unknown as TopologyDescription)],
    ['a network error', new MongoNetworkError('connection reset')],
    ['a network timeout', new MongoNetworkTimeoutError('timed out')],
    ['a closed client', new MongoTopologyClosedError()],
    ['a primary stepping down', serverError(189)],
    ['a node shutting down', serverError(91)],
    ['a node that is not primary', serverError(10107)],
  ])('treats %s as storage unavailable', (_case, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a duplicate key', serverError(11000)],
    ['a bad query', serverError(2)],
    ['a generic driver error', new MongoError('something')],
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
