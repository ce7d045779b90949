import { ContainerModule } from 'inversify';
import { IN_FLIGHT_LEASE_MS } from '../../core/idempotency.js';
import type { AppConfig } from '../config.js';
import { TOKENS, from, typedBind } from '../tokens.js';

/**
 * The storage the settings chose, opened on first use (its driver loads then) and closed when the
 * container is unbound at shutdown, after the last request.
 */
export function storageModule({ storage, idempotency }: Pick<AppConfig, 'storage' | 'idempotency'>): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const bindTo = typedBind(bind);
    const retention = { ttlMs: idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };
    bindTo(TOKENS.Storage)
      .toDynamicValue(() => storage.adapter.open(storage.settings, { retention }))
      .onDeactivation((opened) => opened.close());
    // A value of its own, so that measuring and tracing (on its activation) leave the opened ports as they are.
    bindTo(TOKENS.StorageInUse).toDynamicValue(async (c) => {
      const { pets, idempotency: requests } = await from(c, TOKENS.Storage);
      return { pets, idempotency: requests };
    });
  });
}
