// What a storage is to the service: one object a folder exports, built-in or a host's own.
import type { IdempotencyRetention } from '@petstore/core/idempotency.js';
import type { StoragePorts } from '@petstore/core/ports.js';
import type { Environment, SettingHelp } from './read-settings.js';

/** One setting a storage reads from the environment, as `petstore serve --help` and the settings table show it. */
export type StorageSetting = SettingHelp;

/** What opening a storage gives the service: its ports, sharing whatever they hold, and how to let it go. */
export interface OpenedStorage extends StoragePorts {
  /** Called once, at shutdown, after the last request: closes connections and files. */
  close(): Promise<void>;
}

/** What the service tells a storage as it opens it. */
export interface StorageContext {
  /** How long the idempotency store keeps an outcome (IDEMPOTENCY_TTL) and holds an in-flight claim. */
  readonly retention: IdempotencyRetention;
  /**
   * The host only reads (`petstore pets list`, `get`, `export`): a storage this process may not write
   * still opens. Unset: `open` rejects a storage it cannot write, so that a service never starts to
   * answer every write with a 503.
   */
  readonly readOnly?: boolean | undefined;
}

/**
 * A storage the service can run on. `STORAGE` picks a built-in one by `name`; a host gives its own
 * to `startService`. Readiness is the pet port's `isReachable`.
 */
export interface StorageAdapter<Settings = unknown> {
  /** What `STORAGE` calls it, in lower case. */
  readonly name: string;
  /** A few words on where pets are kept, for the help of `STORAGE`, such as `a file`. */
  readonly summary: string;
  /** Every setting `readSettings` reads, in the order help lists them. */
  readonly settings: readonly StorageSetting[];
  /**
   * Reads this storage's settings from `env`, which holds no empty variable: the service drops
   * them first, as unset. A bad value throws a ConfigError (from `petstore/service`) naming the
   * variable, never quoting its value.
   */
  readSettings(env: Environment): Settings;
  /**
   * Connects, creates or upgrades its schema, and gives the ports. Rejects when the storage cannot be
   * used; then it holds nothing open. The ports keep the outage rules of `core/ports.ts`: with their
   * server away, calls reject with StorageUnavailable within a bound of the adapter's settings.
   */
  open(settings: Settings, context: StorageContext): Promise<OpenedStorage>;
  /**
   * Why `open` failed, in words a person acts on (`failed to start: ` comes before them), naming the
   * settings to check; undefined: the error's own message. Never quotes a secret.
   */
  explainFailure?(error: unknown): string | undefined;
  /** The database system as OpenTelemetry's semantic conventions name it (`db.system.name`), for storage spans. */
  readonly dbSystem?: string;
}
