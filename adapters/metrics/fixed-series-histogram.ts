import type { Metric, Registry } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

/** One line of the exposition, as prom-client's registry reads it from a metric's get(). */
interface SampleValue {
  readonly metricName: string;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
}

/**
 * A Prometheus histogram whose series (label sets) are all known when it is made, so that an
 * observation is a bucket search and three additions into typed arrays. prom-client's Histogram
 * builds, checks and hashes a labels object on every observation, which costs more than the
 * rest of our request metrics together; prom-client still writes this one out (it is one of its
 * custom metrics, an object with `get()`), so the exposition format stays the library's.
 */
export class FixedSeriesHistogram {
  readonly type = 'histogram';
  /** Per series, one count per upper bound and one more for +Inf; not cumulative until written out. */
  private readonly bucketCounts: Float64Array;
  private readonly sums: Float64Array;
  private readonly stride: number;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    private readonly series: readonly Labels[],
    registry: Registry,
  ) {
    this.stride = upperBounds.length + 1;
    this.bucketCounts = new Float64Array(series.length * this.stride);
    this.sums = new Float64Array(series.length);
    // Registries take any object with a name and get(); the cast is for prom-client's class type.
    registry.registerMetric(this as unknown as Metric);
  }

  /** `series`: the index of its labels in the list given at construction. */
  observe(series: number, value: number): void {
    let bucket = 0;
    for (const bound of this.upperBounds) {
      if (value <= bound) break;
      bucket += 1;
    }
    const slot = series * this.stride + bucket;
    this.bucketCounts[slot] = (this.bucketCounts[slot] ?? 0) + 1;
    this.sums[series] = (this.sums[series] ?? 0) + value;
  }

  /** What prom-client writes out: `_bucket` (cumulative, with `le`), `_sum` and `_count` of each series. */
  get(): { name: string; help: string; type: 'histogram'; values: SampleValue[] } {
    const values = this.series.flatMap((labels, series): SampleValue[] => {
      const counts = this.bucketCounts.subarray(series * this.stride, (series + 1) * this.stride);
      let cumulative = 0;
      const buckets = [...this.upperBounds, '+Inf'].map((bound, index) => {
        cumulative += counts[index] ?? 0;
        return { metricName: `${this.name}_bucket`, labels: { le: bound, ...labels }, value: cumulative };
      });
      return [
        ...buckets,
        { metricName: `${this.name}_sum`, labels, value: this.sums[series] ?? 0 },
        { metricName: `${this.name}_count`, labels, value: cumulative },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, values };
  }

  /** prom-client's Registry.resetMetrics() calls this. */
  reset(): void {
    this.bucketCounts.fill(0);
    this.sums.fill(0);
  }
}
