import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OPERATION_IDS, type MeasuredOperation } from '../http/operations.js';
import { STATUS_CLASSES, type HttpMetrics, type StatusClass } from '../http/request-metrics.js';

const MEASURED_OPERATIONS: readonly MeasuredOperation[] = [...OPERATION_IDS, 'other'];

/** In seconds: most answers take well under a millisecond, a slow storage call up to its timeout. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const STORAGE_OUTCOMES = ['ok', 'unavailable', 'error'] as const;
export type StorageOutcome = (typeof STORAGE_OUTCOMES)[number];

/** What storage calls report: which store, which of its methods, how it ended. */
export interface StorageMetrics {
  storageCallFinished(store: string, method: string, outcome: StorageOutcome, seconds: number): void;
}

type Children<Outer extends string, Inner extends string, T> = Record<Outer, Record<Inner, T>>;
type HistogramChild = Histogram.Internal<string>;

/**
 * The service's metrics, with prom-client, in a registry of their own (so that two services in one
 * process never share counts). Every label value comes from a fixed list, whatever clients send,
 * and each series exists from the start at zero, so a rate over it is defined before the first event.
 */
export class ServiceMetrics implements HttpMetrics, StorageMetrics {
  private readonly registry = new Registry();
  private inFlight = 0;
  private readonly requestDurations: Children<MeasuredOperation, StatusClass, HistogramChild>;
  private readonly rateLimited: Record<MeasuredOperation, Counter.Internal>;
  private readonly replays: Counter;
  /** By `store method`. */
  private readonly storageDurations: Map<string, Record<StorageOutcome, HistogramChild>>;

  /** `storageMethods`: the methods of each store that report, by store name; the only label values they may use. */
  constructor(storageMethods: Readonly<Record<string, readonly string[]>>) {
    const requests = new Histogram({
      name: 'petstore_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by operation and status class',
      labelNames: ['operation', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    // Looked up once here, not per request: the label hashing is most of an observation's cost.
    this.requestDurations = childrenOf(MEASURED_OPERATIONS, STATUS_CLASSES, (operation, statusClass) => {
      requests.zero({ operation, status_class: statusClass });
      return requests.labels({ operation, status_class: statusClass });
    });
    const counted = { inFlight: () => this.inFlight };
    new Gauge({
      name: 'petstore_http_requests_in_flight',
      help: 'Requests arrived and not yet answered',
      registers: [this.registry],
      collect() {
        this.set(counted.inFlight());
      },
    });
    const limited = new Counter({
      name: 'petstore_http_rate_limited_requests_total',
      help: 'Requests refused with 429 for exceeding the rate limit, by operation',
      labelNames: ['operation'],
      registers: [this.registry],
    });
    this.rateLimited = recordOf(MEASURED_OPERATIONS, (operation) => {
      const counter = limited.labels({ operation });
      counter.inc(0);
      return counter;
    });
    this.replays = new Counter({
      name: 'petstore_idempotent_replays_total',
      help: 'Creates answered with the stored answer of an earlier request with the same Idempotency-Key',
      registers: [this.registry],
    });
    const storageCalls = new Histogram({
      name: 'petstore_storage_call_duration_seconds',
      help: 'Time a storage call took, by store, method and outcome (ok, unavailable, error)',
      labelNames: ['store', 'method', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.storageDurations = new Map(
      Object.entries(storageMethods).flatMap(([store, methods]) =>
        methods.map((method) => [
          `${store} ${method}`,
          recordOf(STORAGE_OUTCOMES, (outcome) => {
            storageCalls.zero({ store, method, outcome });
            return storageCalls.labels({ store, method, outcome });
          }),
        ]),
      ),
    );
  }

  requestStarted(): void {
    this.inFlight += 1;
  }

  requestFinished(operation: MeasuredOperation, statusClass: StatusClass, seconds: number): void {
    this.inFlight -= 1;
    this.requestDurations[operation][statusClass].observe(seconds);
  }

  requestRateLimited(operation: MeasuredOperation): void {
    this.rateLimited[operation].inc();
  }

  requestReplayed(): void {
    this.replays.inc();
  }

  storageCallFinished(store: string, method: string, outcome: StorageOutcome, seconds: number): void {
    // Only the methods given at construction have series: no other label value can appear.
    this.storageDurations.get(`${store} ${method}`)?.[outcome].observe(seconds);
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    const exposed = Registry.merge([processMetrics(), this.registry]);
    return { contentType: exposed.contentType, text: await exposed.metrics() };
  }
}

/** One value per key of a fixed list, made once. */
function recordOf<Key extends string, T>(keys: readonly Key[], make: (key: Key) => T): Record<Key, T> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<Key, T>;
}

function childrenOf<Outer extends string, Inner extends string, T>(
  outer: readonly Outer[],
  inner: readonly Inner[],
  make: (outer: Outer, inner: Inner) => T,
): Children<Outer, Inner, T> {
  return recordOf(outer, (first) => recordOf(inner, (second) => make(first, second)));
}

let processRegistry: Registry | undefined;

/**
 * Node's own metrics (event-loop lag, heap, GC, CPU): one set per process, made on first use,
 * since they describe the process whatever number of services it runs.
 */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
