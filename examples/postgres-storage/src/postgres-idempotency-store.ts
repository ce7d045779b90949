import { randomUUID } from 'node:crypto';
import {
  earlierRequest,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
  type IdempotencyRetention,
  type IdempotencyStore,
  type Pet,
} from '@petstore/core';
import type { Pool } from 'pg';
import { translateStorageErrors } from './storage-errors.js';

/** A record can lapse or be released between a claim's two statements; a few tries settle it. */
const CLAIM_ATTEMPTS = 3;
/** Records past their expiry dropped by one claim, so that a claim's cost stays bounded. */
const EXPIRED_DROPPED_PER_CLAIM = 10;

/**
 * Keeps idempotency keys in PostgreSQL, shared by every instance on the database. A claim is one
 * upsert the primary key decides: it takes a free or lapsed key, and leaves a live one as it is.
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  private readonly now: () => number;

  constructor(
    private readonly pool: Pool,
    private readonly retention: IdempotencyRetention,
    { now = Date.now }: { now?: (() => number) | undefined } = {},
  ) {
    this.now = now;
  }

  /**
   * A claim whose answer never came (the connection broke after the upsert was sent) may have landed
   * under a token only this call knows; left there, it would hold the key until its lease ran out. So
   * a failed claim releases its tokens, as far as the database can be reached.
   */
  async claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    const sent: string[] = [];
    try {
      return await translateStorageErrors(() => this.claimAttempts(key, fingerprint, sent));
    } catch (error) {
      this.pool
        .query('DELETE FROM idempotency_keys WHERE client = $1 AND key = $2 AND token = ANY($3)', [
          key.client,
          key.key,
          sent,
        ])
        .catch(() => undefined);
      throw error;
    }
  }

  /** A claim whose lease has ended completes nothing: its key is free, whether or not another took it. */
  complete({ key, token }: IdempotencyClaim, pet: Pet): Promise<void> {
    const now = this.now();
    return translateStorageErrors(async () => {
      await this.pool.query(
        'UPDATE idempotency_keys SET pet = $1, expires_at = $2 WHERE client = $3 AND key = $4 AND token = $5 AND expires_at > $6',
        [JSON.stringify(pet), now + this.retention.ttlMs, key.client, key.key, token, now],
      );
    });
  }

  release({ key, token }: IdempotencyClaim): Promise<void> {
    return translateStorageErrors(async () => {
      await this.pool.query('DELETE FROM idempotency_keys WHERE client = $1 AND key = $2 AND token = $3', [
        key.client,
        key.key,
        token,
      ]);
    });
  }

  private async claimAttempts(key: IdempotencyKey, fingerprint: string, sent: string[]): Promise<ClaimOutcome> {
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
      const now = this.now();
      const token = randomUUID();
      sent.push(token);
      // A live record (expires_at after now) is left as it is: the upsert then returns no row.
      const taken = await this.pool.query(
        `INSERT INTO idempotency_keys (client, key, fingerprint, token, expires_at, pet) VALUES ($1, $2, $3, $4, $5, NULL)
         ON CONFLICT (client, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, token = EXCLUDED.token, expires_at = EXCLUDED.expires_at, pet = NULL
         WHERE idempotency_keys.expires_at <= $6
         RETURNING token`,
        [key.client, key.key, fingerprint, token, now + this.retention.leaseMs, now],
      );
      if (taken.rowCount === 1) {
        await this.dropExpired(now);
        return { state: 'claimed', claim: { key, token, claimedAt: now, keptUntil: now + this.retention.ttlMs } };
      }
      const { rows } = await this.pool.query<{ fingerprint: string; pet: Pet | null }>(
        'SELECT fingerprint, pet FROM idempotency_keys WHERE client = $1 AND key = $2 AND expires_at > $3',
        [key.client, key.key, now],
      );
      const live = rows[0];
      if (live !== undefined) return earlierRequest(live.fingerprint, live.pet ?? undefined);
    }
    throw new Error(`the idempotency key changed hands ${CLAIM_ATTEMPTS} times during one claim`);
  }

  private async dropExpired(now: number): Promise<void> {
    await this.pool.query(
      'DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)',
      [now, EXPIRED_DROPPED_PER_CLAIM],
    );
  }
}
