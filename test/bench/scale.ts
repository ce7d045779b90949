// npm run bench:scale: latency of a filtered page and of a deep `after=` page, and memory,
// with 1,000 / 100,000 / 1,000,000 pets, on memory and SQLite storage; MongoDB too when TEST_MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, get as httpGet } from 'node:http';
import { MongoClient } from 'mongodb';
import { startChildServer } from './child-server.js';
import { describeMachine } from './machine.js';
import { BENCH_KEY } from './servers/seed.js';

const SIZES = [1_000, 100_000, 1_000_000];
const WARMUP_REQUESTS = 500;
const TIMED_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);

/**
 * Latency of one request at a time over a kept-alive connection, timed in microseconds:
 * at these speeds a load generator's whole-millisecond percentiles cannot tell sizes apart.
 */
async function latency(port: number, path: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const request = httpGet(
        { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${BENCH_KEY}` } },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`${path}: status ${String(response.statusCode)}`));
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
    });
  for (let index = 0; index < WARMUP_REQUESTS; index += 1) await once();
  const micros: number[] = [];
  for (let index = 0; index < TIMED_REQUESTS; index += 1) {
    const start = process.hrtime.bigint();
    await once();
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  agent.destroy();
  micros.sort((a, b) => a - b);
  const at = (quantile: number) =>
    Math.round(micros[Math.min(micros.length - 1, Math.floor(quantile * micros.length))]!);
  return { p50Us: at(0.5), p99Us: at(0.99) };
}

async function measure(storage: 'memory' | 'sqlite' | 'mongo', size: number, env: Record<string, string>) {
  // The rate limit is off: one key sends far more than a minute's quota here, and latency is what is measured.
  const server = await startChildServer('test/bench/servers/petstore-server.ts', {
    ...env,
    RATE_LIMIT: '0',
    SEED_PETS: String(size),
  });
  try {
    const rss = await server.rss();
    const filtered = await latency(server.port, '/v1/pets?status=sold&limit=100');
    const deepPage = await latency(server.port, `/v1/pets?limit=100&after=${size - 150}`);
    const row = {
      storage,
      pets: size,
      filtered,
      deepPage,
      rssMB: Math.round(rss / 2 ** 20),
      rssBytesPerPet: Math.round((rss - (server.baselineRss ?? 0)) / size),
    };
    process.stderr.write(`  ${storage} ${size}: ${JSON.stringify(row)}\n`);
    return row;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (const size of SIZES) rows.push(await measure('memory', size, { STORAGE: 'memory' }));
  for (const size of SIZES) {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-bench-'));
    try {
      rows.push(await measure('sqlite', size, { STORAGE: 'sqlite', SQLITE_PATH: join(folder, 'petstore.db') }));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const mongoUri = process.env.TEST_MONGODB_URI;
  if (mongoUri) {
    const client = new MongoClient(mongoUri);
    for (const size of SIZES) {
      const database = `petstore_bench_${randomUUID().slice(0, 8)}`;
      try {
        rows.push(await measure('mongo', size, { STORAGE: 'mongo', MONGODB_URI: mongoUri, MONGODB_DB: database }));
      } finally {
        await client.db(database).dropDatabase();
      }
    }
    await client.close();
  } else {
    console.log('MongoDB scale runs skipped: set TEST_MONGODB_URI=mongodb://host:27017 to include them.');
  }

  console.log(
    '\n| storage | pets | sold page p50 / p99 µs | deep after= page p50 / p99 µs | RSS MB | RSS bytes/pet |\n|---|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) {
    console.log(
      `| ${row.storage} | ${row.pets.toLocaleString('en')} | ${row.filtered.p50Us} / ${row.filtered.p99Us} | ${row.deepPage.p50Us} / ${row.deepPage.p99Us} | ${row.rssMB} | ${row.rssBytesPerPet} |`,
    );
  }
  const ratios = ['memory', 'sqlite', 'mongo'].flatMap((storage) => {
    const small = rows.find((row) => row.storage === storage && row.pets === SIZES[0]);
    const large = rows.find((row) => row.storage === storage && row.pets === SIZES.at(-1));
    if (!small || !large) return [];
    return [
      {
        storage,
        filteredP99LargeVsSmall: large.filtered.p99Us / small.filtered.p99Us,
        deepPageP99LargeVsSmall: large.deepPage.p99Us / small.deepPage.p99Us,
        filteredP50LargeVsSmall: large.filtered.p50Us / small.filtered.p50Us,
        deepPageP50LargeVsSmall: large.deepPage.p50Us / small.deepPage.p50Us,
      },
    ];
  });
  for (const ratio of ratios) {
    console.log(
      `\n${ratio.storage}: 1,000,000 vs 1,000 pets: sold page p50 ${ratio.filteredP50LargeVsSmall.toFixed(2)}x, p99 ${ratio.filteredP99LargeVsSmall.toFixed(2)}x; deep page p50 ${ratio.deepPageP50LargeVsSmall.toFixed(2)}x, p99 ${ratio.deepPageP99LargeVsSmall.toFixed(2)}x`,
    );
  }
  writeFileSync(
    'test/bench/results/scale-latest.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), settings: { warmupRequests: WARMUP_REQUESTS, timedRequests: TIMED_REQUESTS, oneRequestAtATime: true }, rows, ratios }, null, 2)}\n`,
  );
}

await main();
