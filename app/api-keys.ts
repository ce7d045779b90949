import { randomBytes } from 'node:crypto';
import { sha256 } from '../adapters/auth/static-key-authenticator.js';
import { ConfigError, type AppConfig } from './config.js';

export interface ApiKeyDigests {
  readonly digests: readonly Buffer[];
  /** Set when no key was configured outside production: the key made up for this run. */
  readonly generatedKey?: string;
}

/** Every configured key as a SHA-256 digest; plaintext keys are not kept beyond this. */
export function resolveApiKeyDigests(config: Pick<AppConfig, 'apiKeys' | 'apiKeySha256' | 'production'>): ApiKeyDigests {
  const digests = [
    ...config.apiKeys.map(sha256),
    ...config.apiKeySha256.map((hex) => Buffer.from(hex, 'hex')),
  ];
  if (digests.length > 0) return { digests };
  if (config.production) {
    throw new ConfigError('API_KEYS or API_KEY_SHA256 must be set when NODE_ENV=production');
  }
  const generatedKey = randomBytes(32).toString('base64url');
  return { digests: [sha256(generatedKey)], generatedKey };
}
