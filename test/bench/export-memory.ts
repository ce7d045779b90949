// npm run bench:export: the memory `petstore pets export` needs for 1,000,000 pets.
// - Over MongoDB (when TEST_MONGODB_URI is set): the built command as its own process, its peak
//   RSS held to the 150 MB target, and as a ratio to the same command listing one page (baseline).
// - Over memory storage, in one process: the RSS the export adds to a process holding the pets,
//   as a ratio to what holding them costs. (A memory catalogue lives in one process only.)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { runCli } from '../../adapters/cli/run-cli.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { MongoPetRepository } from '../../adapters/persistence/mongo/mongo-pet-repository.js';
import type { PetRestore } from '../../core/ports.js';
import { PET_STATUSES, type Pet } from '../../core/pet.js';
import { NO_SERVICE, useCasesOver } from '../support/cli-in-process.js';
import { describeMachine } from './machine.js';

const PETS = Number(process.env.BENCH_EXPORT_PETS ?? 1_000_000);
const TARGET_PEAK_RSS_MB = 150;
const BATCH = 1000;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REPORT_MAX_RSS = new URL('./report-max-rss.js', import.meta.url).href;
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

function petsInBatches(count: number): Pet[][] {
  const batches: Pet[][] = [];
  for (let first = 1; first <= count; first += BATCH) {
    batches.push(
      Array.from({ length: Math.min(BATCH, count - first + 1) }, (_, index) => {
        const id = first + index;
        const status = [...PET_STATUSES, undefined][id % 4];
        return { id, name: `Pet number ${id}`, categoryId: id % 50, ...(status === undefined ? {} : { status }) };
      }),
    );
  }
  return batches;
}

async function seed(store: PetRestore, count: number): Promise<void> {
  for (const batch of petsInBatches(count)) await store.restore(batch);
}

/** Runs the built command as a user would, its stdout read as fast as it comes; its lines and peak RSS. */
function commandPeak(args: string[], env: Record<string, string>): Promise<{ lines: number; peakRssBytes: number }> {
  const child = spawn(process.execPath, ['--import', REPORT_MAX_RSS, 'dist/app/cli.js', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      const last = stderr.trimEnd().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`petstore ${args.join(' ')} exited ${String(code)}: ${stderr}`));
      else resolve({ lines, peakRssBytes: (JSON.parse(last) as { maxRssBytes: number }).maxRssBytes });
    });
  });
}

async function overMongo(uri: string) {
  const database = `petstore_bench_export_${randomUUID().slice(0, 8)}`;
  const client = new MongoClient(uri);
  try {
    const repository = new MongoPetRepository(client.db(database));
    await repository.ensureIndexes();
    const seeding = Date.now();
    await seed(repository, PETS);
    console.log(`mongo: ${PETS} pets restored in ${Math.round((Date.now() - seeding) / 1000)} s`);
    const env = { STORAGE: 'mongo', MONGODB_URI: uri, MONGODB_DB: database };
    const baseline = await commandPeak(['pets', 'list', '--limit', '1', '--json'], env);
    const exporting = Date.now();
    const exported = await commandPeak(['pets', 'export'], env);
    const seconds = (Date.now() - exporting) / 1000;
    if (exported.lines !== PETS) throw new Error(`the export wrote ${exported.lines} lines for ${PETS} pets`);
    return {
      pets: PETS,
      exportSeconds: Math.round(seconds * 10) / 10,
      exportPeakRssMb: mb(exported.peakRssBytes),
      baselinePeakRssMb: mb(baseline.peakRssBytes),
      peakRatioToBaseline: Math.round((exported.peakRssBytes / baseline.peakRssBytes) * 100) / 100,
      targetPeakRssMb: TARGET_PEAK_RSS_MB,
      met: exported.peakRssBytes < TARGET_PEAK_RSS_MB * MB,
    };
  } finally {
    await client.db(database).dropDatabase();
    await client.close();
  }
}

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

async function overMemory(count: number) {
  collectGarbage();
  const before = process.memoryUsage.rss();
  const store = new InMemoryPetRepository();
  await seed(store, count);
  collectGarbage();
  const holding = process.memoryUsage.rss();
  let peak = holding;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  let bytes = 0;
  // A reader slower than the export: one chunk a turn of the event loop.
  const reader = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  const useCases = useCasesOver(store);
  const code = await runCli(
    ['pets', 'export'],
    {
      useCase: (name) => Promise.resolve(useCases[name]),
      newApiKey: () => ({ key: '', digest: '' }),
      watchInterrupts: () => ({ signal: new AbortController().signal, release: () => undefined }),
      ...NO_SERVICE,
    },
    {
      out: () => undefined,
      err: (text) => process.stderr.write(text),
      pipe: (chunks) => pipeline(Readable.from(chunks, { objectMode: false }), reader),
    },
  );
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the export exited ${code}`);
  const storeBytes = holding - before;
  return {
    pets: count,
    exportedMb: mb(bytes),
    storeRssMb: mb(storeBytes),
    exportAddedRssMb: mb(peak - holding),
    addedBytes: peak - holding,
  };
}

/** Constant memory: the RSS an export adds is the same for a tenth of the pets as for all of them. */
async function overMemoryAtTwoSizes() {
  const tenth = await overMemory(PETS / 10);
  const all = await overMemory(PETS);
  return {
    sizes: [tenth, all].map(({ pets, exportedMb, storeRssMb, exportAddedRssMb }) => ({
      pets,
      exportedMb,
      storeRssMb,
      exportAddedRssMb,
    })),
    addedRssRatioAllToTenth: Math.round((all.addedBytes / tenth.addedBytes) * 100) / 100,
    exportAddedRatioToStore: Math.round((all.addedBytes / (all.storeRssMb * MB)) * 1000) / 1000,
    emptyCommandPeakRssMb: mb((await commandPeak(['pets', 'export'], {})).peakRssBytes),
  };
}

const memory = await overMemoryAtTwoSizes();
console.log('memory storage, in one process:', JSON.stringify(memory, null, 2));
const uri = process.env.TEST_MONGODB_URI;
const mongo = uri === undefined ? undefined : await overMongo(uri);
if (mongo === undefined)
  console.log('MongoDB export run skipped: set TEST_MONGODB_URI=mongodb://host:27017 to include it.');
else console.log('mongo storage, the built command as a process:', JSON.stringify(mongo, null, 2));
writeFileSync(
  `${ROOT}test/bench/results/export-latest.json`,
  `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), memory, mongo: mongo ?? 'skipped: TEST_MONGODB_URI not set' }, null, 2)}\n`,
);
if (mongo !== undefined && !mongo.met) {
  console.error(`export peak RSS ${mongo.exportPeakRssMb} MB is over the ${TARGET_PEAK_RSS_MB} MB target`);
  process.exitCode = 1;
}
