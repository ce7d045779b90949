// `@petstore/storage-sqlite`: the pets and the idempotency keys in one SQLite file (STORAGE=sqlite), on node:sqlite.
export { sqliteStorage } from './sqlite-storage.js';
