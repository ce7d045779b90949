import type { Tracer } from '@opentelemetry/api';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { DrainingFlag } from '../adapters/http/server/draining.js';
import type { ApiKeys } from './api-keys.js';
import type { AppConfig } from './config.js';
import { httpModule } from './modules/http-module.js';
import { metricsModule } from './modules/metrics-module.js';
import { storageModule } from './modules/storage-module.js';
import { useCasesModule } from './modules/use-cases-module.js';
import { TOKENS } from './tokens.js';

/** What the service is made of: its settings (the storage among them), its log, its keys, and a tracer when traced. */
export interface Composition {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly keys: ApiKeys;
  /** Spans for each request, its use case and its storage calls, and for an import or export; unset: none. */
  readonly tracer?: Tracer | undefined;
}

/**
 * The one composition of `petstore serve`, every command, `startService` and the tests: which
 * adapter fills which port, as a module per adapter. Resolve with `getAsync`: storage opens on first
 * use. Unbinding everything closes it.
 */
export async function createContainer({ config, logger, keys, tracer }: Composition): Promise<Container> {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.ApiKeys).toConstantValue(keys);
  container.bind(TOKENS.Draining).toConstantValue(new DrainingFlag());
  container.load(storageModule(config), useCasesModule, httpModule(config, logger, keys, tracer));
  // Measured first, then traced: a storage call's span covers its measurement.
  if (config.metrics) container.load(metricsModule);
  if (tracer) {
    const { adapter } = config.storage;
    container.load(
      (await import('./modules/tracing-module.js')).tracingModule(tracer, {
        name: adapter.name,
        dbSystem: adapter.dbSystem,
      }),
    );
  }
  return container;
}
