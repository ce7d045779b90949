import { IdempotencyKeyInUse, IdempotencyKeyReused, InvalidIdempotencyKey } from '../errors.js';
import { fingerprintOf, IDEMPOTENCY_KEY_RULE, isIdempotencyKey, type EarlierRequest, type IdempotencyKey } from '../idempotency.js';
import { assertValidNewPet, type NewPet, type Pet } from '../pet.js';
import type { IdempotencyStore } from '../ports.js';
import type { CreatePet } from './create-pet.js';

export interface CreatedPet {
  readonly pet: Pet;
  /** True when this is the outcome of an earlier request with the same key, not a new pet. */
  readonly replayed: boolean;
}

/**
 * CreatePet for a caller that may retry: one key, one outcome. The first request with a key adds
 * the pet; a repeat of it gets that same pet back; the key reused for another pet is refused.
 */
export class CreatePetOnce {
  constructor(
    private readonly createPet: CreatePet,
    private readonly requests: IdempotencyStore,
  ) {}

  async execute(newPet: NewPet, key: IdempotencyKey): Promise<CreatedPet> {
    if (!isIdempotencyKey(key.key)) throw new InvalidIdempotencyKey(IDEMPOTENCY_KEY_RULE);
    // A request that breaks a rule changed nothing, so it is not remembered: the client fixes it and retries.
    assertValidNewPet(newPet);
    const fingerprint = fingerprintOf(newPet);
    const earlier = await this.requests.claim(key, fingerprint);
    if (earlier.state !== 'claimed') return { pet: outcomeOf(earlier, fingerprint), replayed: true };
    let pet: Pet;
    try {
      pet = await this.createPet.execute(newPet);
    } catch (error) {
      // Nothing was added: the key is free again for a retry. Should freeing it fail as well, the
      // lease frees it later; the client hears of the first failure, the one that decided.
      await this.requests.release(earlier.claim).catch(() => undefined);
      throw error;
    }
    await this.requests.complete(earlier.claim, pet);
    return { pet, replayed: false };
  }
}

function outcomeOf(earlier: EarlierRequest, fingerprint: string): Pet {
  if (earlier.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
  if (earlier.state === 'in_flight') throw new IdempotencyKeyInUse();
  return earlier.pet;
}
