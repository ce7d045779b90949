// `@petstore/host`: the API's contract opened from settings, for a host whose own server receives the requests
// (Fastify, Bun, Deno, a worker): the storage STORAGE names, the keys, the rate limit and the access line.
// It holds what `@petstore/http` holds, so that a host imports from one package.
export * from '@petstore/http';
export {
  InMemoryIdempotencyStore,
  InMemoryPetRepository,
  type InMemoryIdempotencyOptions,
} from './built-in-storages.js';
export { ConfigError } from './config.js';
export { createFetchHandler, type FetchService } from './fetch-service.js';
export { openHostedContract, type HostedContract } from './hosted-contract.js';
export type { HostOptions } from './host-options.js';
