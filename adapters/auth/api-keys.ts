import { randomBytes } from 'node:crypto';
import { ConfigError } from '@petstore/settings/config-error.js';
import type { AcceptedKeys } from './static-key-authenticator.js';

export interface ApiKeys extends AcceptedKeys {
  /** Set when no key was configured outside production: the key made up for this run. */
  readonly generatedKey?: string;
}

/** The keys the service accepts: the configured ones, or outside production one made up for this run. */
export function resolveApiKeys(config: {
  readonly apiKeys: readonly string[];
  readonly apiKeyDigests: readonly string[];
  readonly production: boolean;
}): ApiKeys {
  if (config.apiKeys.length > 0 || config.apiKeyDigests.length > 0)
    return { keys: config.apiKeys, sha256Hex: config.apiKeyDigests };
  if (config.production) {
    throw new ConfigError('API_KEYS or API_KEY_DIGESTS must be set when NODE_ENV=production');
  }
  const generatedKey = newApiKey();
  return { keys: [generatedKey], generatedKey };
}

/** A fresh API key: 256 random bits, base64url, which a bearer token can carry as it is. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}
