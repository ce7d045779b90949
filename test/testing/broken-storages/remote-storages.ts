import pTimeout from 'p-timeout';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { StorageUnavailable } from '../../../core/errors.js';
import { isStorageWrite, wrapStorage } from '../../../core/storage-calls.js';
import type { OutageFixture } from '../../../testing/index.js';
import { inMemoryIdempotencyStore } from '../../support/storage-fixture.js';
import { PretendServer } from './pretend-server.js';

/** The bound each call of a remote storage has here. */
const TIMEOUT_MS = 100;

/** A way a client of a server can mishandle the server going away. */
export type OutageFault =
  | 'lets driver errors through'
  | 'queues calls while away'
  | 'always says reachable'
  | 'never reconnects'
  | 'asks only whether the server answers';

/**
 * Storage on a pretend server, over a client that bounds each call by its timeout, says
 * StorageUnavailable for every failure, asks the server for readiness, and reconnects by itself;
 * save for the fault it is given, the client a driver should be.
 */
export function remoteStorage(fault?: OutageFault): Promise<OutageFixture> {
  const server = new PretendServer();
  let givenUp = false;
  const sent = async <T>(call: () => Promise<T>, write: boolean): Promise<T> => {
    if (fault !== 'queues calls while away')
      return pTimeout(server.send(call, { write }), { milliseconds: TIMEOUT_MS });
    for (;;) {
      await server.whenUp();
      try {
        return await server.send(call, { write });
      } catch {
        // Lost on the way: sent again once the server is back, as an offline queue does.
      }
    }
  };
  const bounded = async <T>(call: () => Promise<T>, write: boolean): Promise<T> => {
    if (givenUp) throw new StorageUnavailable();
    try {
      return await sent(call, write);
    } catch (error) {
      if (fault === 'never reconnects') givenUp = true;
      throw fault === 'lets driver errors through' ? error : new StorageUnavailable({ cause: error });
    }
  };
  const { pets, idempotency } = wrapStorage(
    { pets: new InMemoryPetRepository(), idempotency: inMemoryIdempotencyStore() },
    (store, method) =>
      <T>(call: () => Promise<T>) =>
        // A server refusing writes refuses the calls that may write; readiness asks whether it would
        // take a write, unless the client only checks that it answers.
        bounded(
          call,
          isStorageWrite(store, method) ||
            (method === 'isReachable' && fault !== 'asks only whether the server answers'),
        ),
  );
  const askServer = pets.isReachable.bind(pets);
  const isReachable = () =>
    fault === 'always says reachable' ? Promise.resolve(true) : askServer().catch(() => false);
  return Promise.resolve({
    repository: Object.assign(pets, { isReachable }),
    idempotencyStore: idempotency,
    outage: {
      timeoutMs: TIMEOUT_MS,
      cutOff: () => server.cutOff(),
      stall: () => server.stall(),
      refuseWrites: () => server.refuseWrites(),
      restore: () => server.restore(),
    },
    dispose: () => server.restore(),
  });
}
