// A repository that breaks one rule of the contract: it lists the newest pets first.
import type { Pet, PetPageQuery } from '@petstore/core';
import { MapPetRepository } from './map-pet-repository.js';

export class NewestFirstPetRepository extends MapPetRepository {
  override async list(query: PetPageQuery): Promise<Pet[]> {
    const page = await super.list({ ...query, limit: Number.MAX_SAFE_INTEGER });
    return page.reverse().slice(0, query.limit);
  }
}
