import type { RestoreCount } from './backup.js';
import type { ClaimOutcome, IdempotencyClaim, IdempotencyKey, PetAddedOnce, PetOrigin } from './idempotency.js';
import type { PetPageQuery } from './paging.js';
import type { NewPet, Pet, PetId } from './pet.js';

/**
 * Where pets are kept. Every rule below is one named test of `describePetRepositoryContract`
 * (`petstore/testing`), which every storage passes, built-in or a host's own.
 *
 * Copies in and out: a pet handed to the repository (by add, addOnce or restore), or returned by it
 * (by add, addOnce, findById, list and so an export), is never the object it keeps. Copy on the way
 * in and out, or keep frozen objects: a caller that changes an object it gave or was given changes
 * nothing stored, and two reads never share an object a caller can change. Only the fields of a
 * NewPet are stored, whatever else the object carries, and every one of them (NEW_PET_FIELDS) comes
 * back from get, list and export as it went in; a pet without a status has no `status` field (not
 * `status: undefined`).
 *
 * Outages (the rules of `describeStorageOutageContract`, for every port of a storage with a server):
 * when the server is down, stalls, or goes away mid-call, every call settles within the storage's own
 * timeout, either as it would have (a file still read, say) or rejected with `StorageUnavailable`:
 * never a driver's error, never an unbounded wait (no offline queue holding calls until the server is
 * back). `isReachable` answers false meanwhile, and once the server is back the storage serves again
 * without a restart. A write that timed out may still have been written: callers treat it as unknown.
 */
export interface PetRepository {
  /**
   * Stores the pet under a new id: a positive integer, greater than every id handed out before,
   * restored ids included. Concurrent adds never get the same id and never lose a pet. Ids end at
   * PET_ID_MAX: once it is handed out, restored or reserved, add (and addOnce) rejects with
   * `PetIdsExhausted` and writes nothing (`nextPetId` says it for a storage that counts ids itself),
   * while every read goes on.
   */
  add(newPet: NewPet): Promise<Pet>;
  /**
   * Adds the pet at most once for its origin, the idempotency key of the request that asked for it.
   * The pet and its origin are written in one atomic step. A pet added earlier under the same key
   * (same client, the key compared as an exact string) is returned instead (`added: false`) while
   * `namesRequest(earlier, origin)` holds: the earlier pet's `keptUntil` is after this origin's
   * `claimedAt`. Past that the key is free, and a new pet is added; the earlier pet stays.
   * However many callers add under one key at once, one pet is added and each gets it. So a retry
   * after an ambiguous failure (a timeout after the write was sent) finds the pet the first attempt
   * wrote, even while that write is still on its way. Once its `keptUntil` has passed, by the
   * idempotency store's clock, an origin names nothing and may be forgotten; the pet stays.
   */
  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce>;
  /** The pet with this id; undefined for an id nobody has (0 and negative ids included). */
  findById(id: PetId): Promise<Pet | undefined>;
  /**
   * At most `limit` pets with an id above `afterId` (when given) and the `status` (when given), in
   * ascending id order; `[]` when there are none. The caller has checked the query (ListPets asks
   * for one row more than a page).
   */
  list(query: PetPageQuery): Promise<Pet[]>;
  /**
   * Readiness (`/readyz`): whether the storage can serve requests now. Never throws, and never waits
   * on another connection's lock: a trial write that fails at once when the storage is locked is
   * fine, one that queues behind the lock is not. It still reports what stops writes (a full disk,
   * a read-only file, a server out of reach) as not reachable: a server that answers reads and
   * refuses writes (a read-only replica, a primary lost, no room) is not ready, so ask whether it
   * would take a write, not only whether it answers.
   */
  isReachable(): Promise<boolean>;
}

/**
 * Remembers which requests were made under which idempotency key, and what came of them. Every
 * rule below is one named test of `describeIdempotencyStoreContract` (`petstore/testing`). The
 * store reads time from the clock it is given, and keeps outcomes for the retention it is given
 * (IDEMPOTENCY_TTL) and in-flight claims for the core's lease, each to the millisecond. Keys belong
 * to a client, and are exact strings: case and look-alikes are other keys.
 *
 * Lease and retention: a claim in flight holds its key for the lease (`leaseMs`, from `claimedAt`),
 * however long its `keptUntil`; once the lease has ended the key is free, and the claim can neither
 * complete nor release anything, whether or not another caller took the key (a store may have
 * dropped the record already). A completed key keeps its outcome for the retention (`ttlMs`),
 * counted from its completion. `keptUntil` (`claimedAt` plus `ttlMs`) is how long the pet a claim
 * adds is named by its key (addOnce), not how long the claim holds the key.
 */
export interface IdempotencyStore {
  /**
   * In one atomic step: the key's live record if it has one (in flight with its fingerprint, or
   * completed with its pet), else a new in-flight record for this request (`claimed`). However many
   * callers claim one key at once, one of them gets it; so with a lapsed key. A claim is dated by the
   * store's clock: `claimedAt` is now, and `keptUntil` now plus the retention's `ttlMs`, the moment
   * until which the pet it adds is named by the key (addOnce).
   */
  claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome>;
  /**
   * Keeps the outcome for repeats, for the retention counted from now. A claim whose lease has ended,
   * or whose key was released, changes nothing: its key is free, or held by the claim that took it over.
   */
  complete(claim: IdempotencyClaim, pet: Pet): Promise<void>;
  /** Frees the key, so that a retry is carried out afresh. A lapsed or released claim changes nothing. */
  release(claim: IdempotencyClaim): Promise<void>;
}

/**
 * Storing pets under the ids they already have: what restoring a backup needs. In the catalogue
 * storage hands out ids; only a restore writes ids of its own. Every rule below is one named test of
 * `describePetRestoreContract` (`petstore/testing`).
 */
export interface PetRestore {
  /** Of these pets, the ids under which storage holds a pet with other fields (`sameFields` compares them). */
  conflictsOf(pets: readonly Pet[]): Promise<PetId[]>;
  /**
   * Stores each pet under its own id, filling gaps between stored ids, and makes every id handed out
   * later greater than all of them. First call `assertRestorable(pets)`: a batch out of ascending
   * order, with an id twice or an id that is not a pet id rejects with the TypeError it throws, and
   * writes nothing. A pet stored already with the same fields is left as it is, so restoring the
   * same pets again adds nothing. If any id holds a different pet, the batch rejects with
   * `RestoreConflict` naming the first such id, and nothing of it is written. An empty batch is
   * nothing to do.
   */
  restore(pets: readonly Pet[]): Promise<RestoreCount>;
  /**
   * Makes every id handed out from now on, by any process sharing the storage, greater than
   * `through`, so that a restore can then write ids up to it while creates go on. Never lowers the
   * mark: ids handed out already, and a `through` below them, change nothing. No pet is written or
   * changed. First call `assertReservable(through)`: an id that is not a pet id rejects with the
   * TypeError it throws, and reserves nothing.
   */
  reserveIds(through: PetId): Promise<void>;
}

/** Decides whether a presented credential grants access, and to whom. */
export interface Authenticator {
  /** The client the credential belongs to (a stable name that is not the credential), or undefined. */
  authenticate(credential: string): Promise<string | undefined>;
}

/** The storage ports a service runs on: pets (with their restore) and idempotency keys. */
export interface StoragePorts {
  readonly pets: PetRepository & PetRestore;
  readonly idempotency: IdempotencyStore;
}
