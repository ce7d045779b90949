// The lists of docs/operations.md, written from the code that defines them: the values each metric
// label takes, and the names the spans are given.
import { HTTP_METRIC_LABELS } from '../adapters/koa/metric-labels.js';
import { STORAGE_OUTCOMES } from '../adapters/metrics/service-metrics.js';
import { EXPORT_SPAN, IMPORT_SPAN, importStepSpanName } from '../adapters/tracing/traced-backup.js';
import { storageSpanName } from '../adapters/tracing/traced-storage.js';
import { isTracedAsSpan, useCaseSpanName } from '../adapters/tracing/traced-use-cases.js';
import { STORAGE_METHODS, type StoreName } from '../core/storage-calls.js';
import { IMPORT_PHASES } from '../core/use-cases/import-pets.js';
import { USE_CASE_NAMES } from '../core/use-cases/use-cases.js';
import { apiOperations, markdownTable } from './reference-tables.js';

const quoted = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');
const STORES = Object.keys(STORAGE_METHODS) as StoreName[];

/** The values of every label of the service's own metrics: each from the list the metrics are made from. */
export function metricLabelTable(): string {
  return markdownTable(
    ['label', 'values'],
    [
      ['`operation`', quoted(HTTP_METRIC_LABELS.operations)],
      ['`status_class`', quoted(HTTP_METRIC_LABELS.statusClasses)],
      ['`store`', quoted(STORES)],
      ['`method`', STORES.map((store) => `of \`${store}\`: ${quoted(STORAGE_METHODS[store])}`).join('; ')],
      ['`outcome`', quoted(STORAGE_OUTCOMES)],
    ],
  );
}

/** The names of the spans, by what each stands for, as the tracing code forms them. */
export function spanNameTable(): string {
  const importSteps = [...new Set(Object.values(IMPORT_PHASES).flat())].map(importStepSpanName);
  return markdownTable(
    ['span of', 'names'],
    [
      ['a request to an operation', quoted(apiOperations().map(({ operationId }) => operationId))],
      ['the use case under it', quoted(USE_CASE_NAMES.filter(isTracedAsSpan).map(useCaseSpanName))],
      [
        'a storage call',
        quoted(STORES.flatMap((store) => STORAGE_METHODS[store].map((method) => storageSpanName(store, method)))),
      ],
      ['`petstore pets import`', `${quoted([IMPORT_SPAN])}, over its steps: ${quoted(importSteps)}`],
      ['`petstore pets export`', quoted([EXPORT_SPAN])],
    ],
  );
}
