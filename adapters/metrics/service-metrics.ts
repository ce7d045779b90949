import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { FixedSeriesHistogram, type HistogramSeries } from './fixed-series-histogram.js';

/** In seconds: most requests take well under a millisecond, a slow storage call up to its timeout. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const STORAGE_OUTCOMES = ['ok', 'unavailable', 'error'] as const;
export type StorageOutcome = (typeof STORAGE_OUTCOMES)[number];

/** Reports how one call of one storage method ended, and how long it took. */
export type StorageCallTimer = (outcome: StorageOutcome, seconds: number) => void;

/** What storage calls report to: a timer per store and method, made once, so a call pays only for its observation. */
export interface StorageMetrics {
  storageCallTimer(store: string, method: string): StorageCallTimer;
  /** An add was refused because no pet id is left: not an outage, and nothing a retry or readiness can show. */
  petIdsExhausted(): void;
}

/** One entry per value: a histogram's series made once, so an observation never builds a labels object. */
function tableOf<Key extends string, Value>(keys: readonly Key[], valueOf: (key: Key) => Value): Record<Key, Value> {
  return Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<Key, Value>;
}

/** The series of one label value; only the values given at construction have one. */
function labelled<Series>(table: Record<string, Series>, value: string): Series {
  const series = table[value];
  if (series === undefined) throw new Error(`no series for the label value ${value}`);
  return series;
}

/** The only values each label may take, given by the composition: the service's operations and outcomes. */
export interface MetricLabels {
  /** What a request is counted under: an operation, or `other` for any request of none. */
  readonly operations: readonly string[];
  /** The class of a response's status, or how else it ended. */
  readonly statusClasses: readonly string[];
  /** The methods of each store that report, by store name. */
  readonly storageMethods: Readonly<Record<string, readonly string[]>>;
}

/** What `petstore_build_info` says of the running service; `node` defaults to this process's Node. */
export interface BuildInfo {
  readonly version: string;
  readonly node?: string;
}

/**
 * The service's metrics, with prom-client, in a registry of their own (so that two services in one
 * process never share counts). Every label value comes from a fixed list, whatever clients send,
 * and every series exists from the start at zero, so a rate over it is defined before the first event.
 */
export class ServiceMetrics implements StorageMetrics {
  private readonly registry = new Registry();
  private inFlight = 0;
  private readonly requestDurations: Record<string, Record<string, HistogramSeries>>;
  private readonly rateLimited: Record<string, Counter.Internal>;
  private readonly replays: Counter;
  private readonly idsExhausted: Counter;
  private readonly rateLimitFallBacks: Counter;
  private rateLimitOnItsOwn = 0;
  /** By `store method`, then outcome. */
  private readonly storageDurations: Map<string, Record<StorageOutcome, HistogramSeries>>;

  constructor(
    { operations, statusClasses, storageMethods }: MetricLabels,
    { version, node = process.version }: BuildInfo = { version: 'unknown' },
  ) {
    // The info-metric pattern: a constant 1 whose labels say what runs, to join or group other series by.
    new Gauge({
      name: 'petstore_build_info',
      help: 'Always 1, labelled with the service version and the Node.js version that runs it',
      labelNames: ['version', 'node'],
      registers: [this.registry],
    }).set({ version, node }, 1);
    const requestDurations = new FixedSeriesHistogram(
      'petstore_http_request_duration_seconds',
      'Time from a request arriving to its response sent, by operation and status class',
      DURATION_BUCKETS,
      this.registry,
    );
    this.requestDurations = tableOf(operations, (operation) =>
      tableOf(statusClasses, (statusClass) => requestDurations.series({ operation, status_class: statusClass })),
    );
    const inFlight = () => this.inFlight;
    new Gauge({
      name: 'petstore_http_requests_in_flight',
      help: 'Requests arrived and not yet responded to',
      registers: [this.registry],
      collect() {
        this.set(inFlight());
      },
    });
    const limited = new Counter({
      name: 'petstore_http_rate_limited_requests_total',
      help: 'Requests refused with 429 for exceeding the rate limit, by operation',
      labelNames: ['operation'],
      registers: [this.registry],
    });
    this.rateLimited = tableOf(operations, (operation) => {
      const counter = limited.labels({ operation });
      counter.inc(0);
      return counter;
    });
    this.replays = new Counter({
      name: 'petstore_idempotent_replays_total',
      help: 'Creates responded to with the stored response of an earlier request with the same Idempotency-Key',
      registers: [this.registry],
    });
    this.idsExhausted = new Counter({
      name: 'petstore_pet_ids_exhausted_total',
      help: 'Adds refused because no pet id is left (the highest pet id is taken): every create fails until an operator acts',
      registers: [this.registry],
    });
    this.rateLimitFallBacks = new Counter({
      name: 'petstore_rate_limit_store_fallbacks_total',
      help: 'Times this instance stopped sharing the rate limit because RATE_LIMIT_STORE did not answer',
      registers: [this.registry],
    });
    const onItsOwn = () => this.rateLimitOnItsOwn;
    new Gauge({
      name: 'petstore_rate_limit_store_fallen_back',
      help: '1 while this instance limits rates on its own because RATE_LIMIT_STORE does not answer, else 0',
      registers: [this.registry],
      collect() {
        this.set(onItsOwn());
      },
    });
    const storageDurations = new FixedSeriesHistogram(
      'petstore_storage_call_duration_seconds',
      'Time a storage call took, by store, method and outcome (ok, unavailable, error)',
      DURATION_BUCKETS,
      this.registry,
    );
    this.storageDurations = new Map(
      Object.entries(storageMethods).flatMap(([store, methods]) =>
        methods.map(
          (method) =>
            [
              `${store} ${method}`,
              tableOf(STORAGE_OUTCOMES, (outcome) => storageDurations.series({ store, method, outcome })),
            ] as const,
        ),
      ),
    );
  }

  requestStarted(): void {
    this.inFlight += 1;
  }

  requestFinished(operation: string, statusClass: string, seconds: number): void {
    this.inFlight -= 1;
    labelled(labelled(this.requestDurations, operation), statusClass).observe(seconds);
  }

  requestRateLimited(operation: string): void {
    labelled(this.rateLimited, operation).inc();
  }

  requestReplayed(): void {
    this.replays.inc();
  }

  petIdsExhausted(): void {
    this.idsExhausted.inc();
  }

  rateLimitFellBack(): void {
    this.rateLimitFallBacks.inc();
    this.rateLimitOnItsOwn = 1;
  }

  rateLimitReturned(): void {
    this.rateLimitOnItsOwn = 0;
  }

  storageCallTimer(store: string, method: string): StorageCallTimer {
    const series = this.storageDurations.get(`${store} ${method}`);
    // Only the methods given at construction have series: no other label value can appear.
    if (series === undefined) throw new Error(`no storage series for ${store} ${method}`);
    return (outcome, seconds) => {
      series[outcome].observe(seconds);
    };
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    const exposed = Registry.merge([processMetrics(), this.registry]);
    return { contentType: exposed.contentType, text: await exposed.metrics() };
  }
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
