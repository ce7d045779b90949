import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FixedSeriesHistogram } from '../../../adapters/metrics/fixed-series-histogram.js';

const BOUNDS = [0.0001, 0.001, 0.01, 0.1, 1];
const SERIES = [
  { operation: 'listPets', status_class: '2xx' },
  { operation: 'listPets', status_class: '5xx' },
  { operation: 'other', status_class: '4xx' },
];

/** The text of a histogram of each kind, both given the same observations, each of a series by its index. */
async function exposedByBoth(
  observations: readonly (readonly [series: number, value: number])[],
): Promise<{ ours: string; promClients: string }> {
  const ourRegistry = new Registry();
  const ours = new FixedSeriesHistogram('petstore_test_seconds', 'A test histogram', BOUNDS, ourRegistry);
  const ourSeries = SERIES.map((labels) => ours.series(labels));

  const theirRegistry = new Registry();
  const theirs = new Histogram({
    name: 'petstore_test_seconds',
    help: 'A test histogram',
    labelNames: ['operation', 'status_class'],
    buckets: BOUNDS,
    registers: [theirRegistry],
  });
  const theirSeries = SERIES.map((labels) => {
    theirs.zero(labels);
    return theirs.labels(labels);
  });

  for (const [series, value] of observations) {
    ourSeries[series]?.observe(value);
    theirSeries[series]?.observe(value);
  }
  return { ours: await ourRegistry.metrics(), promClients: await theirRegistry.metrics() };
}

/** Values on, around and beyond every bound: where a bucket's edge could be misplaced. */
const aDuration = fc.oneof(
  fc.constantFrom(0, ...BOUNDS, ...BOUNDS.map((bound) => bound * (1 + Number.EPSILON)), 5, 1e9),
  fc.double({ min: 0, max: 10, noNaN: true }),
);

describe('a histogram of fixed series, exposed by prom-client', () => {
  it("writes, for any observations, exactly the text prom-client's own histogram writes for them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: SERIES.length - 1 }), aDuration), { maxLength: 200 }),
        async (observations) => {
          const { ours, promClients } = await exposedByBoth(observations);
          expect(ours).toBe(promClients);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("exposes every series at zero before any observation, and counts a value on a bound in that bound's bucket", async () => {
    const { ours } = await exposedByBoth([[0, 0.001]]);
    expect(ours).toContain('petstore_test_seconds_bucket{le="0.0001",operation="listPets",status_class="2xx"} 0\n');
    expect(ours).toContain('petstore_test_seconds_bucket{le="0.001",operation="listPets",status_class="2xx"} 1\n');
    expect(ours).toContain('petstore_test_seconds_count{operation="other",status_class="4xx"} 0\n');
    expect(ours).toContain('petstore_test_seconds_sum{operation="listPets",status_class="2xx"} 0.001\n');
  });
});
