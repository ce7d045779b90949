import type { Collection, Db } from 'mongodb';
import type { NewPet, Pet, PetId } from '../../../core/pet.js';
import type { PetPageQuery } from '../../../core/paging.js';
import type { PetRepository } from '../../../core/ports.js';
import {
  COUNTERS_COLLECTION,
  ID_ORDER,
  idFilter,
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


/**
 * Keeps pets in MongoDB. Ids come from one counter document incremented atomically in the
 * database, so every API instance sharing the database hands out distinct, increasing ids.
 */
export class MongoPetRepository implements PetRepository {
  private readonly pets: Collection<PetDocument>;
  private readonly counters: Collection<CounterDocument>;

  constructor(private readonly db: Db) {
    this.pets = db.collection<PetDocument>(PETS_COLLECTION);
    this.counters = db.collection<CounterDocument>(COUNTERS_COLLECTION);
  }

  /** Idempotent: creating an index that exists with the same definition is a no-op. */
  async ensureIndexes(): Promise<void> {
    await translateStorageErrors(() => this.pets.createIndex(STATUS_ID_INDEX.key, { name: STATUS_ID_INDEX.name }, undefined));
  }

  add(newPet: NewPet): Promise<Pet> {
    return translateStorageErrors(async () => {
      const id = await this.nextId();
      const document = toPetDocument(id, newPet);
      await this.pets.insertOne(document);
      return toPet(document);
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    const filter = idFilter(id);
    if (filter === undefined) return Promise.resolve(undefined);
    return translateStorageErrors(async () => {
      const document = await this.pets.findOne(filter, { projection: PET_PROJECTION });
      return document === null ? undefined : toPet(document);
    });
  }

  list(query: PetPageQuery): Promise<Pet[]> {
    const filter = pageFilter(query);
    return translateStorageErrors(async () => {
      const documents = await this.pets.find(filter, { projection: PET_PROJECTION }).sort(ID_ORDER).limit(query.limit).toArray();
      return documents.map(toPet);
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

  private async nextId(): Promise<number> {
    const increment = () =>
      this.counters.findOneAndUpdate({ _id: PET_ID_COUNTER }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' });
    let counter;
    try {
      counter = await increment();
    } catch (error) {
      // Two first-ever upserts can race to create the counter; the loser simply increments it.
      if (!isDuplicateKey(error)) throw error;
      counter = await increment();
    }
    if (counter === null) throw new Error('the id counter was not returned');
    return counter.seq;
  }
}
