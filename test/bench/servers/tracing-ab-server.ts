// What tracing costs a request: the service with every request traced (the `port`), the OpenTelemetry
// SDK exporting its spans to the OTLP endpoint the environment names as `petstore serve` would, and
// the same service untraced, twice (the `otherPorts`), in one process; the two untraced are the control.
import { createLogger } from '../../../adapters/logging/logger.js';
import { startTracing } from '../../../adapters/tracing/start-tracing.js';
import { DEFAULTS } from './features.js';
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const tracing = await startTracing({
  logger: createLogger({ logLevel: 'warn' }),
  version: 'bench',
  instrumentations: [],
});
const traced = await startPetstore(DEFAULTS, tracing.tracer);
const untraced = await startPetstore(DEFAULTS);
const control = await startPetstore(DEFAULTS);
announceReady(traced.port, undefined, [untraced.port, control.port]);
