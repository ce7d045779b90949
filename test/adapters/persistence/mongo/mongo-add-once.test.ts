import { MongoNetworkError, MongoServerError, type Collection } from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import { StorageUnavailable } from '../../../../core/errors.js';
import type { PetOrigin } from '../../../../core/idempotency.js';
import { MongoPetRepository } from '../../../../adapters/persistence/mongo/mongo-pet-repository.js';
import { PETS_COLLECTION, type PetDocument } from '../../../../adapters/persistence/mongo/pet-documents.js';
import { standInDb } from '../../../support/stand-in-mongo.js';

const origin = (key: string, claimedAt = 1_000, keptUntil = 2_000): PetOrigin => ({
  key: { client: 'c', key },
  claimedAt,
  keptUntil,
});

async function repositoryOverStandIn(callTimeoutMs?: number) {
  const db = standInDb();
  const repository = new MongoPetRepository(db, callTimeoutMs);
  await repository.ensureIndexes();
  return { repository, pets: db.collection(PETS_COLLECTION), stored: () => db.documentsOf(PETS_COLLECTION) };
}

describe('MongoPetRepository.addOnce without a server', () => {
  // The repository's own logic over a stand-in collection; the contract suite runs it against a server.
  it('stores the pet with its key, and answers a second add for the key with that pet, storing nothing', async () => {
    const { repository, stored } = await repositoryOverStandIn();
    const first = await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'));
    const again = await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'));
    expect(first).toEqual({ pet: { id: 1, name: 'Rex', categoryId: 1 }, added: true });
    expect(again).toEqual({ pet: first.pet, added: false });
    expect(stored()).toEqual([
      { _id: 1, name: 'Rex', categoryId: 1, origin: { client: 'c', key: 'k', keptUntil: new Date(2_000) } },
    ]);
  });

  it('lets a key whose retention has ended add a new pet, and leaves the earlier pet, without its key', async () => {
    const { repository, stored } = await repositoryOverStandIn();
    await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k', 1_000, 2_000));
    // Claimed at the very end of the first pet's retention: the key no longer names it.
    const later = await repository.addOnce({ name: 'Max', categoryId: 1 }, origin('k', 2_000, 3_000));
    expect(later.added).toBe(true);
    expect(stored().map(({ _id, origin: keyed }) => [_id, keyed])).toEqual([
      [1, undefined],
      [3, { client: 'c', key: 'k', keptUntil: new Date(3_000) }],
    ]);
  });

  it('counts its own insert, retried by the driver after a lost answer and refused, as added', async () => {
    const { repository, pets } = await repositoryOverStandIn();
    const insertOne = pets.insertOne.bind(pets);
    vi.spyOn(pets, 'insertOne').mockImplementationOnce(async (document) => {
      await insertOne(document);
      throw new MongoServerError({ message: 'E11000 duplicate key error on _id', code: 11000 });
    });
    expect(await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).toEqual({
      pet: { id: 1, name: 'Rex', categoryId: 1 },
      added: true,
    });
  });

  it('answers a caller whose id went to another pet under the same key with that pet, as not added', async () => {
    const { repository, pets } = await repositoryOverStandIn();
    const insertOne = pets.insertOne.bind(pets);
    // A counter that handed one id out twice: another caller's pet, under the same key, went in first.
    vi.spyOn(pets, 'insertOne').mockImplementationOnce(async (document) => {
      await insertOne({ ...document, name: 'Max' });
      throw new MongoServerError({ message: 'E11000 duplicate key error on _id', code: 11000 });
    });
    expect(await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).toEqual({
      pet: { id: 1, name: 'Max', categoryId: 1 },
      added: false,
    });
  });

  it('gives up with an error after three refusals by a key whose pet is gone each time it looks', async () => {
    const { repository, pets } = await repositoryOverStandIn();
    const insertOne = vi
      .spyOn(pets, 'insertOne')
      .mockRejectedValue(new MongoServerError({ message: 'E11000', code: 11000 }));
    vi.spyOn(pets, 'findOne').mockResolvedValue(null);
    await expect(repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).rejects.toThrow(
      'the idempotency key changed hands on every attempt to add its pet',
    );
    expect(insertOne).toHaveBeenCalledTimes(3);
  });

  it('passes on any other write error, an outage as StorageUnavailable', async () => {
    const { repository, pets } = await repositoryOverStandIn();
    vi.spyOn(pets, 'insertOne').mockRejectedValueOnce(new MongoServerError({ message: 'bad', code: 2 }));
    await expect(repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).rejects.toMatchObject({ code: 2 });
    vi.spyOn(pets, 'insertOne').mockRejectedValueOnce(new MongoNetworkError('connection reset'));
    await expect(repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).rejects.toBeInstanceOf(
      StorageUnavailable,
    );
  });

  it('gives up a call after its timeout, as StorageUnavailable, though the write may still land', async () => {
    const { repository, pets, stored } = await repositoryOverStandIn(50);
    const insertOne = pets.insertOne.bind(pets);
    let landed: () => void = () => undefined;
    vi.spyOn(pets, 'insertOne').mockImplementationOnce(async (document) => {
      await new Promise<void>((resolve) => {
        landed = resolve;
      });
      return insertOne(document);
    });
    await expect(repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).rejects.toBeInstanceOf(
      StorageUnavailable,
    );
    landed();
    await vi.waitFor(
      () => {
        expect(stored()).toHaveLength(1);
      },
      { timeout: 15_000 },
    );
    // The retry finds what the abandoned call wrote.
    expect(await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).toEqual({
      pet: { id: 1, name: 'Rex', categoryId: 1 },
      added: false,
    });
  });
});

describe('MongoPetRepository when the id counter is behind the pets (a restore made by hand), without a server', () => {
  async function behindByThree() {
    const over = await repositoryOverStandIn();
    const pets = over.pets as unknown as Collection<PetDocument>;
    for (const id of [1, 2, 3]) await pets.insertOne({ _id: id, name: `Restored ${id}`, categoryId: 1 });
    return over;
  }

  it('adds under the next free id instead of failing on a taken one', async () => {
    const { repository, stored } = await behindByThree();
    expect(await repository.add({ name: 'Rex', categoryId: 1 })).toEqual({ id: 4, name: 'Rex', categoryId: 1 });
    expect(await repository.add({ name: 'Max', categoryId: 1 })).toEqual({ id: 5, name: 'Max', categoryId: 1 });
    expect(stored().map(({ _id }) => _id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds a keyed pet under the next free id too, once', async () => {
    const { repository, stored } = await behindByThree();
    const first = await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'));
    expect(first).toEqual({ pet: { id: 4, name: 'Rex', categoryId: 1 }, added: true });
    expect(await repository.addOnce({ name: 'Rex', categoryId: 1 }, origin('k'))).toEqual({
      pet: first.pet,
      added: false,
    });
    expect(stored()).toHaveLength(4);
  });

  it('gives up as a storage that cannot serve now (503, never 500) after five ids found taken in a row', async () => {
    const { repository, pets } = await repositoryOverStandIn();
    const refusal = new MongoServerError({ message: 'E11000 duplicate key error on _id', code: 11000 });
    const insertOne = vi.spyOn(pets, 'insertOne').mockRejectedValue(refusal);
    await expect(repository.add({ name: 'Rex', categoryId: 1 })).rejects.toMatchObject({
      code: 'storage_unavailable',
      cause: refusal,
    });
    expect(insertOne).toHaveBeenCalledTimes(5);
  });
});
