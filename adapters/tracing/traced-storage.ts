import { SpanKind, type Attributes, type Tracer } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { StoragePorts } from '@petstore/core/ports.js';
import { wrapStorage } from '@petstore/core/storage-calls.js';
import { inSpan } from './spans.js';

export const STORAGE_KIND_ATTRIBUTE = 'petstore.storage.kind';

/**
 * The storage a span's calls go to: its name (`custom` for a host's own ports) and its database system, if it has one.
 */
export interface TracedStorageKind {
  readonly name: string;
  /** As OpenTelemetry's semantic conventions name it (`db.system.name`); none for memory. */
  readonly dbSystem?: string | undefined;
}

/** A storage call's span name: its store, then its method (`pets.add`, `idempotency.claim`). */
export function storageSpanName(store: string, method: string): string {
  return `${store}.${method}`;
}

/**
 * The storage with each call in a span `<store>.<method>` under the active one, naming the storage;
 * only what the method was (never its arguments, a pet or a key) goes on the span.
 */
export function tracedStorage(
  ports: StoragePorts,
  tracer: Tracer,
  { name, dbSystem }: TracedStorageKind,
): StoragePorts {
  return wrapStorage(ports, (store, method) => {
    const attributes: Attributes = {
      [STORAGE_KIND_ATTRIBUTE]: name,
      [ATTR_DB_OPERATION_NAME]: method,
      ...(dbSystem && { [ATTR_DB_SYSTEM_NAME]: dbSystem }),
    };
    const options = { kind: SpanKind.INTERNAL, attributes };
    const spanName = storageSpanName(store, method);
    return (call) => inSpan(tracer, spanName, options, call);
  });
}
