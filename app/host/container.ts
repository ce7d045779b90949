import { Container, ContainerModule, type ResolutionContext } from 'inversify';
import type { Logger } from 'pino';
import { IN_FLIGHT_LEASE_MS } from '@petstore/core/idempotency.js';
import type { StoragePorts } from '@petstore/core/ports.js';
import { useCasesOver, type UseCases } from '@petstore/core/use-cases/use-cases.js';
import type { ApiKeys } from '@petstore/auth/api-keys.js';
import type { AppConfig } from './config.js';
import { TOKENS, resolved, type Token } from './tokens.js';

/** What the service is made of: its settings (the storage among them), its log, its keys. */
export interface Composition {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly keys: ApiKeys;
  /** The host only reads the storage (a command that lists or exports): one it may not write still opens. */
  readonly readOnly?: boolean | undefined;
  /** What wraps the storage's ports and the use cases (the service's metrics and spans); none: they are used bare. */
  readonly layers?: Layers | undefined;
}

/**
 * Wrappers a host puts around what the container makes: the storage's ports as the use cases call
 * them (innermost first), and the use cases. The host that counts and traces brings them, and with them
 * the modules that count and trace; a host that does neither loads none of those.
 */
export interface Layers {
  readonly storage?: ((ports: StoragePorts, context: ResolutionContext) => Promise<StoragePorts>) | undefined;
  readonly useCases?: ((useCases: UseCases) => UseCases) | undefined;
}

/** A part a host adds, made from what the service is made of. */
export type ModuleOf = (composition: Composition) => ContainerModule;

/**
 * Which adapter fills which port, read top to bottom: the storage, the use cases over it, and whatever
 * the host adds (`modules`: the service's HTTP apps). Every part is made on first use (`resolved`): the
 * storage opens then, its driver loads then. Unbinding everything closes the storage.
 */
export async function createContainer(composition: Composition, modules: readonly ModuleOf[] = []): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  await container.loadAsync(...[useCasesModule, ...modules].map((moduleOf) => moduleOf(composition)));
  return container;
}

/** The storage, opened on first use; the ports the use cases call, in the host's layers; the use cases over them. */
function useCasesModule({ config, readOnly, layers }: Composition): ContainerModule {
  return new ContainerModule(({ bind: bindAny }) => {
    const bind = <T>(token: Token<T>) => bindAny<T>(token);
    const { adapter, settings } = config.storage;
    const retention = { ttlMs: config.idempotency.ttlMs, leaseMs: IN_FLIGHT_LEASE_MS };

    bind(TOKENS.OpenedStorage)
      .toDynamicValue(() => adapter.open(settings, { retention, readOnly }))
      .onDeactivation((opened) => opened.close());
    bind(TOKENS.UseCaseStorage).toDynamicValue(async (c) => {
      const { pets, idempotency } = await resolved(c, TOKENS.OpenedStorage);
      const ports: StoragePorts = { pets, idempotency };
      return layers?.storage ? layers.storage(ports, c) : ports;
    });
    // An import writes through the storage as opened: its batches, not each of its writes, are measured and traced.
    bind(TOKENS.UseCases).toDynamicValue(async (c) => {
      const useCases = useCasesOver({
        inUse: await resolved(c, TOKENS.UseCaseStorage),
        opened: await resolved(c, TOKENS.OpenedStorage),
      });
      return layers?.useCases ? layers.useCases(useCases) : useCases;
    });
  });
}
