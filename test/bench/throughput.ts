// npm run bench: this service against a bare Koa server and a bare node:http server, in
// one run, interleaved (A B C A B C) so that drift on a noisy machine hits all of them alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from './child-server.js';
import { pinLoadGeneratorApartFromServers } from './cpu-pinning.js';
import { measurePrices, priceListTable } from './price-list.js';
import { measureFeatureWork } from './feature-work.js';
import { CONNECTIONS, load, median, SEED_PETS, WORKLOADS, type Sample } from './load.js';
import { describeMachine } from './machine.js';

/**
 * petstore runs with metrics and the rate limit on, as by default; the limit is set out of reach so
 * that the load, one key at thousands of requests a second, is measured and not refused (a bucket
 * costs the same whatever its limit). What each feature costs is the price list after (price-list.ts).
 */
const BASELINE = process.env.BENCH_BASELINE;
const BENCH_FOLDER = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
const SERVERS = [
  { name: 'petstore', script: 'test/bench/servers/petstore-server.ts', env: { RATE_LIMIT: '1000000000' } },
  // The same service on SQLite (a fresh file, SQLITE_SYNCHRONOUS as SQLITE_BENCH_SYNCHRONOUS says, normal by default).
  {
    name: 'petstore-sqlite',
    script: 'test/bench/servers/petstore-server.ts',
    env: {
      RATE_LIMIT: '1000000000',
      STORAGE: 'sqlite',
      SQLITE_PATH: join(BENCH_FOLDER, 'petstore.db'),
      SQLITE_SYNCHRONOUS: process.env.SQLITE_BENCH_SYNCHRONOUS ?? 'normal',
    },
  },
  { name: 'bare-koa', script: 'test/bench/servers/bare-koa-server.ts', env: {} },
  // Diagnostic, not a target: how much of the gap to bare Koa one log line a request accounts for.
  { name: 'koa+log', script: 'test/bench/servers/bare-koa-server.ts', env: { ACCESS_LOG: '1' } },
  // Diagnostic too: bare Koa with this service's response headers and access line, and nothing else.
  { name: 'koa+outputs', script: 'test/bench/servers/bare-koa-server.ts', env: { SERVICE_OUTPUTS: '1' } },
  { name: 'bare-node', script: 'test/bench/servers/bare-node-server.ts', env: {} },
  // Another checkout of this project, built with `npm run build:bench`: the same service as it was there.
  ...(BASELINE === undefined
    ? []
    : [
        {
          name: 'petstore@baseline',
          script: 'test/bench/servers/petstore-server.ts',
          env: { RATE_LIMIT: '1000000000' },
          root: BASELINE,
        },
        {
          name: 'petstore-sqlite@baseline',
          script: 'test/bench/servers/petstore-server.ts',
          env: {
            RATE_LIMIT: '1000000000',
            STORAGE: 'sqlite',
            SQLITE_PATH: join(BENCH_FOLDER, 'baseline.db'),
            SQLITE_SYNCHRONOUS: process.env.SQLITE_BENCH_SYNCHRONOUS ?? 'normal',
          },
          root: BASELINE,
        },
      ]),
] as const satisfies readonly { name: string; script: string; env: Record<string, string>; root?: string }[];
type ServerName = (typeof SERVERS)[number]['name'];

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 2;

