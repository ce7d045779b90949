import { expect, vi } from 'vitest';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';

/**
 * An in-memory repository whose first add, keyed (`addOnce`) or not, waits until the test lets it
 * finish: a create caught in flight. `adds()` counts every add of either kind, the held one included.
 */
export function heldRepository() {
  const repository = new InMemoryPetRepository();
  let finish: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let holding = true;
  const holdFirst =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (holding) {
        holding = false;
        await held;
      }
      return call(...args);
    };
  const [plainAdd, keyedAdd] = [repository.add.bind(repository), repository.addOnce.bind(repository)];
  const add = vi.spyOn(repository, 'add').mockImplementation(holdFirst(plainAdd));
  const addOnce = vi.spyOn(repository, 'addOnce').mockImplementation(holdFirst(keyedAdd));
  const adds = () => add.mock.calls.length + addOnce.mock.calls.length;
  return {
    repository,
    adds,
    /** Resolves once the held add has begun. */
    addStarted: () =>
      vi.waitFor(() => {
        expect(adds()).toBeGreaterThan(0);
      }),
    finishAdd: () => {
      finish();
    },
  };
}
