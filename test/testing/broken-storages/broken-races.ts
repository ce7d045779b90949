import { namesRequest, type PetAddedOnce, type PetOrigin } from '../../../core/idempotency.js';
import type { NewPet, PetId } from '../../../core/pet.js';
import type { BrokenRepository } from './broken-repositories.js';
import { MapRepository } from './map-repository.js';
import { PretendPool } from './pretend-pool.js';

/**
 * Pets in a table whose key column has no unique constraint, reached through a pool: a keyed add
 * looks its key up in one query, then inserts in another, and two callers can both find it free.
 */
class ChecksThenInsertsKeyedPets extends MapRepository {
  private readonly pool = new PretendPool();
  private readonly keyed = new Map<string, { id: PetId; keptUntil: number }>();

  override async addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    const key = JSON.stringify([origin.key.client, origin.key.key]);
    const earlier = await this.pool.query(() => this.keyed.get(key));
    if (earlier !== undefined && namesRequest(earlier, origin))
      return { pet: (await this.findById(earlier.id))!, added: false };
    return this.pool.query(async () => {
      const pet = await this.add(newPet);
      this.keyed.set(key, { id: pet.id, keptUntil: origin.keptUntil });
      return { pet, added: true };
    });
  }
}

/** Each storage that loses a race, by its name. */
export const BROKEN_RACES: Record<string, BrokenRepository> = {
  ChecksThenInsertsKeyedPets: {
    Repository: ChecksThenInsertsKeyedPets,
    breaks:
      'adds one pet for 16 callers adding under one key at once, in each of 5 rounds, and gives each of them that pet',
    says: '16 callers adding under one key at once: ',
  },
};
