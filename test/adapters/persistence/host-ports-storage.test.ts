import { describe, expect, it } from 'vitest';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { HOST_PORTS_NAME, storageOfPorts } from '../../../app/host/host-ports-storage.js';

const context = { retention: { ttlMs: 60_000, leaseMs: 1_000 } };

describe("a host's own ports as a storage", () => {
  it('is named custom, with a summary and no settings of its own to list', () => {
    const storage = storageOfPorts({ pets: new InMemoryPetRepository() });
    expect(storage.name).toBe(HOST_PORTS_NAME);
    expect(storage.summary).toBe("a host's own");
    expect(storage.settings).toEqual([]);
  });

  it('opens as the ports it was given, and reads no setting when it was given an idempotency store', async () => {
    const pets = new InMemoryPetRepository();
    const idempotency = inMemoryIdempotencyStore();
    const storage = storageOfPorts({ pets, idempotency });
    expect(storage.readSettings({ IDEMPOTENCY_MAX_KEYS: 'not a number' })).toBeUndefined();
    const opened = await storage.open(undefined, context);
    expect(opened.pets).toBe(pets);
    expect(opened.idempotency).toBe(idempotency);
  });

  it('keeps the keys in the process without a store, read as the memory storage reads them', async () => {
    const storage = storageOfPorts({ pets: new InMemoryPetRepository() });
    expect(() => storage.readSettings({ IDEMPOTENCY_MAX_KEYS: 'not a number' })).toThrow(/IDEMPOTENCY_MAX_KEYS/);
    const opened = await storage.open(storage.readSettings({}), context);
    expect(opened.idempotency).toBeInstanceOf(InMemoryIdempotencyStore);
  });

  it('leaves the ports open when the service closes it: the host owns them', async () => {
    const pets = new InMemoryPetRepository();
    const opened = await storageOfPorts({ pets, idempotency: inMemoryIdempotencyStore() }).open(undefined, context);
    await expect(opened.close()).resolves.toBeUndefined();
    await pets.add({ name: 'Still here', categoryId: 1 });
    expect(await pets.list({ limit: 10 })).toHaveLength(1);
  });
});
