// `@petstore/core`: the domain, for any host. Pets and their rules, paging, idempotency, backups, the
// errors with their codes, the ports storage fills (and which of their methods write), and the use
// cases. Nothing here loads a framework, a driver or a validation library.
export * from './pet.js';
export * from './paging.js';
export * from './idempotency.js';
export * from './backup.js';
export * from './errors.js';
export type * from './ports.js';
export * from './storage-calls.js';
export * from './use-cases/use-cases.js';
