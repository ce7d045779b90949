// npm run bench:shared-limit: what sharing the rate limit through Redis (RATE_LIMIT_STORE) costs a
// request, against the same service limiting in its own buckets, measured in the same run: the
// services in one pinned process, loaded in turn (in-process.ts's method), the in-process one twice
// as the control, and a redis-server of the bench's own on the loopback, on the load generator's CPU.
// Read: the service's CPU µs a request at full speed, the Redis server's, and a request's latency
// when it is the only one in flight.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from './child-server.js';
import { pinLoadGeneratorApartFromServers } from './cpu-pinning.js';
import { differenceOf, ROUNDS, SECONDS, spreadCell, type Spread } from './in-process.js';
import { CONNECTIONS, load, median, SEED_PETS, WORKLOADS, type Sample } from './load.js';
import { describeMachine } from './machine.js';
import { startBenchRedis } from './redis-server.js';
import { percentile, sequentialLatencies } from './sequential-latency.js';

const SERVICES = ['in-process', 'shared', 'shared, not pipelined', 'in-process again'] as const;
const [IN_PROCESS, SHARED, NOT_PIPELINED, CONTROL] = [0, 1, 2, 3] as const;
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 10);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 2000);
const LATENCY_PATH = '/v1/pets/5000';

if (process.env.RATE_LIMIT_STORE !== undefined)
  throw new Error(
    'unset RATE_LIMIT_STORE: the bench starts a Redis of its own, and the in-process services must not share',
  );

interface Run {
  readonly sample: Sample;
  /** The Redis server's CPU µs a request of the run; 0 for an in-process service. */
  readonly redisMicros: number;
  /** Whether the service limited on its own for a while in the run, Redis late: such a run is left out. */
  readonly fellBack: boolean;
}

const pinning = pinLoadGeneratorApartFromServers();
const redis = await startBenchRedis(pinning?.loadGeneratorCpu);
const roundTripFolder = mkdtempSync(join(tmpdir(), 'petstore-shared-limit-'));
const roundTripFile = join(roundTripFolder, 'round-trip.json');
const server = await startChildServer(
  'test/bench/servers/shared-limit-ab-server.ts',
  { BENCH_REDIS_URL: redis.url, BENCH_ROUND_TRIP_FILE: roundTripFile, SEED_PETS: String(SEED_PETS) },
  { cpu: pinning?.serverCpu },
);
const roundTrip = JSON.parse(readFileSync(roundTripFile, 'utf8')) as { p50: number; p99: number };
rmSync(roundTripFolder, { recursive: true, force: true });
const ports = [server.port, ...server.otherPorts];
const sharesRedis = (service: number) => service === SHARED || service === NOT_PIPELINED;

/** The fall-backs a service has counted so far. */
async function fallbacksOf(port: number): Promise<number> {
  const exposition = await (await fetch(`http://127.0.0.1:${String(port)}/metrics`)).text();
  return Number(/^petstore_rate_limit_store_fallbacks_total (\d+)/m.exec(exposition)?.[1] ?? Number.NaN);
}

async function run(service: number, workload: (typeof WORKLOADS)[number]): Promise<Run> {
  if (!sharesRedis(service))
    return { sample: await load(server, workload, SECONDS, ports[service]), redisMicros: 0, fellBack: false };
  const [fallbacksBefore, redisBefore] = [await fallbacksOf(ports[service]!), await redis.cpuMicros()];
  const sample = await load(server, workload, SECONDS, ports[service]);
  const redisMicros = ((await redis.cpuMicros()) - redisBefore) / sample.requests;
  return { sample, redisMicros, fellBack: (await fallbacksOf(ports[service]!)) !== fallbacksBefore };
}

const fullSpeed = [];
const latency = SERVICES.map(() => ({ p50: [] as number[], p99: [] as number[] }));
let fallbacks: number[];
try {
  for (const workload of WORKLOADS) {
    for (let service = 0; service < ports.length; service += 1) await run(service, workload);
    const runs = ports.map(() => [] as Run[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let turn = 0; turn < ports.length; turn += 1) {
        const service = (round + turn) % ports.length;
        runs[service]!.push(await run(service, workload));
      }
    }
    fullSpeed.push(summaryOf(workload.name, runs));
    process.stderr.write(`  ${workload.name}: done\n`);
  }
  for (const port of ports) await sequentialLatencies(port, LATENCY_PATH, LATENCY_REQUESTS);
  for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
    for (let turn = 0; turn < ports.length; turn += 1) {
      const service = (round + turn) % ports.length;
      const micros = await sequentialLatencies(ports[service]!, LATENCY_PATH, LATENCY_REQUESTS);
      latency[service]!.p50.push(percentile(micros, 0.5));
      latency[service]!.p99.push(percentile(micros, 0.99));
    }
  }
  fallbacks = await Promise.all([SHARED, NOT_PIPELINED].map((service) => fallbacksOf(ports[service]!)));
} finally {
  await server.stop();
  await redis.stop();
}

