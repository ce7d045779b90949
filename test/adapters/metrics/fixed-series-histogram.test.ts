import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FixedSeriesHistogram } from '../../../adapters/metrics/fixed-series-histogram.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const SERIES = [
  { operation: 'listPets', status_class: '2xx' },
  { operation: 'getPet', status_class: '4xx' },
];

/** The same observations through prom-client's own Histogram and through ours, written out by prom-client. */
async function bothExpositions(observations: readonly (readonly [number, number])[]): Promise<[string, string]> {
  const theirs = new Registry();
  const histogram = new Histogram({ name: 'h', help: 'help text', labelNames: ['operation', 'status_class'], buckets: BUCKETS, registers: [theirs] });
  for (const labels of SERIES) histogram.zero(labels);
  const ours = new Registry();
  const fixed = new FixedSeriesHistogram('h', 'help text', BUCKETS, SERIES, ours);
  for (const [series, value] of observations) {
    histogram.observe(SERIES[series]!, value);
    fixed.observe(series, value);
  }
  return [await theirs.metrics(), await ours.metrics()];
}

describe('FixedSeriesHistogram', () => {
  it("is written out exactly as prom-client's Histogram is, for any observations", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: SERIES.length - 1 }), fc.oneof(fc.constantFrom(...BUCKETS, 0, 5), fc.double({ min: 0, max: 10, noNaN: true }))), {
          maxLength: 50,
        }),
        async (observations) => {
          const [theirs, ours] = await bothExpositions(observations);
          expect(ours).toBe(theirs);
        },
      ),
      // Each run compares whole expositions of up to 50 observations; 200 runs cross every bucket edge.
      { numRuns: 200 },
    );
  });

  it('counts a value equal to a bound in that bound, and one above every bound only in +Inf', async () => {
    const [, ours] = await bothExpositions([
      [0, 0.01],
      [0, 3],
    ]);
    expect(ours).toContain('h_bucket{le="0.001",operation="listPets",status_class="2xx"} 0');
    expect(ours).toContain('h_bucket{le="0.01",operation="listPets",status_class="2xx"} 1');
    expect(ours).toContain('h_bucket{le="1",operation="listPets",status_class="2xx"} 1');
    expect(ours).toContain('h_bucket{le="+Inf",operation="listPets",status_class="2xx"} 2');
    expect(ours).toContain('h_sum{operation="listPets",status_class="2xx"} 3.01');
    expect(ours).toContain('h_count{operation="getPet",status_class="4xx"} 0');
  });

  it('starts again from zero when the registry resets its metrics', async () => {
    const registry = new Registry();
    const fixed = new FixedSeriesHistogram('h', 'help text', BUCKETS, SERIES, registry);
    fixed.observe(1, 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('h_count{operation="getPet",status_class="4xx"} 0');
    expect(await registry.metrics()).toContain('h_sum{operation="getPet",status_class="4xx"} 0');
  });
});
