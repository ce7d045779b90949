import type { PetPageQuery } from '../../../core/paging.js';
import type { Pet } from '../../../core/pet.js';
import type { BrokenRepository } from './broken-repositories.js';
import { MapRepository } from './map-repository.js';

/** Lists at most 50 pets, whatever the limit: a page size the storage keeps of its own. */
class CapsListsAtFifty extends MapRepository {
  override list(query: PetPageQuery): Promise<Pet[]> {
    return super.list({ ...query, limit: Math.min(query.limit, 50) });
  }
}

/** Lists in name order: the index it reads by, not the ids'. */
class ListsByName extends MapRepository {
  override async list(query: PetPageQuery): Promise<Pet[]> {
    const all = await super.list({ ...query, limit: Number.MAX_SAFE_INTEGER });
    return all.sort((a, b) => (a.name < b.name ? -1 : 1)).slice(0, query.limit);
  }
}

const PAGING = 'lists in ascending id order at limits from 1 to 101 and beyond, page after page, whatever the names';

/** Each storage whose lists break the paging rules, by its name. */
export const BROKEN_LISTS: Record<string, BrokenRepository> = {
  CapsListsAtFifty: {
    Repository: CapsListsAtFifty,
    breaks: PAGING,
    says: 'list({"limit":51}) of 105 pets gave 50 pets, expected 51; missing ids 51',
  },
  ListsByName: {
    Repository: ListsByName,
    breaks: PAGING,
    says: 'list({"limit":1}) of 105 pets gave 1 pets, expected 1; missing ids 1; unexpected ids 105',
  },
};
