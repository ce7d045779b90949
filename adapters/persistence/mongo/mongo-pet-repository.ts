import type { Collection, Db, UpdateFilter } from 'mongodb';
import { namesRequest, type PetAddedOnce, type PetOrigin } from '@petstore/core/idempotency.js';
import { isPetId, type NewPet, type Pet, type PetId } from '@petstore/core/pet.js';
import type { PetPageQuery } from '@petstore/core/paging.js';
import type { PetRepository, PetRestore } from '@petstore/core/ports.js';
import { assertReservable, assertRestorable, sameFields, type RestoreCount } from '@petstore/core/backup.js';
import { PetIdsExhausted, RestoreConflict, StorageUnavailable } from '@petstore/core/errors.js';
import {
  COUNTERS_COLLECTION,
  counterRaisedTo,
  restoreWrites,
  ID_ORDER,
  idFilter,
  ORIGIN_INDEX,
  ORIGIN_PROJECTION,
  originFilter,
  toOriginDocument,
  pageFilter,
  PET_ID_COUNTER,
  PET_PROJECTION,
  PETS_COLLECTION,
  STATUS_ID_INDEX,
  toPet,
  toPetDocument,
  type CounterDocument,
  type PetDocument,
} from './pet-documents.js';
import { isDuplicateKey, translateStorageErrors } from './storage-errors.js';

/** A key can lapse or change hands between the insert and the read; a few tries settle it. */
const ADD_ONCE_ATTEMPTS = 3;
const NEWEST_FIRST = { _id: -1 } as const;
/** An id found taken raises the counter past every pet, so the next try settles it unless another instance raced it. */
const ADD_ATTEMPTS = 5;

/**
 * Keeps pets in MongoDB. Ids come from one counter document incremented atomically in the
 * database, so every API instance sharing the database hands out distinct, increasing ids.
 */
export class MongoPetRepository implements PetRepository, PetRestore {
  private readonly pets: Collection<PetDocument>;
  private readonly counters: Collection<CounterDocument>;

  /**
   * `callTimeoutMs` (MONGODB_TIMEOUT_MS in the service) bounds each call a request makes, as a whole:
   * see translateStorageErrors. Index builds and restores are not requests; they take what they take.
   */
  constructor(
    private readonly db: Db,
    private readonly callTimeoutMs?: number,
  ) {
    this.pets = db.collection<PetDocument>(PETS_COLLECTION);
    this.counters = db.collection<CounterDocument>(COUNTERS_COLLECTION);
  }

  /** Idempotent: creating an index that exists with the same definition is a no-op. */
  async ensureIndexes(): Promise<void> {
    await translateStorageErrors(() => this.pets.createIndexes([STATUS_ID_INDEX, ORIGIN_INDEX]));
  }

  /**
   * An id can be taken already when the counter is behind the pets (a restore or a migration made by
   * hand): the insert is refused on `_id`, and is tried again past the highest id. A retried write is
   * never refused on its own `_id`: MongoDB deduplicates the driver's retryable writes itself.
   */
  add(newPet: NewPet): Promise<Pet> {
    return this.bounded(async () => {
      for (let attempt = 1; ; attempt += 1) {
        const document = toPetDocument(await this.nextId(), newPet);
        try {
          await this.pets.insertOne(document);
          return toPet(document);
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          // Ids taken as fast as the counter is raised: a storage that cannot serve now, to retry, never a 500.
          if (attempt === ADD_ATTEMPTS) throw new StorageUnavailable({ cause: error });
        }
        await this.raiseCounterPastPets();
      }
    });
  }

