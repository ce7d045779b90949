import { StorageUnavailable } from '../../core/errors.js';
import type { ClaimOutcome, IdempotencyClaim, IdempotencyKey, PetAddedOnce, PetOrigin } from '../../core/idempotency.js';
import type { PetPageQuery } from '../../core/paging.js';
import type { NewPet, Pet, PetId } from '../../core/pet.js';
import type { IdempotencyStore, PetRepository } from '../../core/ports.js';
import type { StorageCallTimer, StorageMetrics } from './service-metrics.js';

/** Every method of each port, by the store name its calls are counted under. */
export const MEASURED_STORAGE_METHODS = {
  pets: ['add', 'addOnce', 'findById', 'list', 'isReachable'],
  idempotency: ['claim', 'complete', 'release'],
} as const satisfies { pets: readonly (keyof PetRepository)[]; idempotency: readonly (keyof IdempotencyStore)[] };

type Store = keyof typeof MEASURED_STORAGE_METHODS;
type Timers<S extends Store> = Record<(typeof MEASURED_STORAGE_METHODS)[S][number], <T>(call: () => Promise<T>) => Promise<T>>;

/**
 * One timing function per method of a store: it reports how the call ended, `unavailable` being
 * the outage the API responds 503 to, and passes its outcome on unchanged.
 */
function timersOf<S extends Store>(metrics: StorageMetrics, store: S): Timers<S> {
  const timerFor = (method: string) => {
    const report: StorageCallTimer = metrics.storageCallTimer(store, method);
    return <T>(call: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      return call().then(
        (result) => {
          report('ok', (performance.now() - started) / 1000);
          return result;
        },
        (error: unknown) => {
          report(error instanceof StorageUnavailable ? 'unavailable' : 'error', (performance.now() - started) / 1000);
          throw error;
        },
      );
    };
  };
  return Object.fromEntries(MEASURED_STORAGE_METHODS[store].map((method) => [method, timerFor(method)])) as Timers<S>;
}

/** A PetRepository that times each call of the one it wraps; what it returns is unchanged. */
export class MeasuredPetRepository implements PetRepository {
  private readonly timed: Timers<'pets'>;

  constructor(
    private readonly pets: PetRepository,
    metrics: StorageMetrics,
  ) {
    this.timed = timersOf(metrics, 'pets');
  }

  add(newPet: NewPet): Promise<Pet> {
    return this.timed.add(() => this.pets.add(newPet));
  }

  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return this.timed.addOnce(() => this.pets.addOnce(newPet, origin));
  }

  findById(id: PetId): Promise<Pet | undefined> {
    return this.timed.findById(() => this.pets.findById(id));
  }

  list(query: PetPageQuery): Promise<Pet[]> {
    return this.timed.list(() => this.pets.list(query));
  }

  isReachable(): Promise<boolean> {
    return this.timed.isReachable(() => this.pets.isReachable());
  }
}

/** An IdempotencyStore that times each call of the one it wraps; what it returns is unchanged. */
export class MeasuredIdempotencyStore implements IdempotencyStore {
  private readonly timed: Timers<'idempotency'>;

  constructor(
    private readonly store: IdempotencyStore,
    metrics: StorageMetrics,
  ) {
    this.timed = timersOf(metrics, 'idempotency');
  }

  claim(key: IdempotencyKey, fingerprint: string): Promise<ClaimOutcome> {
    return this.timed.claim(() => this.store.claim(key, fingerprint));
  }

  complete(claim: IdempotencyClaim, pet: Pet): Promise<void> {
    return this.timed.complete(() => this.store.complete(claim, pet));
  }

  release(claim: IdempotencyClaim): Promise<void> {
    return this.timed.release(() => this.store.release(claim));
  }
}
