import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  earlierRequest,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
  type IdempotencyRetention,
} from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore } from '@petstore/core/ports.js';
import { groupCommitOf, type GroupCommit } from './group-commit.js';

interface KeyRow {
  readonly fingerprint: string;
  readonly expires_at: number;
  readonly pet: string | null;
}

/** Records past their expiry dropped by one claim, so that a claim's cost stays bounded. */
const EXPIRED_DROPPED_PER_CLAIM = 10;

/**
 * Keeps idempotency keys in the SQLite file, shared by every process that opens it. A claim reads
 * and writes the key's record in one write transaction, so of any number of callers one gets it.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly now: () => number;
  private readonly writes: GroupCommit;
  private readonly statements: {
    live: StatementSync;
    upsert: StatementSync;
    complete: StatementSync;
    release: StatementSync;
    dropExpired: StatementSync;
  };

  constructor(
    db: DatabaseSync,
    private readonly retention: IdempotencyRetention,
    { now = Date.now }: { now?: (() => number) | undefined } = {},
  ) {
    this.now = now;
    this.writes = groupCommitOf(db);
    this.statements = {
      live: db.prepare(
        'SELECT fingerprint, expires_at, pet FROM idempotency_keys WHERE client = ? AND key = ? AND expires_at > ?',
      ),
      upsert: db.prepare(
        'INSERT INTO idempotency_keys (client, key, fingerprint, token, expires_at, pet) VALUES (?, ?, ?, ?, ?, ' +
          'NULL) ON CONFLICT (client, key) DO UPDATE SET fingerprint = excluded.fingerprint, token = ' +
          'excluded.token, expires_at = excluded.expires_at, pet = NULL',
      ),
      complete: db.prepare(
        'UPDATE idempotency_keys SET pet = ?, expires_at = ? WHERE client = ? AND key = ? AND token = ? AND expires_at > ?',
      ),
      release: db.prepare('DELETE FROM idempotency_keys WHERE client = ? AND key = ? AND token = ?'),
      dropExpired: db.prepare(
        'DELETE FROM idempotency_keys WHERE (client, key) IN (SELECT client, key FROM idempotency_keys WHERE ' +
          'expires_at <= ? ORDER BY expires_at LIMIT ?)',
      ),
    };
  }

  claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    // The group's transaction holds the read and the write: of any number of callers, one claims the key.
    return this.writes.write((): ClaimOutcome => {
      const now = this.now();
      const live = this.statements.live.get(key.client, key.key, now) as KeyRow | undefined;
      if (live !== undefined)
        return earlierRequest(live.fingerprint, live.pet === null ? undefined : (JSON.parse(live.pet) as Pet));
      this.statements.dropExpired.run(now, EXPIRED_DROPPED_PER_CLAIM);
      const token = randomUUID();
      this.statements.upsert.run(key.client, key.key, fingerprint, token, now + this.retention.leaseMs);
      return { state: 'claimed', claim: { key, token, claimedAt: now, keptUntil: now + this.retention.ttlMs } };
    });
  }

  complete({ key, token }: IdempotencyClaim, pet: Pet): Promise<void> {
    return this.writes.write(() => {
      const now = this.now();
      // A claim whose lease has ended completes nothing: its key is free, whether or not another took it.
      this.statements.complete.run(JSON.stringify(pet), now + this.retention.ttlMs, key.client, key.key, token, now);
    });
  }

  release({ key, token }: IdempotencyClaim): Promise<void> {
    return this.writes.write(() => {
      this.statements.release.run(key.client, key.key, token);
    });
  }
}
