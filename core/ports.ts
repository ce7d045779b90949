import type { RestoreCount } from './backup.js';
import type { ClaimOutcome, IdempotencyClaim, IdempotencyKey, PetAddedOnce, PetOrigin } from './idempotency.js';
import type { PetPageQuery } from './paging.js';
import type { NewPet, Pet, PetId } from './pet.js';

/**
 * Where pets are kept. Every implementation must pass the one contract suite in
 * testing/ (petstore/testing), so callers can rely on the same behaviour whatever the storage.
 */
export interface PetRepository {
  /** Stores the pet under a new id, greater than every id handed out before. */
  add(newPet: NewPet): Promise<Pet>;
  /**
   * Adds the pet at most once for its origin, the idempotency key of the request that asked for it:
   * the pet and its origin are written in one atomic step, and a pet added for this key whose
   * retention has not ended (see namesRequest) is returned instead (`added: false`). So a retry after
   * an ambiguous failure (a timeout after the write was sent) finds the pet the first attempt wrote,
   * even while that write is still on its way.
   */
  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce>;
  findById(id: PetId): Promise<Pet | undefined>;
  /** Pets in ascending id order; the caller has checked the query (ListPets asks for one row more than a page). */
  list(query: PetPageQuery): Promise<Pet[]>;
  /** Whether the storage can serve requests now (readiness). Never throws. */
  isReachable(): Promise<boolean>;
}

/**
 * Remembers which requests were made under which idempotency key, and what came of them.
 * Every implementation must pass the contract suite in testing/ (petstore/testing).
 */
export interface IdempotencyStore {
  /**
   * In one atomic step: the key's live record if it has one, else a new in-flight record for
   * this request (`claimed`). However many callers claim one key at once, one of them gets it.
   */
  claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome>;
  /** Keeps the outcome for repeats. A claim that lapsed and was taken by another changes nothing. */
  complete(claim: IdempotencyClaim, pet: Pet): Promise<void>;
  /** Frees the key, so that a retry is carried out afresh. A lapsed claim changes nothing. */
  release(claim: IdempotencyClaim): Promise<void>;
}

/**
 * Storing pets under the ids they already have: what restoring a backup needs. In the catalogue
 * storage hands out ids; only a restore writes ids of its own. The contract suite in testing/
 * holds every adapter to it.
 */
export interface PetRestore {
  /** Of these pets, the ids under which storage holds a pet with other fields. */
  conflictsOf(pets: readonly Pet[]): Promise<PetId[]>;
  /**
   * Stores each pet under its own id, and makes every id handed out later greater than all of them.
   * A pet stored already with the same fields is left as it is, so restoring the same pets again
   * adds nothing. If any id holds a different pet (RestoreConflict), nothing of the batch is written.
   */
  restore(pets: readonly Pet[]): Promise<RestoreCount>;
}

/** Decides whether a presented credential grants access, and to whom. */
export interface Authenticator {
  /** The client the credential belongs to (a stable name that is not the credential), or undefined. */
  authenticate(credential: string): Promise<string | undefined>;
}
