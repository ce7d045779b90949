// What each feature costs a request: the service with every feature on against the same service
// with one feature off, in one pinned process, loaded in turn (in-process.ts). A price is the
// median of the per-round differences in the process's CPU µs a request; the control, the defaults
// against themselves, is what the run cannot tell from noise.
import { differenceOf, loadInTurn, spreadCell, type Spread } from './in-process.js';
import { median, type Workload } from './load.js';
import { PRICED_FEATURES } from './servers/features.js';

const FEATURES = Object.keys(PRICED_FEATURES) as (keyof typeof PRICED_FEATURES)[];

export interface Prices {
  readonly workload: string;
  /** CPU µs a request with every feature on, and with all of them off. */
  readonly cpuMicrosAllOn: number;
  readonly cpuMicrosAllOff: number;
  /** Every feature on minus that feature off. */
  readonly byFeature: Readonly<Record<(typeof FEATURES)[number], Spread>>;
  /** Every feature on minus all of them off. */
  readonly allFeatures: Spread;
  /** Every feature on, twice: ideally 0. */
  readonly control: Spread;
  readonly rounds: number;
}

/** The prices of this checkout's service, or of the one built in another checkout at `root`. */
export async function measurePrices(
  workloads: readonly Workload[],
  cpu: number | undefined,
  root?: string,
): Promise<Prices[]> {
  const results = await loadInTurn('test/bench/servers/price-list-server.ts', {}, workloads, cpu, root);
  return results.map(({ workload, cpuMicros, rounds }) => {
    // The server's order: all on, each feature off (FEATURES' order), all off, all on again.
    const [allOn, ...rest] = cpuMicros as [number[], ...number[][]];
    const allOff = rest[FEATURES.length]!;
    const again = rest[FEATURES.length + 1]!;
    const prices: Prices = {
      workload,
      cpuMicrosAllOn: median([...allOn]),
      cpuMicrosAllOff: median([...allOff]),
      byFeature: Object.fromEntries(
        FEATURES.map((feature, index) => [feature, differenceOf(allOn, rest[index]!)]),
      ) as Prices['byFeature'],
      allFeatures: differenceOf(allOn, allOff),
      control: differenceOf(again, allOn),
      rounds,
    };
    process.stderr.write(
      `  prices ${workload}: ${FEATURES.map((feature) => `${feature} ${prices.byFeature[feature].median.toFixed(1)}`).join(', ')} µs; control ${prices.control.median.toFixed(1)} µs\n`,
    );
    return prices;
  });
}

/** The price list as a Markdown table: median (middle half) of the per-round differences. */
export function priceListTable(prices: readonly Prices[]): string {
  return [
    `| workload | CPU µs a request, all on | all off | ${FEATURES.join(' | ')} | all three | control: all on − all on |`,
    `|---|---:|---:|${FEATURES.map(() => '---:').join('|')}|---:|---:|`,
    ...prices.map(
      (row) =>
        `| ${row.workload} | ${row.cpuMicrosAllOn.toFixed(1)} | ${row.cpuMicrosAllOff.toFixed(1)} | ${FEATURES.map((feature) => spreadCell(row.byFeature[feature])).join(' | ')} | ${spreadCell(row.allFeatures)} | ${spreadCell(row.control)} |`,
    ),
  ].join('\n');
}
