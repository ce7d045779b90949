import { fetchHandlerOf, type FetchHandler } from '@petstore/http/fetch/fetch-handler.js';
import { openHostedContract, type HostedContract } from './hosted-contract.js';
import type { HostOptions } from './host-options.js';

/** The API as a fetch handler, with what its host needs to stop it. */
export interface FetchService extends Omit<HostedContract, 'contract'> {
  /** Every request of the API, the probes and the document: give it each Request your runtime's server receives. */
  readonly fetch: FetchHandler;
}

/**
 * The whole API as one function from a Request to a Response, made from `startService`'s options: for
 * `Bun.serve`, `Deno.serve`, or any server that speaks the Fetch API. It loads no web framework and no
 * `node:http` or `node:net`.
 */
export async function createFetchHandler(options: HostOptions = {}): Promise<FetchService> {
  const { contract, ...hosted } = await openHostedContract(options);
  return { ...hosted, fetch: fetchHandlerOf(contract) };
}
