import type { StoragePorts } from './ports.js';

/**
 * Whether a storage method only reads or may write: a storage opened read-only serves the reads, a
 * server refusing writes refuses the others, and a use case that only reads is given the reads alone.
 */
export type StorageAccess = 'read' | 'write';

/**
 * Every method of each storage port, by its name in StoragePorts, with what it does to what is stored.
 * A method added to a port and left out here does not compile, so a wrapper never drops one.
 */
export const STORAGE_ACCESS = {
  pets: {
    add: 'write',
    addOnce: 'write',
    findById: 'read',
    list: 'read',
    isReachable: 'read',
    conflictsOf: 'read',
    restore: 'write',
    reserveIds: 'write',
  },
  idempotency: { claim: 'write', complete: 'write', release: 'write' },
} as const satisfies { readonly [Store in keyof StoragePorts]: Record<keyof StoragePorts[Store], StorageAccess> };

/** The methods of each store, in the order STORAGE_ACCESS lists them. */
export const STORAGE_METHODS = {
  pets: methodsOf(STORAGE_ACCESS.pets),
  idempotency: methodsOf(STORAGE_ACCESS.idempotency),
};

export type StoreName = keyof typeof STORAGE_METHODS;

type ReadingMethodOf<Store extends StoreName> = {
  [Method in keyof (typeof STORAGE_ACCESS)[Store]]: (typeof STORAGE_ACCESS)[Store][Method] extends 'read'
    ? Method
    : never;
}[keyof (typeof STORAGE_ACCESS)[Store]];

/** The storage as a use case that only reads is given it: each port with its reading methods alone. */
export type ReadingPorts = {
  readonly [Store in StoreName]: Pick<StoragePorts[Store], ReadingMethodOf<Store> & keyof StoragePorts[Store]>;
};

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

/** Whether a call of this method of this store may write; false for a name the store has no method of. */
export function isStorageWrite(store: StoreName, method: string): boolean {
  return (STORAGE_ACCESS[store] as Readonly<Record<string, StorageAccess>>)[method] === 'write';
}

function methodsOf<Method extends string>(access: Readonly<Record<Method, StorageAccess>>): Method[] {
  return Object.keys(access) as Method[];
}
