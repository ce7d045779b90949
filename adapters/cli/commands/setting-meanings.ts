import type { SettingHelp } from '@petstore/settings/read-settings.js';
import type { StorageAdapter } from '@petstore/settings/storage-adapter.js';
import { EXIT_FORCED } from './serve.js';

/** A storage as help lists it: what STORAGE calls it, what it keeps pets in, and its own settings. */
export type ListedStorage = Pick<StorageAdapter, 'name' | 'summary' | 'settings'>;

/**
 * What each of the service's own settings means, in `serve --help` and the reference's table, by the names of
 * the settings' schema: `settingsHelpOf` pairs the two, so that a setting without a meaning does not compile.
 * `storages`: those STORAGE can name.
 */
export function serviceSettingMeanings(storages: readonly ListedStorage[]) {
  return {
    PORT: { meaning: 'TCP port (0 picks a free one)' },
    HOST: { meaning: 'address to listen on (`0.0.0.0` to accept from other hosts)' },
    STORAGE: { meaning: `where pets are kept: ${storageChoices(storages)}` },
    API_KEYS: { meaning: 'comma-separated API keys (letters, digits and `-._~+/`)' },
    API_KEY_DIGESTS: {
      meaning:
        'comma-separated hex SHA-256 digests of API keys, so the service need not hold the keys: `petstore keys new` ' +
        'makes a key and prints its digest',
    },
    BODY_LIMIT: { meaning: 'largest request body: bytes (`1048576`) or with a unit (`512kb`, `1mb`)' },
    IDEMPOTENCY_TTL: {
      meaning:
        "how long a create's response is kept for retries with its `Idempotency-Key`: a duration in whole seconds with " +
        'its unit (`90m`, `3600s`, `7d`), 1s to 30d',
    },
    RATE_LIMIT: {
      meaning:
        'requests each API key may make per `RATE_LIMIT_WINDOW`, in bursts of up to that many: per instance, or across ' +
        'the instances sharing `RATE_LIMIT_STORE`; `0` turns the limit off',
    },
    RATE_LIMIT_WINDOW: {
      meaning: 'the window of `RATE_LIMIT`: a duration in whole seconds with its unit (`60s`, `1h`), 1s to 30d',
    },
    RATE_LIMIT_STORE: {
      meaning:
        'a Redis every instance shares the rate limit through (`redis://:password@host:6379`, `rediss://` for TLS)',
      whenUnset: 'per instance',
    },
    SHUTDOWN_GRACE: {
      meaning:
        'on SIGTERM, how long the service goes on serving (not ready, each response closing its connection) before it ' +
        'stops accepting: 0s to 10m',
    },
    SHUTDOWN_TIMEOUT: {
      meaning: `then how long requests still in flight may take before they are cut (exit ${String(EXIT_FORCED)}): 1s to 10m`,
    },
    METRICS: { meaning: '`off`: no `/metrics`, and nothing is measured' },
    METRICS_PORT: {
      meaning: "serve `GET /metrics` on this port of its own (same `HOST`), and not on the API's",
      whenUnset: "on the API's port",
    },
    PUBLIC_BASE_URL: {
      meaning:
        "production base address for the OpenAPI document's `servers`: an `http(s)` URL ending in `/v1`, no credentials",
      whenUnset: '`/v1`, relative',
    },
    STAGING_BASE_URL: { meaning: 'staging base address, listed second in `servers`; same rules' },
    CORS_ORIGINS: {
      meaning: 'comma-separated browser origins (`scheme://host[:port]`) allowed to call the API',
      whenUnset: 'CORS off',
    },
    TRUST_PROXY: {
      meaning:
        'comma-separated addresses and CIDR ranges of the reverse proxies in front (`10.0.0.0/8`, `fd00::/8`), or ' +
        '`loopback`, `linklocal`, `uniquelocal`: from a peer among them, the client address (rate limit, access line) ' +
        'is read from `TRUST_PROXY_HEADER`, walking back past each trusted address',
      whenUnset: 'the peer is the client',
    },
    TRUST_PROXY_HEADER: {
      meaning:
        'the one header those proxies write: `x-forwarded-for` or `forwarded` (RFC 7239); the other is ignored, ' +
        'since a proxy passes on what it does not rewrite',
    },
    LOG_LEVEL: { meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' },
    LOG_FORMAT: {
      meaning: '`json`: a JSON object a line, for a collector; `pretty`: lines a person reads, colored on a terminal',
    },
    NODE_ENV: { meaning: 'with `production`, start-up refuses to run without `API_KEYS` or `API_KEY_DIGESTS`' },
  } satisfies Record<string, Omit<SettingHelp, 'name' | 'fallback'>>;
}

/**
 * Every setting, in the order help lists them: the service's own, each storage's after STORAGE, named with
 * the STORAGE value they belong to.
 */
export function settingRowsOf(service: readonly SettingHelp[], storages: readonly ListedStorage[]): SettingHelp[] {
  const storageRows = storages.flatMap(({ name, settings }) =>
    settings.map((setting) => ({ ...setting, meaning: `with \`STORAGE=${name}\`: ${setting.meaning}` })),
  );
  const afterStorage = service.findIndex(({ name }) => name === 'STORAGE') + 1;
  return [...service.slice(0, afterStorage), ...storageRows, ...service.slice(afterStorage)];
}

/** Every storage STORAGE can name, with what it keeps pets in: `a` (...), `b` (...) or `c` (...). */
function storageChoices(storages: readonly ListedStorage[]): string {
  const choices = storages.map(({ name, summary }) => `\`${name}\` (${summary})`);
  const last = choices.pop();
  return choices.length === 0 ? String(last) : `${choices.join(', ')} or ${String(last)}`;
}
