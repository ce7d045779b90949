import type { IdempotencyStore, PetRepository, PetRestore, StoragePorts } from './ports.js';

/**
 * Every method of each storage port, by its name in StoragePorts. A method added to a port and left
 * out here does not compile, so a wrapper never drops one.
 */
export const STORAGE_METHODS = {
  pets: methodsOf<PetRepository & PetRestore>({
    add: 0,
    addOnce: 0,
    findById: 0,
    list: 0,
    isReachable: 0,
    conflictsOf: 0,
    restore: 0,
    reserveIds: 0,
  }),
  idempotency: methodsOf<IdempotencyStore>({ claim: 0, complete: 0, release: 0 }),
};

export type StoreName = keyof typeof STORAGE_METHODS;

/**
 * What wraps the calls of one method of one store, made once for it: given each call, it returns
 * what the call returns (measuring it, say, or tracing it).
 */
export type CallWrapperOf = (store: StoreName, method: string) => <T>(call: () => Promise<T>) => Promise<T>;

/** The storage with each method's calls passed through the wrapper `wrapperOf` makes for that method. */
export function wrapStorage(ports: StoragePorts, wrapperOf: CallWrapperOf): StoragePorts {
  return {
    pets: wrapPort(ports.pets, 'pets', wrapperOf),
    idempotency: wrapPort(ports.idempotency, 'idempotency', wrapperOf),
  };
}

function wrapPort<Port extends object>(port: Port, store: StoreName, wrapperOf: CallWrapperOf): Port {
  // A method the port lacks stays lacking: a host's repository need not restore until it is asked to.
  const wrapped = STORAGE_METHODS[store].flatMap((method) => {
    const call = (port as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>)[method];
    if (call === undefined) return [];
    const around = wrapperOf(store, method);
    return [[method, (...args: unknown[]) => around(() => call.apply(port, args))]];
  });
  return Object.fromEntries(wrapped) as Port;
}

function methodsOf<Port>(methods: Record<keyof Port, 0>): (keyof Port & string)[] {
  return Object.keys(methods) as (keyof Port & string)[];
}
