import { SpanKind, type Attributes, type Tracer } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { IdempotencyStore, PetRepository, PetRestore } from '../../core/ports.js';
import { inSpan } from './spans.js';

/** The storage a span's call went to, as STORAGE names it; `custom`: a host's own (`startService`). */
export type StorageKind = 'memory' | 'sqlite' | 'mongo' | 'custom';
export const STORAGE_KIND_ATTRIBUTE = 'petstore.storage.kind';

/** The database systems of the semantic conventions; memory, and a host's own storage, are none. */
const DB_SYSTEM: Readonly<Record<StorageKind, string | undefined>> = { memory: undefined, sqlite: 'sqlite', mongo: 'mongodb', custom: undefined };

/**
 * Every method of each port, by the store name its spans are named after: a method added to a port
 * and left out here does not compile, so none is ever dropped by the wrapper.
 */
const TRACED_METHODS = {
  pets: Object.keys({ add: true, addOnce: true, findById: true, list: true, isReachable: true, conflictsOf: true, restore: true } satisfies Record<keyof (PetRepository & PetRestore), true>),
  idempotency: Object.keys({ claim: true, complete: true, release: true } satisfies Record<keyof IdempotencyStore, true>),
};

/**
 * The port with each of `methods` called in a span `<store>.<method>` that names the storage kind;
 * only what the method was (never its arguments, a pet or a key) goes on the span.
 */
function traced<Port extends object>(port: Port, store: keyof typeof TRACED_METHODS, tracer: Tracer, kind: StorageKind): Port {
  const system = DB_SYSTEM[kind];
  const calls = TRACED_METHODS[store].map((method) => {
    const call = (port as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>)[method];
    const attributes: Attributes = { [STORAGE_KIND_ATTRIBUTE]: kind, [ATTR_DB_OPERATION_NAME]: method, ...(system && { [ATTR_DB_SYSTEM_NAME]: system }) };
    const options = { kind: SpanKind.INTERNAL, attributes };
    return [method, call && ((...args: unknown[]) => inSpan(tracer, `${store}.${method}`, options, () => call.apply(port, args)))] as const;
  });
  return Object.fromEntries(calls.filter(([, call]) => call !== undefined)) as Port;
}

/** A pet repository (and its restore) whose every call is a span under the active one. */
export function tracedPetRepository<Pets extends PetRepository>(pets: Pets, tracer: Tracer, kind: StorageKind): Pets {
  return traced(pets, 'pets', tracer, kind);
}

/** An idempotency store whose every call is a span under the active one. */
export function tracedIdempotencyStore(store: IdempotencyStore, tracer: Tracer, kind: StorageKind): IdempotencyStore {
  return traced(store, 'idempotency', tracer, kind);
}
