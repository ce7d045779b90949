import { StorageUnavailable } from '../../core/errors.js';
import type { ClaimOutcome, IdempotencyClaim, IdempotencyKey } from '../../core/idempotency.js';
import type { PetPageQuery } from '../../core/paging.js';
import type { NewPet, Pet, PetId } from '../../core/pet.js';
import type { IdempotencyStore, PetRepository } from '../../core/ports.js';
import type { StorageMetrics } from './service-metrics.js';

/** Every method of each port, by the store name its calls are counted under. */
export const MEASURED_STORAGE_METHODS = {
  pets: ['add', 'findById', 'list', 'isReachable'] satisfies (keyof PetRepository)[],
  idempotency: ['claim', 'complete', 'release'] satisfies (keyof IdempotencyStore)[],
} as const;

type Store = keyof typeof MEASURED_STORAGE_METHODS;
type MethodOf<S extends Store> = (typeof MEASURED_STORAGE_METHODS)[S][number];

/** Times one storage call and reports how it ended: `unavailable` is the outage the API answers 503 to. */
async function timed<S extends Store, T>(metrics: StorageMetrics, store: S, method: MethodOf<S>, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    metrics.storageCallFinished(store, method, 'ok', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    const outcome = error instanceof StorageUnavailable ? 'unavailable' : 'error';
    metrics.storageCallFinished(store, method, outcome, (performance.now() - started) / 1000);
    throw error;
  }
}

/** A PetRepository that times each call of the one it wraps; what it answers is unchanged. */
export class MeasuredPetRepository implements PetRepository {
  constructor(
    private readonly pets: PetRepository,
    private readonly metrics: StorageMetrics,
  ) {}

  add(newPet: NewPet): Promise<Pet> {
    return timed(this.metrics, 'pets', 'add', () => this.pets.add(newPet));
  }

  findById(id: PetId): Promise<Pet | undefined> {
    return timed(this.metrics, 'pets', 'findById', () => this.pets.findById(id));
  }

  list(query: PetPageQuery): Promise<Pet[]> {
    return timed(this.metrics, 'pets', 'list', () => this.pets.list(query));
  }

  isReachable(): Promise<boolean> {
    return timed(this.metrics, 'pets', 'isReachable', () => this.pets.isReachable());
  }
}

/** An IdempotencyStore that times each call of the one it wraps; what it answers is unchanged. */
export class MeasuredIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly metrics: StorageMetrics,
  ) {}

  claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    return timed(this.metrics, 'idempotency', 'claim', () => this.store.claim(key, fingerprint));
  }

  complete(claim: IdempotencyClaim, pet: Pet): Promise<void> {
    return timed(this.metrics, 'idempotency', 'complete', () => this.store.complete(claim, pet));
  }

  release(claim: IdempotencyClaim): Promise<void> {
    return timed(this.metrics, 'idempotency', 'release', () => this.store.release(claim));
  }
}
