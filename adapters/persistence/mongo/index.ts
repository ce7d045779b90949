// `@petstore/storage-mongodb`: the pets and the idempotency keys in MongoDB (STORAGE=mongo). The driver, `mongodb`,
// is installed beside this package and loaded only when the storage opens.
export { mongoStorage, type MongoSettings } from './mongo-storage.js';
