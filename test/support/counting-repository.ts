import type { PetRepository } from '../../core/ports.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';

/** An in-memory repository that counts every call made to it, readiness probes aside. */
export function countingRepository(): { repository: PetRepository; calls: () => number } {
  const inner = new InMemoryPetRepository();
  let calls = 0;
  const counted =
    <T extends unknown[], R>(method: (...args: T) => R) =>
    (...args: T): R => {
      calls += 1;
      return method(...args);
    };
  const repository: PetRepository = {
    add: counted((newPet) => inner.add(newPet)),
    addOnce: counted((newPet, origin) => inner.addOnce(newPet, origin)),
    findById: counted((id) => inner.findById(id)),
    list: counted((query) => inner.list(query)),
    isReachable: () => inner.isReachable(),
  };
  return { repository, calls: () => calls };
}
