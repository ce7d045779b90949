import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { describeHttpApiContract } from '../../../../testing/index.js';
import { serviceHost } from '../../../support/http-kit-hosts.js';
import { mongoUri, noMongo, testMongo } from '../../../support/mongo.js';

if (noMongo) {
  describe.skip(`The service on MongoDB: skipped, ${testMongo.skipReason ?? 'no MongoDB'}`, () => {
    it('honours the HTTP API contract', () => undefined);
  });
} else {
  // Each rule's database is dropped once its service has let go of it, one after another over one client, so
  // that the next rule's host need not wait and the server is not asked by a client per rule.
  let client: MongoClient | undefined;
  let drops: Promise<unknown> = Promise.resolve();
  afterAll(async () => {
    await drops;
    await client?.close();
  });

  describeHttpApiContract('The service on MongoDB', async () => {
    const database = `petstore_kit_${randomUUID().slice(0, 8)}`;
    const host = await serviceHost({ STORAGE: 'mongo', MONGODB_URI: mongoUri(), MONGODB_DB: database });
    return {
      ...host,
      close: async () => {
        await host.close();
        drops = Promise.all([drops, host.closed()]).then(async () => {
          client ??= new MongoClient(mongoUri());
          await client.db(database).dropDatabase();
        });
      },
    };
  });
}
