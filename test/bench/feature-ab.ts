// The A/B of metrics and the rate limit, in the same pinned run as the rest of the bench: one
// process serving the service three times, with both features on, off, and off again as a control
// (see servers/petstore-ab-server.ts), loaded in turn, the order rotating from one round to the
// next, so that drift hits all alike. What it reports is the server's CPU time per request, which
// is what the features add to; and, from the control, how far two services that are alike differ
// in the same run: an overhead smaller than that is not told apart from noise here.
import { startChildServer } from './child-server.js';
import { load, median, SEED_PETS, type Workload } from './load.js';

const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 10);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 2);

export interface Spread {
  /** The median over the rounds of the per-round difference, in CPU µs a request. */
  readonly median: number;
  /** The middle half of the per-round differences. */
  readonly quartiles: readonly [number, number];
}

export interface FeatureCost {
  readonly workload: string;
  readonly cpuMicrosOn: number;
  readonly cpuMicrosOff: number;
  /** On minus off. */
  readonly overhead: Spread;
  /** Off again minus off: the same service twice, so ideally 0. */
  readonly control: Spread;
  readonly rounds: number;
}

function spreadOf(differences: number[]): Spread {
  const sorted = [...differences].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.round((sorted.length - 1) * fraction)] ?? Number.NaN;
  return { median: median(differences), quartiles: [at(0.25), at(0.75)] };
}

export function measureFeatureCost(workloads: readonly Workload[], cpu: number | undefined): Promise<FeatureCost[]> {
  return measureInProcessAb('test/bench/servers/petstore-ab-server.ts', {}, workloads, cpu);
}

/**
 * The A/B itself, for any server script that serves A on its `port` and B and B again on its
 * `otherPorts`: each round loads the three in turn, the order rotating, and reads the process's CPU
 * time per request. `on` is A, `off` is B, the control is B again minus B.
 */
export async function measureInProcessAb(
  script: string,
  env: Record<string, string>,
  workloads: readonly Workload[],
  cpu: number | undefined,
): Promise<FeatureCost[]> {
  const server = await startChildServer(script, { ...env, SEED_PETS: String(SEED_PETS) }, { cpu });
  const [offPort, controlPort] = server.otherPorts;
  if (offPort === undefined || controlPort === undefined) throw new Error('the A/B server did not say where its other services listen');
  const ports = [server.port, offPort, controlPort];
  try {
    const costs: FeatureCost[] = [];
    for (const workload of workloads) {
      for (const port of ports) await load(server, workload, SECONDS, port);
      /** CPU µs a request of each service, by round, in the order of `ports`. */
      const runs = ports.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let turn = 0; turn < ports.length; turn += 1) {
          const service = (round + turn) % ports.length;
          runs[service]!.push((await load(server, workload, SECONDS, ports[service])).cpuMicrosPerRequest);
        }
      }
      const [on, off, control] = runs as [number[], number[], number[]];
      const cost: FeatureCost = {
        workload: workload.name,
        cpuMicrosOn: median(on),
        cpuMicrosOff: median(off),
        overhead: spreadOf(on.map((micros, round) => micros - off[round]!)),
        control: spreadOf(control.map((micros, round) => micros - off[round]!)),
        rounds: ROUNDS,
      };
      process.stderr.write(`  A/B ${workload.name}: ${cost.overhead.median.toFixed(1)} µs a request; control ${cost.control.median.toFixed(1)} µs\n`);
      costs.push(cost);
    }
    return costs;
  } finally {
    await server.stop();
  }
}

const spreadCell = ({ median: middle, quartiles }: Spread) => `${middle.toFixed(1)} (${quartiles.map((value) => value.toFixed(1)).join(' to ')})`;

/** The A/B as a table for the console and the README. */
export function featureCostTable(costs: readonly FeatureCost[]): string {
  const rows = costs.map(
    (cost) => `| ${cost.workload} | ${cost.cpuMicrosOn.toFixed(1)} | ${cost.cpuMicrosOff.toFixed(1)} | ${spreadCell(cost.overhead)} | ${spreadCell(cost.control)} |`,
  );
  return [
    '| workload | CPU µs a request, features on | off | on − off, median (middle half) | control: off − off |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
