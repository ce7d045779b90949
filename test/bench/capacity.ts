// npm run bench:capacity: what one instance needs beside its CPU, for the operations guide's capacity
// figures: the SQLite file's bytes a pet, the server's RSS idle and a pet's share of it, and the size of
// a /metrics scrape (bytes and series), idle and after traffic has touched every route.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from './child-server.js';
import { describeMachine } from './machine.js';
import { BENCH_KEY } from './servers/seed.js';

const PETS = Number(process.env.BENCH_CAPACITY_PETS ?? 100_000);

/** A scrape of /metrics: its bytes, and its series (the lines that are not comments). */
async function scrape(port: number) {
  const text = await (await fetch(`http://127.0.0.1:${String(port)}/metrics`)).text();
  return {
    bytes: Buffer.byteLength(text),
    series: text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length,
  };
}

/** One request to each route, a refusal of each kind among them, so that every label a scrape can show has been used. */
async function touchEveryRoute(port: number): Promise<void> {
  const base = `http://127.0.0.1:${String(port)}`;
  const authorization = `Bearer ${BENCH_KEY}`;
  const json = { authorization, 'content-type': 'application/json' };
  const requests: [string, RequestInit][] = [
    ['/v1/pets', { headers: { authorization } }],
    ['/v1/pets?limit=0', { headers: { authorization } }],
    ['/v1/pets', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) }],
    ['/v1/pets', { method: 'POST', headers: json, body: '{' }],
    ['/v1/pets/1', { headers: { authorization } }],
    ['/v1/pets/999999999', { headers: { authorization } }],
    ['/v1/pets', {}],
    ['/healthz', {}],
    ['/readyz', {}],
    ['/nowhere', {}],
  ];
  for (const [path, init] of requests) await (await fetch(`${base}${path}`, init)).arrayBuffer();
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-capacity-'));
  const file = join(folder, 'petstore.db');
  try {
    const server = await startChildServer('test/bench/servers/petstore-server.ts', {
      STORAGE: 'sqlite',
      SQLITE_PATH: file,
      RATE_LIMIT: '0',
      SEED_PETS: String(PETS),
    });
    try {
      const idle = await scrape(server.port);
      const rss = await server.rss();
      await touchEveryRoute(server.port);
      const touched = await scrape(server.port);
      // The write-ahead log is folded into the file at a checkpoint; both count until then.
      const bytesOnDisk = [file, `${file}-wal`].reduce(
        (sum, path) => sum + (statSync(path, { throwIfNoEntry: false })?.size ?? 0),
        0,
      );
      const result = {
        pets: PETS,
        sqliteBytesPerPet: Math.round(bytesOnDisk / PETS),
        rssMB: Math.round(rss / 2 ** 20),
        rssBytesPerPet: Math.round((rss - (server.baselineRss ?? 0)) / PETS),
        scrapeIdle: idle,
        scrapeAfterEveryRoute: touched,
      };
      console.log(
        `\nOne instance on SQLite with ${PETS.toLocaleString('en')} pets:\n` +
          `| measure | value |\n|---|---:|\n` +
          `| SQLite file (with its write-ahead log), bytes a pet | ${String(result.sqliteBytesPerPet)} |\n` +
          `| RSS, MB | ${String(result.rssMB)} |\n` +
          `| RSS above the empty service, bytes a pet | ${String(result.rssBytesPerPet)} |\n` +
          `| /metrics idle: KB, series | ${(idle.bytes / 1024).toFixed(1)}, ${String(idle.series)} |\n` +
          `| /metrics after every route: KB, series | ${(touched.bytes / 1024).toFixed(1)}, ${String(touched.series)} |`,
      );
      writeFileSync(
        'test/bench/results/capacity-latest.json',
        `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), ...result }, null, 2)}\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