async function main(): Promise<void> {
  const pinning = pinLoadGeneratorApartFromServers();
  const servers = new Map<ServerName, ChildServer>();
  for (const server of SERVERS) {
    const root = 'root' in server ? server.root : undefined;
    servers.set(
      server.name,
      await startChildServer(
        server.script,
        { ...server.env, SEED_PETS: String(SEED_PETS) },
        { cpu: pinning?.serverCpu, root },
      ),
    );
  }
  const samples = new Map<string, Sample[]>();
  /** One server's runs of one workload, in round order: round n of every server at index n-1. */
  const runsOf = (workload: string, server: ServerName): Sample[] => {
    const key = `${workload}|${server}`;
    if (!samples.has(key)) samples.set(key, []);
    return samples.get(key)!;
  };
  try {
    for (const workload of WORKLOADS) {
      for (const { name } of SERVERS) await load(servers.get(name)!, workload, WARMUP_S);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const { name } of SERVERS) {
          const sample = await load(servers.get(name)!, workload, DURATION_S);
          runsOf(workload.name, name).push(sample);
          process.stderr.write(
            `  ${workload.name} / ${name} / round ${round}: ${Math.round(sample.requestsPerSecond)} req/s\n`,
          );
        }
      }
    }
  } finally {
    for (const server of servers.values()) await server.stop();
  }

  const rows = WORKLOADS.flatMap((workload) =>
    SERVERS.map(({ name }) => {
      const runs = runsOf(workload.name, name);
      return {
        workload: workload.name,
        server: name,
        requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
        p50Ms: median(runs.map((run) => run.p50)),
        p99Ms: median(runs.map((run) => run.p99)),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        cpuMicrosPerRequest: median(runs.map((run) => run.cpuMicrosPerRequest)),
      };
    }),
  );
  // Each round's ratio compares runs seconds apart; their median is steadier than a ratio of medians.
  const ratios = WORKLOADS.map((workload) => {
    const ours = runsOf(workload.name, 'petstore');
    const perRoundOf = (server: ServerName, against: ServerName, measure: (sample: Sample) => number) =>
      median(
        runsOf(workload.name, server).map(
          (sample, round) => measure(sample) / measure(runsOf(workload.name, against)[round]!),
        ),
      );
    const perRound = (against: ServerName, measure: (sample: Sample) => number) =>
      perRoundOf('petstore', against, measure);
    return {
      workload: workload.name,
      throughputVsKoa: perRound('bare-koa', (sample) => sample.requestsPerSecond),
      throughputVsKoaWithLog: perRound('koa+log', (sample) => sample.requestsPerSecond),
      throughputVsKoaWithOutputs: perRound('koa+outputs', (sample) => sample.requestsPerSecond),
      throughputVsNode: perRound('bare-node', (sample) => sample.requestsPerSecond),
      p99VsKoa: perRound('bare-koa', (sample) => sample.p99),
      ...(BASELINE === undefined
        ? {}
        : {
            throughputVsBaseline: perRound('petstore@baseline', (sample) => sample.requestsPerSecond),
            cpuVsBaseline: perRound('petstore@baseline', (sample) => sample.cpuMicrosPerRequest),
            sqliteVsKoaAtBaseline: perRoundOf(
              'petstore-sqlite@baseline',
              'bare-koa',
              (sample) => sample.requestsPerSecond,
            ),
            sqliteCpuVsBaseline: perRoundOf(
              'petstore-sqlite',
              'petstore-sqlite@baseline',
              (sample) => sample.cpuMicrosPerRequest,
            ),
          }),
      sqliteVsKoa: perRoundOf('petstore-sqlite', 'bare-koa', (sample) => sample.requestsPerSecond),
      sqliteVsMemory: median(
        runsOf(workload.name, 'petstore-sqlite').map(
          (sample, round) => sample.requestsPerSecond / ours[round]!.requestsPerSecond,
        ),
      ),
      // autocannon reads p99 in whole milliseconds: a ratio of 1 ms steps, the median over the rounds.
      sqliteP99VsMemory: perRoundOf('petstore-sqlite', 'petstore', (sample) => sample.p99),
    };
  });

  console.log('\n| workload | server | req/s | p50 ms | p99 ms | errors |\n|---|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.workload} | ${row.server} | ${row.requestsPerSecond} | ${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.errors} |`,
    );
  }
  console.log(
    '\n| workload | req/s vs bare Koa | p99 vs bare Koa | req/s vs Koa + log | req/s vs Koa + our headers and log line | req/s vs bare node |\n|---|---:|---:|---:|---:|---:|',
  );
  for (const ratio of ratios) {
    const cells = [
      ratio.throughputVsKoa,
      ratio.p99VsKoa,
      ratio.throughputVsKoaWithLog,
      ratio.throughputVsKoaWithOutputs,
      ratio.throughputVsNode,
    ].map((value) => `${value.toFixed(2)}x`);
    console.log(`| ${ratio.workload} | ${cells.join(' | ')} |`);
  }
  console.log(
    `\n| workload | SQLite storage vs memory storage, req/s | SQLite storage vs bare Koa, req/s | SQLite p99 ms | memory p99 ms | SQLite p99 vs memory p99 (median of ${String(ROUNDS)} rounds) |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const ratio of ratios) {
    const p99Of = (server: ServerName) =>
      rows.find((row) => row.workload === ratio.workload && row.server === server)?.p99Ms ?? Number.NaN;
    console.log(
      `| ${ratio.workload} | ${ratio.sqliteVsMemory.toFixed(2)}x | ${ratio.sqliteVsKoa.toFixed(2)}x | ${p99Of('petstore-sqlite').toFixed(0)} | ${p99Of('petstore').toFixed(0)} | ${ratio.sqliteP99VsMemory.toFixed(2)}x |`,
    );
  }
  if (BASELINE !== undefined) {
    console.log(
      `\n| workload | req/s vs ${BASELINE} | CPU µs a request vs ${BASELINE} | SQLite: CPU µs a request vs ${BASELINE} | SQLite at ${BASELINE} vs bare Koa, req/s |\n|---|---:|---:|---:|---:|`,
    );
    for (const ratio of ratios) {
      const cells = [
        ratio.throughputVsBaseline,
        ratio.cpuVsBaseline,
        ratio.sqliteCpuVsBaseline,
        ratio.sqliteVsKoaAtBaseline,
      ].map((value) => `${value?.toFixed(3) ?? '?'}x`);
      console.log(`| ${ratio.workload} | ${cells.join(' | ')} |`);
    }
  }
  console.log(
    pinning
      ? `\nservers on CPU ${pinning.serverCpu}, load generator on CPU ${pinning.loadGeneratorCpu}`
      : '\nnot pinned to CPUs',
  );

  const prices = await measurePrices(WORKLOADS, pinning?.serverCpu);
  const baselinePrices =
    BASELINE === undefined ? undefined : await measurePrices(WORKLOADS, pinning?.serverCpu, BASELINE);
  const featureWork = await measureFeatureWork();
  console.log(
    `\nThe price list: every feature on minus that feature off, in one process (CPU µs a request):\n${priceListTable(prices)}`,
  );
  if (baselinePrices !== undefined)
    console.log(`\nThe price list at ${String(BASELINE)}:\n${priceListTable(baselinePrices)}`);
  console.log(
    `\nTheir own work, timed alone: ${featureWork.micros.toFixed(2)} µs a request ` +
      `(middle half ${featureWork.quartiles.map((value) => value.toFixed(2)).join(' to ')})`,
  );

  const report = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    cpuPinning: pinning ?? 'none',
    settings: {
      seedPets: SEED_PETS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      secondsPerRun: DURATION_S,
      warmupSeconds: WARMUP_S,
    },
    rows,
    ratios,
    prices,
    ...(baselinePrices === undefined ? {} : { baselinePrices }),
    metricsAndRateLimitOwnWork: featureWork,
  };
  writeFileSync('test/bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
  rmSync(BENCH_FOLDER, { recursive: true, force: true });
}

await main();
