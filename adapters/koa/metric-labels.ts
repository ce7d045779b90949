import { OPERATION_IDS } from '@petstore/http/contract/api-surface.js';
import { STATUS_CLASSES } from './metrics/http-metrics.js';
import { OTHER_OPERATION } from './routing/operation-of.js';

/** The label values the HTTP adapter reports requests under, for whoever keeps the series. */
export const HTTP_METRIC_LABELS = {
  operations: [...OPERATION_IDS, OTHER_OPERATION],
  statusClasses: STATUS_CLASSES,
} as const;
