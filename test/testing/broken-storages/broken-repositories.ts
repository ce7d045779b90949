import type { Pet, PetId } from '../../../core/pet.js';
import { MapRepository, type Entering, type Leaving, type WayIn, type WayOut } from './map-repository.js';

/** Keeps the very object one way in is given, and copies what the others are: the caller's later changes show. */
function keepsWhatIsGivenTo(wayIn: WayIn) {
  return class extends MapRepository {
    protected override keep(entering: Entering): Pet {
      return entering.wayIn === wayIn ? Object.assign(entering.given, { id: entering.id }) : super.keep(entering);
    }
  };
}

const KeepsWhatAddIsGiven = keepsWhatIsGivenTo('add');
const KeepsWhatAddOnceIsGiven = keepsWhatIsGivenTo('addOnce');
const KeepsWhatRestoreIsGiven = keepsWhatIsGivenTo('restore');

/** Hands the stored object itself out of one way, and copies out of the others. */
function handsOutStoredThrough(wayOut: WayOut) {
  return class extends MapRepository {
    protected override handOut(leaving: Leaving): Pet {
      return leaving.wayOut === wayOut ? leaving.stored : super.handOut(leaving);
    }
  };
}

const HandsOutStoredFromAdd = handsOutStoredThrough('add');
const HandsOutStoredFromAddOnce = handsOutStoredThrough('addOnce');
const HandsOutStoredFromFindById = handsOutStoredThrough('findById');
const HandsOutStoredFromList = handsOutStoredThrough('list');
const HandsOutStoredFromExport = handsOutStoredThrough('export');

/**
 * Reads each pet into one reused object, to spare allocations: a caller's changes never reach the
 * store, but two reads share what they were given, and the second overwrites the first.
 */
class ReusesOneObjectForReads extends MapRepository {
  private readonly reused = {} as Record<string, unknown>;

  protected override handOut(leaving: Leaving): Pet {
    if (leaving.wayOut !== 'findById' && leaving.wayOut !== 'list') return super.handOut(leaving);
    for (const field of Object.keys(this.reused)) Reflect.deleteProperty(this.reused, field);
    return Object.assign(this.reused, leaving.stored);
  }
}

/** Stores a pet without its status: a field the storage forgot when the pet gained it. */
class DropsTheStatus extends MapRepository {
  protected override keep(entering: Entering): Pet {
    const { id, name, categoryId } = super.keep(entering);
    return { id, name, categoryId };
  }
}

/** Reads the last id, then writes the next one after a round trip: concurrent adds take one id twice. */
class CountsIdsWithoutAtomicity extends MapRepository {
  protected override async nextId(): Promise<PetId> {
    const next = this.lastId + 1;
    await new Promise((resolve) => setImmediate(resolve));
    this.lastId = next;
    return next;
  }
}

/** Each broken repository by its name: the kit's report names it, and the rule it breaks. */
export const BROKEN_REPOSITORIES: Record<string, new () => MapRepository> = {
  KeepsWhatAddIsGiven,
  KeepsWhatAddOnceIsGiven,
  KeepsWhatRestoreIsGiven,
  HandsOutStoredFromAdd,
  HandsOutStoredFromAddOnce,
  HandsOutStoredFromFindById,
  HandsOutStoredFromList,
  HandsOutStoredFromExport,
  ReusesOneObjectForReads,
  DropsTheStatus,
  CountsIdsWithoutAtomicity,
};
