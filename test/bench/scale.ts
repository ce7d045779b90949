// npm run bench:scale: latency of a filtered page and of a deep `after=` page, and memory,
// with 1,000 / 100,000 / 1,000,000 pets; for MongoDB too when TEST_MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { MongoClient } from 'mongodb';
import { startChildServer } from './child-server.js';
import { describeMachine } from './machine.js';
import { BENCH_KEY } from './servers/seed.js';

const SIZES = [1_000, 100_000, 1_000_000];
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_S = 1;

async function latency(port: number, path: string) {
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: WARMUP_S, headers: { authorization: `Bearer ${BENCH_KEY}` } });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${BENCH_KEY}` },
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requestsPerSecond: Math.round(result.requests.average) };
}

async function measure(storage: 'memory' | 'mongo', size: number, env: Record<string, string>) {
  const server = await startChildServer('test/bench/servers/petstore-server.ts', { ...env, SEED_PETS: String(size) });
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

  console.log('\n| storage | pets | sold page p50 / p99 ms | deep after= page p50 / p99 ms | RSS MB | RSS bytes/pet |\n|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.storage} | ${row.pets.toLocaleString('en')} | ${row.filtered.p50Ms} / ${row.filtered.p99Ms} | ${row.deepPage.p50Ms} / ${row.deepPage.p99Ms} | ${row.rssMB} | ${row.rssBytesPerPet} |`,
    );
  }
  const ratios = ['memory', 'mongo'].flatMap((storage) => {
    const small = rows.find((row) => row.storage === storage && row.pets === SIZES[0]);
    const large = rows.find((row) => row.storage === storage && row.pets === SIZES.at(-1));
    if (!small || !large) return [];
    return [{
      storage,
      filteredP99LargeVsSmall: large.filtered.p99Ms / small.filtered.p99Ms,
      deepPageP99LargeVsSmall: large.deepPage.p99Ms / small.deepPage.p99Ms,
      filteredP50LargeVsSmall: large.filtered.p50Ms / small.filtered.p50Ms,
      deepPageP50LargeVsSmall: large.deepPage.p50Ms / small.deepPage.p50Ms,
    }];
  });
  for (const ratio of ratios) {
    console.log(`\n${ratio.storage}: 1,000,000 vs 1,000 pets: sold page p50 ${ratio.filteredP50LargeVsSmall.toFixed(2)}x, p99 ${ratio.filteredP99LargeVsSmall.toFixed(2)}x; deep page p50 ${ratio.deepPageP50LargeVsSmall.toFixed(2)}x, p99 ${ratio.deepPageP99LargeVsSmall.toFixed(2)}x`);
  }
  writeFileSync(
    new URL('results/scale-latest.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), settings: { connections: CONNECTIONS, secondsPerRun: DURATION_S }, rows, ratios }, null, 2)}\n`,
  );
}

await main();
