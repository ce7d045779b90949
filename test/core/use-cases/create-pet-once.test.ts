import { describe, expect, it, vi } from 'vitest';
import {
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  InvalidIdempotencyKey,
  InvalidPet,
  StorageUnavailable,
} from '../../../core/errors.js';
import type { IdempotencyStore, PetRepository } from '../../../core/ports.js';
import { CreatePetOnce } from '../../../core/use-cases/create-pet-once.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';
import { watchedStorage } from '../../support/watched-storage.js';

function createPetOnce(
  pets: PetRepository = new InMemoryPetRepository(),
  requests: IdempotencyStore = inMemoryIdempotencyStore(),
) {
  return { useCase: new CreatePetOnce(pets, requests), pets, requests };
}

const key = { client: 'client-a', key: 'order-1' };

describe('CreatePetOnce', () => {
  it('adds the pet on the first request with a key', async () => {
    const { useCase, pets } = createPetOnce();
    const created = await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
    expect(created).toEqual({ pet: { id: 1, name: 'Tom', categoryId: 7 }, replayed: false });
    expect(await pets.list({ limit: 10 })).toEqual([created.pet]);
  });

  it('answers a repeat with the same pet, marked as replayed, and adds nothing', async () => {
    const { useCase, pets } = createPetOnce();
    const first = await useCase.execute({ name: 'Tom', categoryId: 7, status: 'sold' }, key);
    const again = await useCase.execute({ status: 'sold', categoryId: 7, name: 'Tom' }, key);
    expect(again).toEqual({ pet: first.pet, replayed: true });
    expect(await pets.list({ limit: 10 })).toHaveLength(1);
  });

  it('refuses the key reused for another pet, and adds nothing', async () => {
    const { useCase, pets } = createPetOnce();
    await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
    await expect(useCase.execute({ name: 'Tom', categoryId: 8 }, key)).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect(await pets.list({ limit: 10 })).toHaveLength(1);
  });

  it('refuses a repeat while the first request is still in flight, and adds nothing', async () => {
    const pets = watchedStorage(new InMemoryPetRepository());
    const adds = pets.hold('add', 'addOnce');
    const { useCase } = createPetOnce(pets.port);
    const first = useCase.execute({ name: 'Tom', categoryId: 7 }, key);
    await adds.started();
    await expect(useCase.execute({ name: 'Tom', categoryId: 7 }, key)).rejects.toBeInstanceOf(IdempotencyKeyInUse);
    // A different body is a reused key even while the first is in flight: retrying it cannot help.
    await expect(useCase.execute({ name: 'Kit', categoryId: 7 }, key)).rejects.toBeInstanceOf(IdempotencyKeyReused);
    adds.release();
    expect((await first).replayed).toBe(false);
    expect(pets.calls('add', 'addOnce')).toHaveLength(1);
  });

  it("keeps each client's keys apart", async () => {
    const { useCase, pets } = createPetOnce();
    const mine = await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
    const theirs = await useCase.execute({ name: 'Tom', categoryId: 7 }, { ...key, client: 'client-b' });
    expect(theirs.replayed).toBe(false);
    expect(theirs.pet.id).not.toBe(mine.pet.id);
    expect(await pets.list({ limit: 10 })).toHaveLength(2);
  });

  it('refuses an invalid key before anything else, and touches no store', async () => {
    const [pets, requests] = [watchedStorage(new InMemoryPetRepository()), watchedStorage(inMemoryIdempotencyStore())];
    const { useCase } = createPetOnce(pets.port, requests.port);
    for (const bad of ['', 'a b', 'k'.repeat(256)]) {
      await expect(useCase.execute(aNewPet({ name: ' ' }), { ...key, key: bad })).rejects.toBeInstanceOf(
        InvalidIdempotencyKey,
      );
    }
    expect([...pets.calls(), ...requests.calls()]).toEqual([]);
  });

  it('refuses a pet that breaks a rule without claiming the key: fixed, it goes through under that key', async () => {
    const requests = inMemoryIdempotencyStore();
    const claim = vi.spyOn(requests, 'claim');
    const { useCase } = createPetOnce(undefined, requests);
    await expect(useCase.execute(aNewPet({ name: ' ' }), key)).rejects.toBeInstanceOf(InvalidPet);
    expect(claim).not.toHaveBeenCalled();
    expect((await useCase.execute(aNewPet(), key)).replayed).toBe(false);
  });

  it('frees the key when the pet could not be added, so that a retry adds it', async () => {
    const failing = new InMemoryPetRepository();
    vi.spyOn(failing, 'addOnce').mockRejectedValueOnce(new StorageUnavailable());
    const { useCase } = createPetOnce(failing);
    await expect(useCase.execute({ name: 'Tom', categoryId: 7 }, key)).rejects.toBeInstanceOf(StorageUnavailable);
    const retried = await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
    expect(retried).toEqual({ pet: { id: 1, name: 'Tom', categoryId: 7 }, replayed: false });
  });

  it('reports the failure that decided, even when freeing the key fails too', async () => {
    const failing = new InMemoryPetRepository();
    const cause = new Error('add failed');
    vi.spyOn(failing, 'addOnce').mockRejectedValueOnce(cause);
    const requests = inMemoryIdempotencyStore();
    vi.spyOn(requests, 'release').mockRejectedValueOnce(new StorageUnavailable());
    const { useCase } = createPetOnce(failing, requests);
    await expect(useCase.execute(aNewPet(), key)).rejects.toBe(cause);
  });

  describe('when the storage fails after the pet was written', () => {
    /** A repository whose first keyed add writes the pet, then fails as a timeout after the write was sent does. */
    function writtenThenTimedOut() {
      const repository = new InMemoryPetRepository();
      const addOnce = repository.addOnce.bind(repository);
      vi.spyOn(repository, 'addOnce').mockImplementationOnce(async (newPet, origin) => {
        await addOnce(newPet, origin);
        throw new StorageUnavailable();
      });
      return repository;
    }

    it('adds the pet once: the retry answers the pet the first attempt wrote, as a replay', async () => {
      const { useCase, pets } = createPetOnce(writtenThenTimedOut());
      await expect(useCase.execute({ name: 'Tom', categoryId: 7 }, key)).rejects.toBeInstanceOf(StorageUnavailable);
      const retried = await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
      expect(retried).toEqual({ pet: { id: 1, name: 'Tom', categoryId: 7 }, replayed: true });
      expect(await pets.list({ limit: 10 })).toEqual([retried.pet]);
      // From then on the key's record answers, as for any completed request.
      expect(await useCase.execute({ name: 'Tom', categoryId: 7 }, key)).toEqual(retried);
    });

    it('refuses a retry with another pet as a reused key, and adds nothing', async () => {
      const { useCase, pets } = createPetOnce(writtenThenTimedOut());
      await expect(useCase.execute({ name: 'Tom', categoryId: 7 }, key)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(useCase.execute({ name: 'Kit', categoryId: 7 }, key)).rejects.toBeInstanceOf(IdempotencyKeyReused);
      expect(await pets.list({ limit: 10 })).toHaveLength(1);
      // The key still answers the pet it added.
      expect((await useCase.execute({ name: 'Tom', categoryId: 7 }, key)).pet.id).toBe(1);
    });

    it('answers the added pet when its outcome cannot be recorded, and a retry gets that pet again', async () => {
      const requests = inMemoryIdempotencyStore();
      vi.spyOn(requests, 'complete').mockRejectedValueOnce(new StorageUnavailable());
      const { useCase, pets } = createPetOnce(undefined, requests);
      const created = await useCase.execute({ name: 'Tom', categoryId: 7 }, key);
      expect(created).toEqual({ pet: { id: 1, name: 'Tom', categoryId: 7 }, replayed: false });
      expect(await useCase.execute({ name: 'Tom', categoryId: 7 }, key)).toEqual({ pet: created.pet, replayed: true });
      expect(await pets.list({ limit: 10 })).toHaveLength(1);
    });

    it('answers without waiting for the key to be freed', async () => {
      const requests = inMemoryIdempotencyStore();
      const release = vi.spyOn(requests, 'release').mockReturnValueOnce(new Promise<void>(() => undefined));
      const { useCase } = createPetOnce(writtenThenTimedOut(), requests);
      await expect(useCase.execute(aNewPet(), key)).rejects.toBeInstanceOf(StorageUnavailable);
      expect(release).toHaveBeenCalledOnce();
    });
  });
});
