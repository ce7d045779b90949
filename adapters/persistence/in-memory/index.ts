// `@petstore/storage-memory`: the pets and the idempotency keys in the process's memory (STORAGE=memory).
export { memoryStorage } from './memory-storage.js';
export { InMemoryPetRepository } from './in-memory-pet-repository.js';
export { InMemoryIdempotencyStore, type InMemoryIdempotencyOptions } from './in-memory-idempotency-store.js';
