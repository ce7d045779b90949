import type { Pet, PetId } from '../../../core/pet.js';
import { BROKEN_COLUMNS } from './broken-columns.js';
import { BROKEN_LISTS } from './broken-lists.js';
import { BROKEN_RACES } from './broken-races.js';
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

/** Counts ids on past PET_ID_MAX: after a restore of the last id, an add stores a pet under an id no client reads exactly. */
class CountsIdsPastTheEnd extends MapRepository {
  protected override nextId(): Promise<PetId> {
    this.lastId += 1;
    return Promise.resolve(this.lastId);
  }
}

/** Stops at the end of the id space, but with its driver's words: the service would answer 500 where it means 507. */
class RefusesTheEndInItsOwnWords extends MapRepository {
  protected override nextId(): Promise<PetId> {
    return super.nextId().catch(() => Promise.reject(new RangeError('nextval: reached maximum value of sequence')));
  }
}

/** A repository broken on purpose, the rule of the kit it breaks, and words its failure must say. */
export interface BrokenRepository {
  readonly Repository: new () => MapRepository;
  readonly breaks: string;
  readonly says: string;
}

/** Each broken repository by its name, as the kit's report names it. */
export const BROKEN_REPOSITORIES: Record<string, BrokenRepository> = {
  KeepsWhatAddIsGiven: {
    Repository: KeepsWhatAddIsGiven,
    breaks: 'keeps a pet as added when the caller later changes the object it passed to add',
    says: 'findById after a change to add\'s argument gave pet 1 with other fields: name: expected "Rex',
  },
  KeepsWhatAddOnceIsGiven: {
    Repository: KeepsWhatAddOnceIsGiven,
    breaks: 'keeps a pet as added when the caller later changes the object it passed to addOnce',
    says: 'categoryId: expected 1, got -7',
  },
  KeepsWhatRestoreIsGiven: {
    Repository: KeepsWhatRestoreIsGiven,
    breaks: 'keeps pets as restored when the caller later changes the objects it passed',
    says: 'findById after a change to what restore was given gave pet 1 with other fields: id: expected 1, got 0',
  },
  HandsOutStoredFromAdd: {
    Repository: HandsOutStoredFromAdd,
    breaks: 'does not let a caller change a stored pet through what add returns',
    says: 'got "Tampered"',
  },
  HandsOutStoredFromAddOnce: {
    Repository: HandsOutStoredFromAddOnce,
    breaks: 'does not let a caller change a stored pet through what addOnce returns, added or found',
    says: 'got "Tampered"',
  },
  HandsOutStoredFromFindById: {
    Repository: HandsOutStoredFromFindById,
    breaks: 'does not let a caller change a stored pet through what findById returns',
    says: 'status: expected "pending", got "tampered"',
  },
  HandsOutStoredFromList: {
    Repository: HandsOutStoredFromList,
    breaks: 'does not let a caller change a stored pet through what list returns',
    says: 'got "Tampered"',
  },
  HandsOutStoredFromExport: {
    Repository: HandsOutStoredFromExport,
    breaks: 'does not let a caller change a stored pet through what an export returns',
    says: 'findById after a change to what an export returned',
  },
  ReusesOneObjectForReads: {
    Repository: ReusesOneObjectForReads,
    breaks: 'never lets two reads share an object a caller can change',
    says: 'two findById of one pet share one object that can be changed',
  },
  DropsTheStatus: {
    Repository: DropsTheStatus,
    breaks: 'keeps every field of a pet through add, get, list and export',
    says: 'add gave pet 1 with other fields: status: expected "pending", got (no field)',
  },
  CountsIdsWithoutAtomicity: {
    Repository: CountsIdsWithoutAtomicity,
    breaks: 'never hands out an id twice under concurrent adds, and loses no pet',
    says: '100 concurrent adds: expected 100 distinct ids, saw 1 distinct of 100; 1 repeated (1)',
  },
  CountsIdsPastTheEnd: {
    Repository: CountsIdsPastTheEnd,
    breaks: 'refuses add and addOnce with PetIdsExhausted once the last pet id is restored, and still serves reads',
    says: 'add after pet 9007199254740991 was restored: expected { id: 9007199254740992,',
  },
  RefusesTheEndInItsOwnWords: {
    Repository: RefusesTheEndInItsOwnWords,
    breaks: 'hands out the last ids to concurrent adds, each once, then refuses the rest with PetIdsExhausted',
    says: "7 concurrent adds with 3 ids left: the refusals: expected [ { name: 'RangeError', …(1) }, …(3) ]",
  },
  ...BROKEN_COLUMNS,
  ...BROKEN_LISTS,
  ...BROKEN_RACES,
};
