import { MongoClient, type MongoClientOptions } from 'mongodb';

/**
 * Client options that bound every storage call by `timeoutMs`: picking a server, opening a
 * connection and waiting on a socket. With the database down or partitioned, a request then
 * fails within that bound (503) instead of hanging; the driver reconnects by itself once it is back.
 */
export function mongoClientOptions(timeoutMs: number): MongoClientOptions {
  return {
    appName: 'petstore',
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    waitQueueTimeoutMS: timeoutMs,
  };
}

/** Creates a client without connecting: the driver connects on first use and after outages. */
export function createMongoClient(uri: string, timeoutMs: number): MongoClient {
  return new MongoClient(uri, mongoClientOptions(timeoutMs));
}
