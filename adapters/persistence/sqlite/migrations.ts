/**
 * The schema, one step per version: the database's `PRAGMA user_version` says how many steps it has
 * taken, and opening it takes the rest, each in a transaction of its own. A step, once released, is
 * never edited: a change to the schema is a new step.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE pets (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     category_id INTEGER NOT NULL,
     status TEXT,
     origin_client TEXT,
     origin_key TEXT,
     origin_kept_until INTEGER
   );
   CREATE INDEX pets_status_id ON pets (status, id);
   CREATE UNIQUE INDEX pets_origin ON pets (origin_client, origin_key) WHERE origin_key IS NOT NULL;
   CREATE TABLE idempotency_keys (
     client TEXT NOT NULL,
     key TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     token TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     pet TEXT,
     PRIMARY KEY (client, key)
   ) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);`,
];
