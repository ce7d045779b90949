import { IdempotencyKeyInUse, IdempotencyKeyReused, InvalidIdempotencyKey } from '../errors.js';
import {
  fingerprintOf,
  IDEMPOTENCY_KEY_RULE,
  isIdempotencyKey,
  type EarlierRequest,
  type IdempotencyClaim,
  type IdempotencyKey,
} from '../idempotency.js';
import { assertValidNewPet, type NewPet, type Pet } from '../pet.js';
import type { IdempotencyStore, PetRepository } from '../ports.js';

export interface CreatedPet {
  readonly pet: Pet;
  /** True when this is the outcome of an earlier request with the same key, not a new pet. */
  readonly replayed: boolean;
}

/**
 * CreatePet for a caller that may retry: one key, one pet, whatever fails between the writes. The
 * pet carries its key, written with it atomically (PetRepository.addOnce), so the add happens once;
 * the IdempotencyStore's claim tells a repeat that the first is still under way, then answers it.
 */
export class CreatePetOnce {
  constructor(
    private readonly pets: PetRepository,
    private readonly requests: IdempotencyStore,
  ) {}

  async execute(newPet: NewPet, key: IdempotencyKey): Promise<CreatedPet> {
    if (!isIdempotencyKey(key.key)) throw new InvalidIdempotencyKey(IDEMPOTENCY_KEY_RULE);
    // A request that breaks a rule changed nothing, so it is not remembered: the client fixes it and retries.
    assertValidNewPet(newPet);
    const fingerprint = fingerprintOf(newPet);
    const earlier = await this.requests.claim(key, fingerprint);
    if (earlier.state !== 'claimed') return { pet: outcomeOf(earlier, fingerprint), replayed: true };
    let added;
    try {
      added = await this.pets.addOnce(newPet, earlier.claim);
    } catch (error) {
      // The pet may have been written all the same (a timeout after the write was sent). Freeing the
      // claim is safe: the retry it lets through adds nothing if the pet exists, and answers that pet.
      this.release(earlier.claim);
      throw error;
    }
    if (fingerprintOf(added.pet) !== fingerprint) {
      // An earlier attempt with this key, whose answer was lost, added another pet.
      this.release(earlier.claim);
      throw new IdempotencyKeyReused();
    }
    // The pet is stored and carries its key, so the answer stands even if it cannot be recorded:
    // a retry then finds the pet through its key instead of the record.
    await this.requests.complete(earlier.claim, added.pet).catch(() => {
      this.release(earlier.claim);
    });
    return { pet: added.pet, replayed: !added.added };
  }

  /**
   * Frees the key in the background: the answer does not wait on a storage that has just failed.
   * Should freeing it fail too, its lease frees it later; the client hears of the failure that decided.
   */
  private release(claim: IdempotencyClaim): void {
    this.requests.release(claim).catch(() => undefined);
  }
}

function outcomeOf(earlier: EarlierRequest, fingerprint: string): Pet {
  if (earlier.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
  if (earlier.state === 'in_flight') throw new IdempotencyKeyInUse();
  return earlier.pet;
}
