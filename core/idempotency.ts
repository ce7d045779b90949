import { NEW_PET_FIELDS, type NewPet, type Pet } from './pet.js';

/**
 * A client's promise that the requests it sends under one key are one request: the first is
 * carried out, every repeat is answered with its outcome. Keys belong to the client that sent
 * them, so one client's key never names another client's request.
 */
export interface IdempotencyKey {
  /** Who sent it: a stable, non-secret name for the caller (never its credential). */
  readonly client: string;
  readonly key: string;
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Visible ASCII characters (no space, no control): what a client can send in any header or flag. */
export const IDEMPOTENCY_KEY_SYNTAX = new RegExp(`^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
export const IDEMPOTENCY_KEY_RULE =
  `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} ` + 'visible ASCII characters (no spaces)';

export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY_SYNTAX.test(value);
}

/**
 * What makes two creates the same request: the pet's fields, in NEW_PET_FIELDS' order, so however the
 * client spelled its JSON (whitespace, key order, 1.0 for 1) one pet has one fingerprint.
 */
export function fingerprintOf(newPet: NewPet): string {
  return JSON.stringify(NEW_PET_FIELDS.map((field) => newPet[field] ?? null));
}

/** What adding a pet for an origin found: the pet it added, or the one an earlier attempt added. */
export interface PetAddedOnce {
  readonly pet: Pet;
  readonly added: boolean;
}

/** The key is the caller's until it completes or releases the claim; the token tells its claim from a later one. */
export interface IdempotencyClaim extends PetOrigin {
  readonly token: string;
}

/**
 * The key a pet is added under, and for how long it names that pet: from the claim to the end of
 * the retention (IDEMPOTENCY_TTL), in milliseconds since the epoch by the idempotency store's clock.
 */
export interface PetOrigin {
  readonly key: IdempotencyKey;
  readonly claimedAt: number;
  readonly keptUntil: number;
}

/** A pet added under a key names that key's request only until the key's retention ends; then the key is free. */
export function namesRequest(earlier: Pick<PetOrigin, 'keptUntil'>, claim: Pick<PetOrigin, 'claimedAt'>): boolean {
  return earlier.keptUntil > claim.claimedAt;
}

/** The live record of an earlier request with the same key. */
export type EarlierRequest =
  | { readonly state: 'in_flight'; readonly fingerprint: string }
  | { readonly state: 'completed'; readonly fingerprint: string; readonly pet: Pet };

/** What claiming a key finds: the key free (now claimed), or the live record of an earlier request. */
export type ClaimOutcome = { readonly state: 'claimed'; readonly claim: IdempotencyClaim } | EarlierRequest;

/** What a live record of an earlier request says: in flight until its outcome, the pet, is kept. */
export function earlierRequest(fingerprint: string, pet: Pet | undefined): EarlierRequest {
  return pet === undefined ? { state: 'in_flight', fingerprint } : { state: 'completed', fingerprint, pet };
}

/** How long a store keeps what it holds, in milliseconds. */
export interface IdempotencyRetention {
  /** A completed request's outcome, replayed to repeats until then. */
  readonly ttlMs: number;
  /**
   * An unfinished claim. A request that never completes or releases its claim (its process died,
   * its storage went away mid-request) holds the key this long, then a retry is carried out afresh.
   */
  readonly leaseMs: number;
}

/** Longer than any request can take (every storage call is bounded by seconds), short enough to retry the same day. */
export const IN_FLIGHT_LEASE_MS = 60_000;
