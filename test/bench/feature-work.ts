// What metrics and the rate limit add to a request, measured on their own: the calls the service
// makes for them on one request (the rate limit's bucket and its two fields, the request observer
// at arrival and close, a storage call through the measuring repository), against the same request's
// work without them (the bare storage call, a response made the same way), in blocks, A B B A. Small
// enough to be timed to a tenth of a microsecond, which the end-to-end price list (price-list.ts) cannot be
// on a shared machine; but blind to what the features cost in caches and the collector.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Router from '@koa/router';
import type { Context } from 'koa';
import { rateLimiter } from '../../adapters/http/rate-limit/rate-limiter.js';
import { HTTP_METRIC_LABELS } from '../../adapters/koa/metric-labels.js';
import { OPERATION_IDS } from '../../adapters/koa/http-app.js';
import type { HttpLogger } from '../../adapters/http/logs/http-logger.js';
import { startRequestState } from '../../adapters/koa/request/request-state.js';
import { requestMetricsObserver } from '../../adapters/koa/metrics/request-metrics.js';
import { STORAGE_METHODS } from '../../core/storage-calls.js';
import { InMemoryIdempotencyStore } from '../../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import { measuredStorage } from '../../adapters/metrics/measured-storage.js';
import { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { median } from './load.js';
import { seedPet } from './servers/seed.js';

const BLOCK = 20_000;
const PAIRS = 10;
/** A client id as the authenticator gives it: a SHA-256 digest in hex. */
const CLIENT = 'a'.repeat(64);

export interface FeatureWork {
  /** Median over the pairs of (with the features − without), per request, in µs; and the middle half. */
  readonly micros: number;
  readonly quartiles: readonly [number, number];
}

const QUIET: HttpLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => QUIET,
};

/** A request's context as the features see it at the end: routed to getPet, answered 200, its state started. */
function routedContext(): Context {
  const socket = new Socket();
  const response = new ServerResponse(new IncomingMessage(socket));
  const ctx = {
    res: response,
    state: {},
    routerPath: '/v1/pets/:petId',
    routerName: 'getPet',
  } as unknown as Context;
  startRequestState(ctx, {
    requestId: 'r1',
    clientAddress: '127.0.0.1',
    arrivedAt: 0,
    logger: QUIET,
    responseHeaders: [],
  });
  return ctx;
}

export async function measureFeatureWork(): Promise<FeatureWork> {
  const metrics = new ServiceMetrics({ ...HTTP_METRIC_LABELS, storageMethods: STORAGE_METHODS });
  const pets = new InMemoryPetRepository();
  for (let index = 0; index < 10_000; index += 1) await pets.add(seedPet(index));
  const measuredPets = measuredStorage(
    { pets, idempotency: new InMemoryIdempotencyStore({ ttlMs: 60_000, leaseMs: 1000, maxKeysPerClient: 1 }) },
    metrics,
  ).pets;
  const limitRate = rateLimiter({ limit: 1_000_000_000, windowMs: 60_000 });
  const observer = requestMetricsObserver(metrics, new Router(), new Set(OPERATION_IDS));

  const withFeatures = async () => {
    const ctx = routedContext();
    observer.requestArrived();
    limitRate(CLIENT, '127.0.0.1');
    await measuredPets.findById(5000);
    observer.requestClosed(ctx, 0.2);
  };
  const without = async () => {
    routedContext();
    await pets.findById(5000);
  };
  const microsPerRequest = async (request: () => Promise<void>) => {
    const started = process.cpuUsage();
    for (let index = 0; index < BLOCK; index += 1) await request();
    const { user, system } = process.cpuUsage(started);
    return (user + system) / BLOCK;
  };

  await microsPerRequest(withFeatures);
  await microsPerRequest(without);
  const differences: number[] = [];
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const [first, second] = pair % 2 === 0 ? [withFeatures, without] : [without, withFeatures];
    const firstMicros = await microsPerRequest(first);
    const secondMicros = await microsPerRequest(second);
    differences.push(first === withFeatures ? firstMicros - secondMicros : secondMicros - firstMicros);
  }
  const sorted = [...differences].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.round((sorted.length - 1) * fraction)] ?? Number.NaN;
  return { micros: median(differences), quartiles: [at(0.25), at(0.75)] };
}
