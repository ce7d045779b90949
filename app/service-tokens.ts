import type Koa from 'koa';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import { token } from '@petstore/host/tokens.js';

/** The parts the HTTP service adds to what every host composes. */
export const SERVICE_TOKENS = {
  Metrics: token<ServiceMetrics>('Metrics'),
  HttpApp: token<Koa>('HttpApp'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: token<Koa>('MetricsApp'),
} as const;
