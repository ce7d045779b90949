// npm run bench:compare: this build against the one in the checkout BENCH_BASELINE names (built there
// with npm run build:bench), served side by side in one pinned process and loaded in turn, with the
// baseline twice as the control; the same method as the price list (in-process.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinLoadGeneratorApartFromServers } from './cpu-pinning.js';
import { abCosts, abTable, loadInTurn } from './in-process.js';
import { MIXED_WORKLOAD, WORKLOADS } from './load.js';
import { describeMachine } from './machine.js';

const baseline = process.env.BENCH_BASELINE;
if (baseline === undefined)
  throw new Error('set BENCH_BASELINE to another checkout of this project, built with npm run build:bench');
const pinning = pinLoadGeneratorApartFromServers();
// STORAGE=sqlite compares the builds on SQLite, each service on a fresh file in this folder.
const sqliteFolder = process.env.STORAGE === 'sqlite' ? mkdtempSync(join(tmpdir(), 'petstore-ab-')) : undefined;
const results = await loadInTurn(
  'test/bench/servers/build-ab-server.ts',
  { BENCH_BASELINE: baseline, ...(sqliteFolder === undefined ? {} : { BENCH_SQLITE_FOLDER: sqliteFolder }) },
  [...WORKLOADS, MIXED_WORKLOAD],
  pinning?.serverCpu,
).finally(() => {
  if (sqliteFolder !== undefined) rmSync(sqliteFolder, { recursive: true, force: true });
});
const costs = abCosts(results);
console.log(
  `\nThis build against ${baseline}${sqliteFolder === undefined ? '' : ' on SQLite'}, CPU µs a request (median of the per-round differences, middle half):`,
);
console.log(abTable(costs, ['this build', 'baseline']));
console.log(
  pinning
    ? `\nservers on CPU ${pinning.serverCpu}, load generator on CPU ${pinning.loadGeneratorCpu}`
    : '\nnot pinned to CPUs',
);
/** The baseline by its commit, which names it wherever the checkout was. */
const baselineCommit = execFileSync('git', ['-C', baseline, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const thisCommit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
writeFileSync(
  'test/bench/results/compare-latest.json',
  `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), commit: thisCommit, baselineCommit, costs }, null, 2)}\n`,
);
