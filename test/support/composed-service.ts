import type { Tracer } from '@opentelemetry/api';
import type { DestinationStream } from 'pino';
import { createLogger } from '../../adapters/logging/logger.js';
import type { StorageAdapter } from '../../adapters/settings/storage-adapter.js';
import { loadConfig } from '../../app/host/config.js';
import { composeHttpService } from '../../app/http-service.js';

/**
 * The service composed as `petstore serve` composes it, from settings, but not listening: the one place
 * the tests and the benches make it, each then serving it as it needs.
 */
export async function composedFromSettings(
  settings: Readonly<Record<string, string | undefined>>,
  {
    storage,
    tracer,
    logTo,
  }: { storage?: StorageAdapter | undefined; tracer?: Tracer | undefined; logTo?: DestinationStream } = {},
) {
  const config = loadConfig(settings, { storage });
  const logger = createLogger(config, logTo);
  return { config, logger, ...(await composeHttpService({ config, logger, tracer })) };
}
