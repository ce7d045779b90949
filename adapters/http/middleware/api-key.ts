import type { Context } from 'koa';
import { requestStateOf } from '../request/request-state.js';

/** The client whose key the request carried; only for requests the contract admitted (answer-api.ts). */
export function authenticatedClient(ctx: Context): string {
  const { client } = requestStateOf(ctx);
  // A route mounted outside /v1 that asks fails here, rather than keep idempotency keys under no client.
  if (client === undefined) throw new Error('authenticatedClient asked of a request requireApiKey did not admit');
  return client;
}
