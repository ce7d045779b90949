import * as v from 'valibot';
// A key with characters a bearer token cannot hold could never be sent.
import { SHA256_HEX } from '@petstore/auth/static-key-authenticator.js';
import { BEARER_TOKEN } from '@petstore/http/request/bearer-token.js';
import { PROXY_HEADERS, type TrustedProxy } from '@petstore/http/proxies/client-address.js';
import { isProxyRange } from '@petstore/http/proxies/trusted-proxies.js';
import type { RateLimitPolicy } from '@petstore/http/rate-limit/token-buckets.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '@petstore/http/server/listen-address.js';
import { LOG_FORMATS, LOG_LEVELS } from '@petstore/logging/logger.js';
import { BUILT_IN_STORAGES, DEFAULT_STORAGE, type BuiltInStorage } from './built-in-storages.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { ConfigError } from '@petstore/settings/config-error.js';
import { withoutEmptyVariables } from '@petstore/settings/environment.js';
import { readSettings, type Environment } from '@petstore/settings/read-settings.js';
import {
  ORIGIN,
  apiBaseUrlSetting,
  choiceSetting,
  commaListSetting,
  durationSetting,
  integerSetting,
  redisUrlSetting,
  sizeSetting,
} from '@petstore/settings/setting-kinds.js';

export { ConfigError };

const STORAGES_BY_NAME = new Map(BUILT_IN_STORAGES.map((storage) => [storage.name, storage]));

/** The storage the service runs on, and its settings as it read them. */
export interface StorageChoice {
  readonly adapter: BuiltInStorage;
  readonly settings: unknown;
}

/**
 * Every setting the service reads from the environment but its storage's, with its default: the one
 * home of both (their meanings, for help, are in adapters/cli/commands/setting-meanings.ts). Each storage
 * reads its own (StorageAdapter).
 */
export const ENVIRONMENT = v.object({
  PORT: v.optional(integerSetting(0, 65535), DEFAULT_PORT),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('must be a host name or address')), DEFAULT_HOST),
  // The choice checked, the name is the storage's: only the list's names get past it.
  STORAGE: v.optional(
    v.pipe(
      choiceSetting([...STORAGES_BY_NAME.keys()] as [string, ...string[]]),
      v.transform((name) => STORAGES_BY_NAME.get(name) as BuiltInStorage),
    ),
    DEFAULT_STORAGE,
  ),
  API_KEYS: v.optional(
    commaListSetting(BEARER_TOKEN, 'must be comma-separated keys of letters, digits and -._~+/'),
    '',
  ),
  API_KEY_DIGESTS: v.optional(
    commaListSetting(SHA256_HEX, 'must be comma-separated SHA-256 digests, 64 hex digits each'),
    '',
  ),
  BODY_LIMIT: v.optional(sizeSetting(), '1mb'),
  IDEMPOTENCY_TTL: v.optional(durationSetting('24h, 90m or 3600s'), '24h'),
  RATE_LIMIT: v.optional(integerSetting(0, 1_000_000_000, ' of requests'), '6000'),
  RATE_LIMIT_WINDOW: v.optional(durationSetting('1m, 60s or 1h'), '1m'),
  RATE_LIMIT_STORE: v.optional(redisUrlSetting()),
  SHUTDOWN_GRACE: v.optional(durationSetting('5s, 30s or 1m', { min: '0s', max: '10m' }), '5s'),
  SHUTDOWN_TIMEOUT: v.optional(durationSetting('10s, 30s or 1m', { max: '10m' }), '10s'),
  METRICS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  METRICS_PORT: v.optional(integerSetting(0, 65535)),
  PUBLIC_BASE_URL: v.optional(apiBaseUrlSetting()),
  STAGING_BASE_URL: v.optional(apiBaseUrlSetting()),
  CORS_ORIGINS: v.optional(
    commaListSetting(ORIGIN, 'must be comma-separated origins such as https://app.example.com'),
    '',
  ),
  TRUST_PROXY: v.optional(
    commaListSetting(
      { test: isProxyRange },
      'must be comma-separated addresses or CIDR ranges (10.0.0.0/8, fd00::/8), or loopback, linklocal, uniquelocal',
    ),
    '',
  ),
  // Header names are case-insensitive: X-Forwarded-For is x-forwarded-for.
  TRUST_PROXY_HEADER: v.optional(v.pipe(v.string(), v.toLowerCase(), choiceSetting(PROXY_HEADERS)), 'x-forwarded-for'),
  LOG_LEVEL: v.optional(choiceSetting(LOG_LEVELS), 'info'),
  LOG_FORMAT: v.optional(choiceSetting(LOG_FORMATS), 'json'),
  NODE_ENV: v.optional(v.string(), 'development'),
});