function summaryOf(workload: string, runs: readonly (readonly Run[])[]) {
  /** The rounds in which `service` drew on Redis throughout, and the in-process service's in those rounds. */
  const pairs = (service: number) =>
    runs[service]!.flatMap((one, round) => (one.fellBack ? [] : [[one, runs[IN_PROCESS]![round]!] as const]));
  const cpu = (service: number) => runs[service]!.map((one) => one.sample.cpuMicrosPerRequest);
  const ratio = (service: number, measure: (sample: Sample) => number) =>
    median(pairs(service).map(([one, baseline]) => measure(one.sample) / measure(baseline.sample)));
  const against = (service: number) => ({
    cpuMicros: median(pairs(service).map(([one]) => one.sample.cpuMicrosPerRequest)),
    difference: differenceOf(
      pairs(service).map(([one]) => one.sample.cpuMicrosPerRequest),
      pairs(service).map(([, baseline]) => baseline.sample.cpuMicrosPerRequest),
    ),
    cpuRatio: ratio(service, (sample) => sample.cpuMicrosPerRequest),
    requestsPerSecondRatio: ratio(service, (sample) => sample.requestsPerSecond),
    redisMicros: median(pairs(service).map(([one]) => one.redisMicros)),
    roundsLeftOut: runs[service]!.filter((one) => one.fellBack).length,
    errors: runs[service]!.reduce((sum, one) => sum + one.sample.errors, 0),
  });
  return {
    workload,
    inProcessCpuMicros: median(cpu(IN_PROCESS)),
    shared: against(SHARED),
    notPipelined: against(NOT_PIPELINED),
    control: differenceOf(cpu(CONTROL), cpu(IN_PROCESS)),
  };
}

const ratioCell = (ratio: number) => `${ratio.toFixed(3)}x`;
console.log(
  `\nThe shared rate limit against the in-process one, ${String(CONNECTIONS)} connections at full speed, ${String(ROUNDS)} rounds of ${String(SECONDS)} s; CPU µs a request (median of the per-round differences, middle half), ratios the medians of the per-round ratios:`,
);
console.log(
  [
    '| workload | in-process, CPU µs | shared − in-process | shared / in-process | not pipelined − in-process | not pipelined / in-process | control | Redis CPU µs a request: pipelined, not | req/s: shared / in-process, not pipelined / in-process | rounds left out: pipelined, not |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...fullSpeed.map(
      (row) =>
        `| ${row.workload} | ${row.inProcessCpuMicros.toFixed(1)} | ${spreadCell(row.shared.difference)} | ${ratioCell(row.shared.cpuRatio)} | ${spreadCell(row.notPipelined.difference)} | ${ratioCell(row.notPipelined.cpuRatio)} | ${spreadCell(row.control)} | ${row.shared.redisMicros.toFixed(1)}, ${row.notPipelined.redisMicros.toFixed(1)} | ${ratioCell(row.shared.requestsPerSecondRatio)}, ${ratioCell(row.notPipelined.requestsPerSecondRatio)} | ${String(row.shared.roundsLeftOut)}, ${String(row.notPipelined.roundsLeftOut)} |`,
    ),
  ].join('\n'),
);

const latencySpread = (service: number, fraction: 'p50' | 'p99'): Spread =>
  differenceOf(latency[service]![fraction], latency[IN_PROCESS]![fraction]);
const latencyRows = SERVICES.map((name, service) => ({
  service: name,
  p50: median(latency[service]!.p50),
  p99: median(latency[service]!.p99),
  p50Added: latencySpread(service, 'p50'),
  p99Added: latencySpread(service, 'p99'),
}));
console.log(
  `\nGET ${LATENCY_PATH}, one request at a time on one connection, ${String(LATENCY_ROUNDS)} rounds of ${String(LATENCY_REQUESTS)}; µs, medians of the rounds, and the per-round differences (middle half):`,
);
console.log(
  [
    '| service | p50 | p99 | p50 − in-process | p99 − in-process |',
    '|---|---:|---:|---:|---:|',
    ...latencyRows.map(
      (row) =>
        `| ${row.service} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${spreadCell(row.p50Added)} | ${spreadCell(row.p99Added)} |`,
    ),
  ].join('\n'),
);
const errors = fullSpeed.reduce((sum, row) => sum + row.shared.errors + row.notPipelined.errors, 0);
console.log(
  `\nA Redis round trip from the service's CPU (PING, idle): p50 ${roundTrip.p50.toFixed(0)} µs, p99 ${roundTrip.p99.toFixed(0)} µs`,
);
console.log(
  `fall-backs to the instance's own buckets in the whole run (pipelined, not): ${fallbacks.join(', ')}; failed requests: ${String(errors)}`,
);
console.log(
  pinning
    ? `service on CPU ${String(pinning.serverCpu)}; load generator and Redis on CPU ${String(pinning.loadGeneratorCpu)}`
    : 'not pinned to CPUs',
);
writeFileSync(
  'test/bench/results/shared-limit-latest.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: describeMachine(),
      load: { connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS, seedPets: SEED_PETS },
      fullSpeed,
      latency: { path: LATENCY_PATH, rounds: LATENCY_ROUNDS, requests: LATENCY_REQUESTS, services: latencyRows },
      redisRoundTrip: roundTrip,
      fallbacks,
      errors,
    },
    null,
    2,
  )}\n`,
);
