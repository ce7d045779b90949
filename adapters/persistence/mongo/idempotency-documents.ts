import {
  earlierRequest,
  type ClaimOutcome,
  type IdempotencyClaim,
  type IdempotencyKey,
} from '@petstore/core/idempotency.js';
import type { Pet } from '@petstore/core/pet.js';
import { keyFilter, toPet, toPetDocument, type PetDocument } from './pet-documents.js';

/** How a key is stored: one document per (client, key), its outcome once there is one. */
export interface IdempotencyDocument {
  client: string;
  key: string;
  fingerprint: string;
  /** Which claim holds the key: a lapsed claim cannot complete or release a later one. */
  token: string;
  /** When the record stops counting; the TTL index deletes it some time after. */
  expiresAt: Date;
  pet?: PetDocument;
}

export const IDEMPOTENCY_COLLECTION = 'idempotency_keys';

/**
 * The unique index is what makes a claim atomic across instances: of two inserts of one
 * (client, key), the database lets one through. The TTL index deletes records once expired.
 */
export const IDEMPOTENCY_INDEXES = [
  { key: { client: 1, key: 1 }, name: 'client_1_key_1', unique: true },
  { key: { expiresAt: 1 }, name: 'expiresAt_1', expireAfterSeconds: 0 },
] as const;

/** Only the record's own fields are read back. */
export const IDEMPOTENCY_PROJECTION = { _id: 0, fingerprint: 1, expiresAt: 1, pet: 1 } as const;

/**
 * Matches the key's record only once it has expired, so that an upsert with it either takes over
 * a lapsed record or inserts a new one, and collides on the unique index with a live one.
 * Strings only: no object (and so no operator) from a caller reaches the query.
 */
export function lapsedRecordFilter(
  key: IdempotencyKey,
  now: Date,
): { client: string; key: string; expiresAt: { $lte: Date } } {
  return { ...keyFilter(key), expiresAt: { $lte: now } };
}

export function claimFilter({ key, token }: Pick<IdempotencyClaim, 'key' | 'token'>): {
  client: string;
  key: string;
  token: string;
} {
  return { ...keyFilter(key), token };
}

/** The claim's record while its lease lasts: once it has ended, the key is free and the claim completes nothing. */
export function liveClaimFilter(
  claim: Pick<IdempotencyClaim, 'key' | 'token'>,
  now: Date,
): { client: string; key: string; token: string; expiresAt: { $gt: Date } } {
  return { ...claimFilter(claim), expiresAt: { $gt: now } };
}

/** A new in-flight record: the previous holder's outcome, if any, goes with it. */
export function claimUpdate(fingerprint: string, token: string, expiresAt: Date) {
  return { $set: { fingerprint, token, expiresAt }, $unset: { pet: '' as const } };
}

export function completeUpdate(pet: Pet, expiresAt: Date) {
  return { $set: { pet: toPetDocument(pet.id, pet), expiresAt } };
}

/** A stored record as the core reads it; undefined when it has expired (the TTL index has not got to it yet). */
export function liveOutcomeOf(
  document: Pick<IdempotencyDocument, 'fingerprint' | 'expiresAt' | 'pet'>,
  now: Date,
): ClaimOutcome | undefined {
  if (document.expiresAt.getTime() <= now.getTime()) return undefined;
  return earlierRequest(document.fingerprint, document.pet === undefined ? undefined : toPet(document.pet));
}
