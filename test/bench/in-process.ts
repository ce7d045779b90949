// Several services in one pinned process, loaded in turn, the order rotating from one round to the
// next, so that drift hits all alike. In one process they share the heap, the JIT and the CPU; what
// is read is the process's CPU time per request, so differences of a microsecond show. A server
// script for it serves its first service on its `port` and the others on its `otherPorts`.
import { startChildServer } from './child-server.js';
import { load, median, SEED_PETS, type Workload } from './load.js';

export const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 10);
export const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 2);

export interface Spread {
  /** The median over the rounds of the per-round difference, in CPU µs a request. */
  readonly median: number;
  /** The middle half of the per-round differences. */
  readonly quartiles: readonly [number, number];
}

export function spreadOf(differences: number[]): Spread {
  const sorted = [...differences].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.round((sorted.length - 1) * fraction)] ?? Number.NaN;
  return { median: median(differences), quartiles: [at(0.25), at(0.75)] };
}

/** `a` minus `b`, round by round. */
export function differenceOf(a: readonly number[], b: readonly number[]): Spread {
  return spreadOf(a.map((micros, round) => micros - b[round]!));
}

export const spreadCell = ({ median: middle, quartiles }: Spread) =>
  `${middle.toFixed(1)} (${quartiles.map((value) => value.toFixed(1)).join(' to ')})`;

export interface InTurn {
  readonly workload: string;
  /** CPU µs a request of each service (in the server's order: `port`, then `otherPorts`), by round. */
  readonly cpuMicros: readonly (readonly number[])[];
  readonly rounds: number;
}

export async function loadInTurn(
  script: string,
  env: Record<string, string>,
  workloads: readonly Workload[],
  cpu: number | undefined,
  root?: string,
): Promise<InTurn[]> {
  const server = await startChildServer(script, { ...env, SEED_PETS: String(SEED_PETS) }, { cpu, root });
  const ports = [server.port, ...server.otherPorts];
  try {
    const results: InTurn[] = [];
    for (const workload of workloads) {
      for (const port of ports) await load(server, workload, SECONDS, port);
      const runs = ports.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let turn = 0; turn < ports.length; turn += 1) {
          const service = (round + turn) % ports.length;
          runs[service]!.push((await load(server, workload, SECONDS, ports[service])).cpuMicrosPerRequest);
        }
      }
      results.push({ workload: workload.name, cpuMicros: runs, rounds: ROUNDS });
    }
    return results;
  } finally {
    await server.stop();
  }
}

/** The first service (A) against the second (B) on one workload, the third (B again) as the control. */
export interface AbCost {
  readonly workload: string;
  readonly cpuMicrosA: number;
  readonly cpuMicrosB: number;
  readonly difference: Spread;
  readonly control: Spread;
  readonly rounds: number;
}

/** A server's three services loaded in turn, as A against B with B again for the control. */
export function abCosts(results: readonly InTurn[]): AbCost[] {
  return results.map(({ workload, cpuMicros: [a = [], b = [], control = []], rounds }) => ({
    workload,
    cpuMicrosA: median([...a]),
    cpuMicrosB: median([...b]),
    difference: differenceOf(a, b),
    control: differenceOf(control, b),
    rounds,
  }));
}

/** The Markdown table of an A/B, its columns named for what A and B are. */
export function abTable(costs: readonly AbCost[], [a, b]: readonly [string, string]): string {
  const rows = costs.map(
    (cost) =>
      `| ${cost.workload} | ${cost.cpuMicrosA.toFixed(1)} | ${cost.cpuMicrosB.toFixed(1)} | ${spreadCell(cost.difference)} | ${(cost.cpuMicrosA / cost.cpuMicrosB).toFixed(3)}x | ${spreadCell(cost.control)} |`,
  );
  return [
    `| workload | ${a} | ${b} | ${a} − ${b} | ${a} / ${b} | control: ${b} − ${b} |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
