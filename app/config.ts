import bytes from 'bytes';
import * as v from 'valibot';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const STORAGE_KINDS = ['memory'] as const;

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly storage: (typeof STORAGE_KINDS)[number];
  /** Plaintext keys; held only until hashed at start-up. */
  readonly apiKeys: readonly string[];
  /** Hex SHA-256 digests of accepted keys. */
  readonly apiKeySha256: readonly string[];
  readonly bodyLimitBytes: number;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly production: boolean;
}

/** A bad setting: start-up stops with this one line, which names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A bearer token's characters (RFC 6750 b64token); any other key could never be sent. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

const commaList = (rule: RegExp, message: string) =>
  v.pipe(
    v.string(),
    v.transform((text) => text.split(',').map((item) => item.trim()).filter((item) => item !== '')),
    v.check((items) => items.every((item) => rule.test(item)), message),
  );

const environment = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]+$/, 'must be an integer from 0 to 65535'), v.transform(Number), v.maxValue(65535, 'must be an integer from 0 to 65535')),
    '8080',
  ),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('must be a host name or address')), '127.0.0.1'),
  STORAGE: v.optional(v.picklist(STORAGE_KINDS, `must be one of ${STORAGE_KINDS.join(', ')}`), 'memory'),
  API_KEYS: v.optional(commaList(BEARER_TOKEN, 'must be comma-separated keys of letters, digits and -._~+/'), ''),
  API_KEY_SHA256: v.optional(commaList(SHA256_HEX, 'must be comma-separated SHA-256 digests, 64 hex digits each'), ''),
  BODY_LIMIT: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) => bytes.parse(text)),
      v.number('must be a size such as 1048576, 512kb or 1mb'),
      v.check((size) => Number.isSafeInteger(size) && size > 0, 'must be a size such as 1048576, 512kb or 1mb'),
    ),
    '1mb',
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  NODE_ENV: v.optional(v.string(), 'development'),
});

/** Reads the environment once. An empty variable counts as unset. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(environment, present, { abortPipeEarly: true });
  if (!result.success) {
    const [issue] = result.issues;
    // Values are never echoed: some variables hold secrets.
    throw new ConfigError(`${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
  }
  const settings = result.output;
  return {
    port: settings.PORT,
    host: settings.HOST,
    storage: settings.STORAGE,
    apiKeys: settings.API_KEYS,
    apiKeySha256: settings.API_KEY_SHA256,
    bodyLimitBytes: settings.BODY_LIMIT,
    logLevel: settings.LOG_LEVEL,
    production: settings.NODE_ENV === 'production',
  };
}
