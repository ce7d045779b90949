import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, it } from 'vitest';
import { describeHttpApiContract } from '../../../../testing/index.js';
import { serviceHost } from '../../../support/http-kit-hosts.js';
import { mongoUri, noMongo, testMongo } from '../../../support/mongo.js';

if (noMongo) {
  describe.skip(`The service on MongoDB: skipped, ${testMongo.skipReason ?? 'no MongoDB'}`, () => {
    it('honours the HTTP API contract', () => undefined);
  });
} else {
  describeHttpApiContract('The service on MongoDB', async () => {
    const database = `petstore_kit_${randomUUID().slice(0, 8)}`;
    const host = await serviceHost({ STORAGE: 'mongo', MONGODB_URI: mongoUri(), MONGODB_DB: database });
    return {
      ...host,
      // The database is dropped once the service has let go of it; the next rule's host need not wait.
      close: async () => {
        await host.close();
        void host.closed().then(async () => {
          const client = new MongoClient(mongoUri());
          await client.db(database).dropDatabase();
          await client.close();
        });
      },
    };
  });
}