type Settings = v.InferOutput<typeof ENVIRONMENT>;

/** The settings as the service uses them, with the storage STORAGE names or the host's own, and its settings. */
export type AppConfig = ReturnType<typeof configOf>;

/**
 * Reads the environment once: the service's settings, then those of its storage, the one STORAGE
 * names or else the host's own. An empty variable counts as unset.
 */
export function loadConfig(env: Environment, { storage }: { storage?: StorageAdapter | undefined } = {}): AppConfig {
  // Dropped here, so that a host's storage, which may read its settings its own way, never sees one.
  const set = withoutEmptyVariables(env);
  const settings = readSettings(ENVIRONMENT, set);
  const adapter = storage ?? settings.STORAGE;
  return configOf(settings, { adapter, settings: adapter.readSettings(set) });
}

function configOf(settings: Settings, storage: StorageChoice) {
  return {
    port: settings.PORT,
    host: settings.HOST,
    storage,
    /** Plaintext keys; held only until hashed at start-up. */
    apiKeys: settings.API_KEYS,
    /** Hex SHA-256 digests of accepted keys (`petstore keys new` prints one), so the keys need not be held here. */
    apiKeyDigests: settings.API_KEY_DIGESTS,
    bodyLimitBytes: settings.BODY_LIMIT,
    /** How long a created pet's response is replayed to repeats of its Idempotency-Key. */
    idempotency: { ttlMs: settings.IDEMPOTENCY_TTL },
    /** The rate each client is held to (per instance, unless rateLimitStore); undefined: no limit (RATE_LIMIT=0). */
    rateLimit: (settings.RATE_LIMIT === 0
      ? undefined
      : { limit: settings.RATE_LIMIT, windowMs: settings.RATE_LIMIT_WINDOW }) satisfies RateLimitPolicy | undefined,
    /** The Redis whose buckets every instance shares (redis:// or rediss://, a password in it); undefined: each its own. */
    rateLimitStore: settings.RATE_LIMIT_STORE,
    /** Whether requests and storage calls are measured and GET /metrics is served (METRICS=off: neither). */
    metrics: settings.METRICS === 'on',
    /** A port of its own for GET /metrics, kept off the API's; undefined: served on the API's port. */
    metricsPort: metricsPort(settings),
    /** Where clients reach production and staging, each ending in /v1; the OpenAPI document lists them. */
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    stagingBaseUrl: settings.STAGING_BASE_URL,
    /** Browser origins allowed to call the API (CORS); empty: CORS off. */
    corsOrigins: settings.CORS_ORIGINS,
    /** The proxies whose X-Forwarded-For (or Forwarded) names the client; undefined: none, the peer is the client. */
    trustedProxy: (settings.TRUST_PROXY.length === 0
      ? undefined
      : { ranges: settings.TRUST_PROXY, header: settings.TRUST_PROXY_HEADER }) satisfies TrustedProxy | undefined,
    logLevel: settings.LOG_LEVEL,
    logFormat: settings.LOG_FORMAT,
    production: settings.NODE_ENV === 'production',
    /** On SIGTERM, how long the service serves on (not ready, closing each connection) before it stops accepting. */
    shutdownGraceMs: settings.SHUTDOWN_GRACE,
    /** Then how long requests still in flight may take before they are cut. */
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT,
  } as const;
}

function metricsPort({ METRICS_PORT, PORT }: Settings): number | undefined {
  // Port 0 picks a free port for each server, so only a fixed port can clash.
  if (METRICS_PORT !== undefined && METRICS_PORT === PORT && PORT !== 0) {
    throw new ConfigError('METRICS_PORT must differ from PORT: unset it to serve /metrics on the API port');
  }
  return METRICS_PORT;
}
