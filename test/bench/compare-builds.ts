// npm run bench:compare: this build against the one in the checkout BENCH_BASELINE names (built there
// with npm run build:bench), served side by side in one pinned process and loaded in turn, with the
// baseline twice as the control; the same method as the metrics and rate limit A/B (feature-ab.ts).
import { writeFileSync } from 'node:fs';
import { pinLoadGeneratorApartFromServers } from './cpu-pinning.js';
import { measureInProcessAb, type FeatureCost } from './feature-ab.js';
import { WORKLOADS } from './load.js';
import { describeMachine } from './machine.js';

const baseline = process.env.BENCH_BASELINE;
if (baseline === undefined) throw new Error('set BENCH_BASELINE to another checkout of this project, built with npm run build:bench');
const pinning = pinLoadGeneratorApartFromServers();
const costs = await measureInProcessAb('test/bench/servers/build-ab-server.ts', { BENCH_BASELINE: baseline }, WORKLOADS, pinning?.serverCpu);

const cell = ({ median, quartiles }: FeatureCost['overhead']) => `${median.toFixed(1)} (${quartiles.map((value) => value.toFixed(1)).join(' to ')})`;
console.log(`\nThis build against ${baseline}, CPU µs a request (median of the per-round differences, middle half):`);
console.log('| workload | this build | baseline | this − baseline | this / baseline | control: baseline − baseline |\n|---|---:|---:|---:|---:|---:|');
for (const cost of costs) {
  const ratio = cost.cpuMicrosOn / cost.cpuMicrosOff;
  console.log(`| ${cost.workload} | ${cost.cpuMicrosOn.toFixed(1)} | ${cost.cpuMicrosOff.toFixed(1)} | ${cell(cost.overhead)} | ${ratio.toFixed(3)}x | ${cell(cost.control)} |`);
}
console.log(pinning ? `\nservers on CPU ${pinning.serverCpu}, load generator on CPU ${pinning.loadGeneratorCpu}` : '\nnot pinned to CPUs');
writeFileSync('test/bench/results/compare-latest.json', `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), baseline, costs }, null, 2)}\n`);
