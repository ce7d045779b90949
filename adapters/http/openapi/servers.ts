import { API_BASE_PATH } from '../routing/api-paths.js';
import type { ServerEntry } from './document.js';

/** Where clients reach the API, each address ending in /v1. */
export interface ApiAddresses {
  readonly publicBaseUrl: string | undefined;
  readonly stagingBaseUrl: string | undefined;
}

/**
 * The document's `servers`: without a public address, whichever server serves it (a relative URL).
 * Each is named for its environment, and none is internal: every address listed is one for the API's clients.
 */
export function apiServers({ publicBaseUrl, stagingBaseUrl }: ApiAddresses): ServerEntry[] {
  return [
    publicBaseUrl === undefined
      ? { url: API_BASE_PATH, description: 'This server: no production address is set, so a local or test run' }
      : { url: publicBaseUrl, description: 'Production' },
    ...(stagingBaseUrl === undefined ? [] : [{ url: stagingBaseUrl, description: 'Staging' }]),
  ].map((server) => ({ ...server, 'x-internal': false }));
}
