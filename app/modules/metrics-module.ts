import { ContainerModule } from 'inversify';
import { STORAGE_METHODS } from '../../core/storage-calls.js';
import { measuredStorage } from '../../adapters/metrics/measured-storage.js';
import { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { TOKENS, from, typedBind, typedOnActivation } from '../tokens.js';

/** Prometheus metrics: every request (the HTTP app reads them) and every storage call the use cases make, timed. */
export const metricsModule = new ContainerModule(({ bind, onActivation }) => {
  typedBind(bind)(TOKENS.Metrics).toDynamicValue(
    async () =>
      new ServiceMetrics({
        ...(await import('../../adapters/http/metric-labels.js')).HTTP_METRIC_LABELS,
        storageMethods: STORAGE_METHODS,
      }),
  );
  typedOnActivation(onActivation)(TOKENS.StorageInUse, async (c, ports) =>
    measuredStorage(ports, await from(c, TOKENS.Metrics)),
  );
});
