import { expect, vi } from 'vitest';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';

/**
 * An in-memory repository whose first `add` waits until the test lets it finish: a create caught
 * in flight. `addCalls` counts every add, the held one included.
 */
export function heldRepository() {
  const repository = new InMemoryPetRepository();
  const add = repository.add.bind(repository);
  let finish: () => void = () => undefined;
  const addCalls = vi.spyOn(repository, 'add').mockImplementationOnce(async (newPet) => {
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
    return add(newPet);
  });
  return {
    repository,
    addCalls,
    /** Resolves once the held add has begun. */
    addStarted: () => vi.waitFor(() => { expect(addCalls).toHaveBeenCalledOnce(); }),
    finishAdd: () => { finish(); },
  };
}
