/**
 * How SQLite makes a commit durable (PRAGMA synchronous, in WAL mode); the operations guide says what each promises.
 */
export const SQLITE_SYNCHRONOUS = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

export interface SqliteOptions {
  readonly synchronous: SqliteSynchronous;
  /** How long a write waits for another process's write lock before it gives up (503); it waits off the event loop. */
  readonly busyTimeoutMs: number;
  /** The caller only reads: a file this process may not write still opens. Unset: opening refuses one. */
  readonly readOnly?: boolean | undefined;
}

/** Long enough for any other process's write transaction (each is one short statement or batch). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * How long one statement may wait in place, inside SQLite, holding the only thread: a reader meeting
 * another process's brief exclusive moment (its last connection closing) waits that long. A write
 * waits for a lock asynchronously instead, retrying on a timer (group-commit.ts).
 */
export const SQLITE_WAIT_IN_PLACE_MS = 10;