  /**
   * Inserts first and looks only when the origin's unique index refuses: the usual first attempt
   * costs one write, and a retry after an ambiguous failure one read more.
   */
  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    const filter = originFilter(origin.key);
    return this.bounded(async () => {
      for (let attempt = 1; attempt <= ADD_ONCE_ATTEMPTS; attempt += 1) {
        const document = { ...toPetDocument(await this.nextId(), newPet), origin: toOriginDocument(origin) };
        try {
          await this.pets.insertOne(document);
          return { pet: toPet(document), added: true };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const earlier = await this.pets.findOne(filter, { projection: ORIGIN_PROJECTION });
        if (earlier === null) {
          // Refused on its id, or the key's pet went in between: past every pet, the next id is free.
          await this.raiseCounterPastPets();
          continue;
        }
        // The driver retries a write whose reply was lost; the refused retry then finds our own insert, field
        // for field. Another pet under our id is another caller's, should a counter ever hand an id out twice.
        if (earlier._id === document._id && sameFields(toPet(earlier), toPet(document)))
          return { pet: toPet(earlier), added: true };
        const keptUntil = earlier.origin?.keptUntil.getTime() ?? 0;
        if (namesRequest({ keptUntil }, origin)) return { pet: toPet(earlier), added: false };
        // The key's retention ended: the earlier pet stays, no longer named by the key, which this request takes.
        await this.pets.updateOne({ _id: earlier._id, ...filter }, { $unset: { origin: '' } });
      }
      throw new Error('the idempotency key changed hands on every attempt to add its pet');
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    const filter = idFilter(id);
    if (filter === undefined) return Promise.resolve(undefined);
    return this.bounded(async () => {
      const document = await this.pets.findOne(filter, { projection: PET_PROJECTION });
      return document === null ? undefined : toPet(document);
    });
  }

  list(query: PetPageQuery): Promise<Pet[]> {
    const filter = pageFilter(query);
    return this.bounded(async () => {
      const documents = await this.pets
        .find(filter, { projection: PET_PROJECTION })
        .sort(ID_ORDER)
        .limit(query.limit)
        .toArray();
      return documents.map(toPet);
    });
  }

  conflictsOf(pets: readonly Pet[]): Promise<PetId[]> {
    return translateStorageErrors(async () => {
      const wanted = new Map(pets.map((pet) => [pet.id, pet]));
      const stored = await this.pets
        .find({ _id: { $in: [...wanted.keys()] } }, { projection: PET_PROJECTION })
        .sort(ID_ORDER)
        .toArray();
      return stored
        .map(toPet)
        .filter((pet) => !sameFields(pet, wanted.get(pet.id) as Pet))
        .map((pet) => pet.id);
    });
  }

  restore(pets: readonly Pet[]): Promise<RestoreCount> {
    return translateStorageErrors(async () => {
      assertRestorable(pets);
      const last = pets.at(-1);
      if (last === undefined) return { added: 0, unchanged: 0 };
      // The counter first: from now on no add, from any instance, can take one of these ids.
      await this.upsertCounter(counterRaisedTo(last.id));
      const [conflict] = await this.conflictsOf(pets);
      if (conflict !== undefined) throw new RestoreConflict(conflict);
      const result = await this.pets.bulkWrite(restoreWrites(pets), { ordered: false });
      return { added: result.upsertedCount, unchanged: pets.length - result.upsertedCount };
    });
  }

  /** The counter raised, never lowered: every instance takes its next id from it. */
  reserveIds(through: PetId): Promise<void> {
    return translateStorageErrors(async () => {
      assertReservable(through);
      await this.upsertCounter(counterRaisedTo(through));
    });
  }

  async isReachable(): Promise<boolean> {
    try {
      await this.db.command({ ping: 1 });
      return true;
    } catch {
      return false;
    }
  }

  private bounded<T>(operation: () => Promise<T>): Promise<T> {
    return translateStorageErrors(operation, this.callTimeoutMs);
  }

  private async nextId(): Promise<number> {
    const counter = await this.upsertCounter({ $inc: { seq: 1 } });
    if (counter === null) throw new Error('the id counter was not returned');
    // Raised past PET_ID_MAX (by a restore of the last id, then this add): no id is left, for this add or any later.
    if (!isPetId(counter.seq)) throw new PetIdsExhausted();
    return counter.seq;
  }

  /** Raises the id counter to the highest id a pet holds, so that the next id is free. */
  private async raiseCounterPastPets(): Promise<void> {
    const highest = await this.pets.findOne({}, { sort: NEWEST_FIRST, projection: { _id: 1 } });
    if (highest !== null) await this.upsertCounter(counterRaisedTo(highest._id));
  }

  private async upsertCounter(update: UpdateFilter<CounterDocument>): Promise<CounterDocument | null> {
    const apply = () =>
      this.counters.findOneAndUpdate({ _id: PET_ID_COUNTER }, update, { upsert: true, returnDocument: 'after' });
    try {
      return await apply();
    } catch (error) {
      // Two first-ever upserts can race to create the counter; the loser simply updates it.
      if (!isDuplicateKey(error)) throw error;
      return apply();
    }
  }
}
