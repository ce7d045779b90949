import type { Metric, Registry } from 'prom-client';

/** One series of a histogram: its labels, and its observations counted by bucket. */
export class HistogramSeries {
  /** Observations by the first bound they are at or under; the last slot holds those above every bound. */
  readonly counts: number[];
  sum = 0;
  count = 0;
  /** The bounds and, last, +Inf: every value is at or under one of them. */
  private readonly upperBounds: readonly number[];

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    bounds: readonly number[],
  ) {
    this.upperBounds = [...bounds, Number.POSITIVE_INFINITY];
    this.counts = this.upperBounds.map(() => 0);
  }

  /**
   * A few additions: no labels to check or hash, nothing allocated. Values are durations the service measured, never
   * NaN.
   */
  observe(value: number): void {
    let bucket = 0;
    while (value > (this.upperBounds[bucket] as number)) bucket += 1;
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.sum += value;
    this.count += 1;
  }
}

interface ExposedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/**
 * A Prometheus histogram whose series are all made up front, each counting into buckets of its
 * own, and handed to prom-client only when scraped: prom-client's own histogram checks, converts
 * and hashes its labels on every observation, which costs a request microseconds
 * (docs/performance.md). prom-client writes the text, exactly as it writes its own histogram's.
 */
export class FixedSeriesHistogram {
  readonly type = 'histogram';
  private readonly allSeries: HistogramSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's registry asks a metric only for its name and `get()`.
    registry.registerMetric(this as unknown as Metric);
  }

  /** A series, at zero, exposed from now on whether or not it is ever observed. */
  series(labels: Readonly<Record<string, string>>): HistogramSeries {
    const series = new HistogramSeries(labels, this.bounds);
    this.allSeries.push(series);
    return series;
  }

  /**
   * What prom-client's own histogram gives its registry: cumulative buckets, `+Inf`, sum and count, for each series.
   */
  get(): Promise<{ name: string; help: string; type: string; values: ExposedValue[] }> {
    const bucketName = `${this.name}_bucket`;
    const values = this.allSeries.flatMap(({ labels, counts, sum, count }) => {
      let cumulative = 0;
      return [
        ...this.bounds.map((le, bucket) => ({
          labels: { le, ...labels },
          value: (cumulative += counts[bucket] as number),
          metricName: bucketName,
        })),
        { labels: { le: '+Inf', ...labels }, value: count, metricName: bucketName },
        { labels: { ...labels }, value: sum, metricName: `${this.name}_sum` },
        { labels: { ...labels }, value: count, metricName: `${this.name}_count` },
      ];
    });
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values });
  }
}
