import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type {
  ClaimOutcome,
  IdempotencyClaim,
  IdempotencyKey,
  IdempotencyRetention,
} from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import type { IdempotencyStore } from '@petstore/core/ports.js';
import {
  claimFilter,
  liveClaimFilter,
  claimUpdate,
  completeUpdate,
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_INDEXES,
  IDEMPOTENCY_PROJECTION,
  lapsedRecordFilter,
  liveOutcomeOf,
  type IdempotencyDocument,
} from './idempotency-documents.js';
import { keyFilter } from './pet-documents.js';
import { isDuplicateKey, translateStorageErrors } from './storage-errors.js';

/** A record can expire or be released between the two steps of a claim; a few tries settle it. */
const CLAIM_ATTEMPTS = 3;

/**
 * Keeps idempotency keys in MongoDB, shared by every API instance on the database. A claim is
 * one upsert that the unique index on (client, key) decides, never a read followed by a write.
 */
export class MongoIdempotencyStore implements IdempotencyStore {
  private readonly records: Collection<IdempotencyDocument>;

  private readonly now: () => number;
  private readonly callTimeoutMs: number | undefined;

  /**
   * `callTimeoutMs` (MONGODB_TIMEOUT_MS in the service) bounds each call a request makes, as a whole:
   * see translateStorageErrors. Index builds and restores are not requests; they take what they take.
   */
  constructor(
    db: Db,
    private readonly retention: IdempotencyRetention,
    { now = Date.now, callTimeoutMs }: { now?: (() => number) | undefined; callTimeoutMs?: number | undefined } = {},
  ) {
    this.records = db.collection<IdempotencyDocument>(IDEMPOTENCY_COLLECTION);
    this.now = now;
    this.callTimeoutMs = callTimeoutMs;
  }

  /** Idempotent: creating an index that exists with the same definition is a no-op. */
  async ensureIndexes(): Promise<void> {
    await translateStorageErrors(() => this.records.createIndexes(IDEMPOTENCY_INDEXES.map((index) => ({ ...index }))));
  }

  /**
   * A claim that fails (a timeout after its upsert was sent) may have landed all the same, under a
   * token only this call knows; left there, it would answer every retry 409 until its lease ran out.
   * So once its last attempt has settled, its tokens are released: a record that holds one is its own.
   */
  async claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    const sent: string[] = [];
    let given = false;
    let attempts: Promise<ClaimOutcome> | undefined;
    try {
      return await this.bounded(() => (attempts = this.claimAttempts(key, fingerprint, sent, () => given)));
    } catch (error) {
      given = true;
      const release = () => {
        for (const token of sent) this.records.deleteOne(claimFilter({ key, token })).catch(() => undefined);
      };
      void (attempts ?? Promise.resolve()).then(release, release);
      throw error;
    }
  }

  /**
   * Up to CLAIM_ATTEMPTS tries, each under a new token put in `sent` before its upsert; none after the call was given
   * up.
   */
  private async claimAttempts(
    key: IdempotencyKey,
    fingerprint: string,
    sent: string[],
    givenUp: () => boolean,
  ): Promise<ClaimOutcome> {
    for (let attempt = 1; attempt <= CLAIM_ATTEMPTS && !givenUp(); attempt += 1) {
      const token = randomUUID();
      sent.push(token);
      const outcome = await this.tryClaim(key, fingerprint, token);
      if (outcome !== undefined) return outcome;
    }
    throw new Error('the idempotency key changed hands on every attempt to claim it');
  }

  complete(claim: IdempotencyClaim, pet: Pet): Promise<void> {
    return this.bounded(async () => {
      const now = this.now();
      await this.records.updateOne(
        liveClaimFilter(claim, new Date(now)),
        completeUpdate(pet, new Date(now + this.retention.ttlMs)),
      );
    });
  }

  release(claim: IdempotencyClaim): Promise<void> {
    return this.bounded(async () => {
      await this.records.deleteOne(claimFilter(claim));
    });
  }

  private bounded<T>(operation: () => Promise<T>): Promise<T> {
    return translateStorageErrors(operation, this.callTimeoutMs);
  }

  /** The outcome, or undefined when the live record seen by the upsert was gone by the time it was read. */
  private async tryClaim(key: IdempotencyKey, fingerprint: string, token: string): Promise<ClaimOutcome | undefined> {
    // One reading of the clock: the lease runs from the moment the lapsed records are judged by.
    const nowMs = this.now();
    const now = new Date(nowMs);
    try {
      await this.records.updateOne(
        lapsedRecordFilter(key, now),
        claimUpdate(fingerprint, token, new Date(nowMs + this.retention.leaseMs)),
        {
          upsert: true,
        },
      );
      return { state: 'claimed', claim: { key, token, claimedAt: nowMs, keptUntil: nowMs + this.retention.ttlMs } };
    } catch (error) {
      // The key has a live record: the insert half of the upsert hit the unique index.
      if (!isDuplicateKey(error)) throw error;
    }
    const live = await this.records.findOne(keyFilter(key), { projection: IDEMPOTENCY_PROJECTION });
    return live === null ? undefined : liveOutcomeOf(live, now);
  }
}
