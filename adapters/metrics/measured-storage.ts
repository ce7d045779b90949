import { PetIdsExhausted, StorageUnavailable } from '@petstore/core/errors.js';
import type { StoragePorts } from '@petstore/core/ports.js';
import { wrapStorage } from '@petstore/core/storage-calls.js';
import type { StorageMetrics } from './service-metrics.js';

/**
 * The storage with each call timed: it reports how the call ended, `unavailable` being the outage
 * the API responds 503 to, and passes its outcome on unchanged. An add refused for want of ids is
 * counted too, since readiness cannot show it: reads still work.
 */
export function measuredStorage(ports: StoragePorts, metrics: StorageMetrics): StoragePorts {
  return wrapStorage(ports, (store, method) => {
    const report = metrics.storageCallTimer(store, method);
    return <T>(call: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      return call().then(
        (result) => {
          report('ok', (performance.now() - started) / 1000);
          return result;
        },
        (error: unknown) => {
          if (error instanceof PetIdsExhausted) metrics.petIdsExhausted();
          report(error instanceof StorageUnavailable ? 'unavailable' : 'error', (performance.now() - started) / 1000);
          throw error;
        },
      );
    };
  });
}
