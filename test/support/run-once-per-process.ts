// Mutation runs only (vitest.stryker.config.ts). Stryker counts code that runs once per process as
// covered by whichever test ran it first, though its mutants could take effect only in that first run,
// and which test is first changes from run to run: such mutants would count as survivors in some runs
// and be re-tested by every incremental run. Run here, before any test, that code is static, as the
// module-level code of every module a test file imports is:
import { HTTP_METRIC_LABELS } from '../../adapters/http/metric-labels.js';
import { MEASURED_STORAGE_METHODS } from '../../adapters/metrics/measured-storage.js';
import { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { storageAdapters } from '../../app/container.js';

// the database adapters, which the container loads when a test first composes that storage;
await Promise.all(Object.values(storageAdapters).map((load) => load()));
// Node's own metrics, made on a process's first exposition.
await new ServiceMetrics({ ...HTTP_METRIC_LABELS, storageMethods: MEASURED_STORAGE_METHODS }).exposition();
