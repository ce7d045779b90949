import type Koa from 'koa';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { SharedRateLimit } from '../adapters/redis/shared-rate-limit.js';
import { token } from '@petstore/host/tokens.js';

/** The parts the HTTP service adds to what every host composes. */
export const SERVICE_TOKENS = {
  Metrics: token<ServiceMetrics>('Metrics'),
  HttpApp: token<Koa>('HttpApp'),
  /** GET /metrics alone, for METRICS_PORT. */
  MetricsApp: token<Koa>('MetricsApp'),
  /** The rate limit every instance shares, when RATE_LIMIT_STORE names a store. */
  SharedRateLimit: token<SharedRateLimit>('SharedRateLimit'),
} as const;
