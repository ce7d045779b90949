import { describe } from 'vitest';
import { describeStorageOutageContract } from '../../../../testing/index.js';
import { noMongo } from '../../../support/mongo.js';
import { mongoOutageFixture } from '../../../support/mongo-outage.js';

describe.skipIf(noMongo)('with a MongoDB server', () => {
  describeStorageOutageContract('MongoDB storage', () => mongoOutageFixture());
});
