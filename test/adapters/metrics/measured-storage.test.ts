import { describe, expect, it } from 'vitest';
import { PetIdsExhausted, StorageUnavailable } from '../../../core/errors.js';
import { PET_ID_MAX, petOf } from '../../../core/pet.js';
import type { PetRepository, PetRestore } from '../../../core/ports.js';
import { measuredStorage } from '../../../adapters/metrics/measured-storage.js';
import { InMemoryIdempotencyStore } from '../../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import type { StorageMetrics, StorageOutcome } from '../../../adapters/metrics/service-metrics.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { aNewPet } from '../../support/builders.js';
import { watchedStorage } from '../../support/watched-storage.js';

/** Records each report as `store method outcome`, and the seconds it gave. */
function recordingMetrics() {
  const reports: { call: string; seconds: number }[] = [];
  const metrics: StorageMetrics = {
    storageCallTimer: (store, method) => (outcome: StorageOutcome, seconds: number) => {
      reports.push({ call: `${store} ${method} ${outcome}`, seconds });
    },
    petIdsExhausted: () => reports.push({ call: 'no pet id left', seconds: 0 }),
  };
  return { metrics, reports, calls: () => reports.map((report) => report.call) };
}

const keys = () => new InMemoryIdempotencyStore({ ttlMs: 1000, leaseMs: 100, maxKeysPerClient: 10 });
const measuredPets = (pets: PetRepository & PetRestore, metrics: StorageMetrics) =>
  measuredStorage({ pets, idempotency: keys() }, metrics).pets;

describe('measured storage: pets', () => {
  it('answers what the repository answers, and reports each call as ok', async () => {
    const { metrics, calls } = recordingMetrics();
    const pets = measuredPets(new InMemoryPetRepository(), metrics);
    const added = await pets.add(aNewPet({ name: 'Rex' }));
    const origin = { key: { client: 'c', key: 'k' }, claimedAt: 0, keptUntil: 1 };
    const keyed = await pets.addOnce(aNewPet({ name: 'Max' }), origin);
    expect(keyed).toEqual({ pet: { ...aNewPet({ name: 'Max' }), id: 2 }, added: true });
    expect(await pets.addOnce(aNewPet({ name: 'Max' }), origin)).toEqual({ pet: keyed.pet, added: false });
    expect(await pets.findById(added.id)).toEqual(added);
    expect(await pets.list({ limit: 10 })).toEqual([added, keyed.pet]);
    expect(await pets.isReachable()).toBe(true);
    expect(calls()).toEqual([
      'pets add ok',
      'pets addOnce ok',
      'pets addOnce ok',
      'pets findById ok',
      'pets list ok',
      'pets isReachable ok',
    ]);
  });

  it('tells an outage (unavailable) from any other failure (error), and passes each on unchanged', async () => {
    const { metrics, calls } = recordingMetrics();
    const outage = new StorageUnavailable();
    const fault = new TypeError('a bug');
    const failing = Object.assign(new InMemoryPetRepository(), {
      list: () => Promise.reject(outage),
      findById: () => Promise.reject(fault),
    });
    const pets = measuredPets(failing, metrics);
    await expect(pets.list({ limit: 1 })).rejects.toBe(outage);
    await expect(pets.findById(1)).rejects.toBe(fault);
    expect(calls()).toEqual(['pets list unavailable', 'pets findById error']);
  });

  it('counts an add refused for want of ids, beside its error, and nothing else as such', async () => {
    const { metrics, calls } = recordingMetrics();
    const pets = measuredPets(new InMemoryPetRepository(), metrics);
    await pets.reserveIds(PET_ID_MAX - 1);
    await pets.add(aNewPet());
    await expect(pets.add(aNewPet())).rejects.toBeInstanceOf(PetIdsExhausted);
    const origin = { key: { client: 'c', key: 'k' }, claimedAt: 0, keptUntil: 1 };
    await expect(pets.addOnce(aNewPet(), origin)).rejects.toBeInstanceOf(PetIdsExhausted);
    expect(calls()).toEqual([
      'pets reserveIds ok',
      'pets add ok',
      'no pet id left',
      'pets add error',
      'no pet id left',
      'pets addOnce error',
    ]);
  });

  it('times the call itself, from before it starts to after it settles, in seconds, whether it succeeds or fails', async () => {
    const { metrics, reports } = recordingMetrics();
    const slow = Object.assign(new InMemoryPetRepository(), {
      isReachable: () =>
        new Promise<boolean>((resolve) =>
          setTimeout(() => {
            resolve(true);
          }, 30),
        ),
      list: () =>
        new Promise<never>((_, reject) =>
          setTimeout(() => {
            reject(new StorageUnavailable());
          }, 30),
        ),
    });
    const pets = measuredPets(slow, metrics);
    await pets.isReachable();
    await expect(pets.list({ limit: 1 })).rejects.toBeInstanceOf(StorageUnavailable);
    for (const report of reports) {
      expect(report.seconds).toBeGreaterThanOrEqual(0.025);
      expect(report.seconds).toBeLessThan(5);
    }
    expect(reports).toHaveLength(2);
  });
});

describe('measured storage: idempotency keys', () => {
  it('reports claim, complete and release by name, and passes their answers on', async () => {
    const { metrics, calls } = recordingMetrics();
    const claimed = await keys().claim({ client: 'c', key: 'k' }, 'fingerprint');
    if (claimed.state !== 'claimed') throw new Error(`a fresh store found the key ${claimed.state}`);
    const store = watchedStorage(keys())
      .answer('claim', () => Promise.resolve(claimed))
      .fail(() => new StorageUnavailable(), 'release');
    const measured = measuredStorage(
      { pets: new InMemoryPetRepository(), idempotency: store.port },
      metrics,
    ).idempotency;
    expect(await measured.claim({ client: 'c', key: 'k' }, 'fingerprint')).toBe(claimed);
    await measured.complete(claimed.claim, petOf(1, aNewPet()));
    await expect(measured.release(claimed.claim)).rejects.toBeInstanceOf(StorageUnavailable);
    expect(calls()).toEqual(['idempotency claim ok', 'idempotency complete ok', 'idempotency release unavailable']);
  });
});
