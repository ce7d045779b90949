/** How SQLite makes a commit durable (PRAGMA synchronous, in WAL mode); the operations guide says what each promises. */
export const SQLITE_SYNCHRONOUS = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

export interface SqliteOptions {
  readonly synchronous: SqliteSynchronous;
  /** How long a call waits for another process's write lock before it gives up (503). */
  readonly busyTimeoutMs: number;
}

/** Long enough for any other process's write transaction (each is one short statement or batch). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
