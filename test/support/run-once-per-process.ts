// Mutation runs only (vitest.stryker.config.ts). Stryker counts code that runs once per process as
// covered by whichever test ran it first, though its mutants could take effect only in that first run,
// and which test is first changes from run to run: such mutants would count as survivors in some runs
// and be re-tested by every incremental run. Run here, before any test, that code is static, as the
// module-level code of every module a test file imports is:
import { HTTP_METRIC_LABELS } from '../../adapters/koa/metric-labels.js';
import { STORAGE_METHODS } from '../../core/storage-calls.js';
import { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';

// the database adapters, which a storage loads as it first opens;
await Promise.all([
  import('../../adapters/persistence/sqlite/sqlite-database.js'),
  import('../../adapters/persistence/sqlite/sqlite-pet-repository.js'),
  import('../../adapters/persistence/sqlite/sqlite-idempotency-store.js'),
  import('../../adapters/persistence/mongo/mongo-client.js'),
  import('../../adapters/persistence/mongo/mongo-pet-repository.js'),
  import('../../adapters/persistence/mongo/mongo-idempotency-store.js'),
]);
// Node's own metrics, made on a process's first exposition.
await new ServiceMetrics({ ...HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS }).exposition();
