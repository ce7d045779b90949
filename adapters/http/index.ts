// `@petstore/http`: the API's HTTP contract for any host, with no web framework, database driver or tracing SDK.
// Hand a request to the fetch handler, or bind the contract in your framework, one route per operation.
export {
  createApiContract,
  OPENAPI_PATH,
  type ApiContract,
  type ApiContractOptions,
  type ContractOperation,
} from './contract/api-contract.js';
export type { AnsweredRequest, HostRequest, HostResponse } from './contract/host-request.js';
export { openApiDocument } from './contract/api-surface.js';
export { apiServers } from './openapi/servers.js';
export type { OpenApiDocument, ServerEntry } from './openapi/document.js';
export type { RateLimiter, RateStanding } from './rate-limit/rate-limiter.js';
export {
  sharedRateLimiter,
  type SharedBuckets,
  type SharedBucketsWatch,
  type SharedRateLimiterOptions,
} from './rate-limit/shared-rate-limiter.js';
export type { RateLimitPolicy } from './rate-limit/token-buckets.js';
export { fetchHandlerOf, type FetchContext, type FetchHandler } from './fetch/fetch-handler.js';
