// `petstore/http`: the API's HTTP contract for any host, with no web framework, database driver or tracing SDK.
// Hand a request to the fetch handler, or bind the contract in your framework, one route per operation.
export {
  createApiContract,
  OPENAPI_PATH,
  type ApiContract,
  type ApiContractOptions,
  type ContractOperation,
} from '../../adapters/http/contract/api-contract.js';
export type { AnsweredRequest, HostRequest, HostResponse } from '../../adapters/http/contract/host-request.js';
export { openApiDocument } from '../../adapters/http/contract/api-operations.js';
export { apiServers } from '../../adapters/http/openapi/servers.js';
export type { OpenApiDocument, ServerEntry } from '../../adapters/http/openapi/document.js';
export type { RateLimiter, RateStanding } from '../../adapters/http/rate-limit/rate-limiter.js';
export type { RateLimitPolicy } from '../../adapters/http/rate-limit/token-buckets.js';
export { fetchHandlerOf, type FetchContext, type FetchHandler } from '../../adapters/http/fetch/fetch-handler.js';
export {
  InMemoryIdempotencyStore,
  InMemoryPetRepository,
  type InMemoryIdempotencyOptions,
} from './built-in-storages.js';
export { ConfigError } from './config.js';
export { createFetchHandler, type FetchService } from './fetch-service.js';
export { openHostedContract, type HostedContract } from './hosted-contract.js';
export type { HostOptions } from './host-options.js';
