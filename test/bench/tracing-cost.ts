// npm run bench:tracing: what tracing costs a request at parentbased_always_on (every request a trace
// of its own, each of its spans exported over OTLP/HTTP to a sink in this process), or at the sampler
// OTEL_TRACES_SAMPLER names, against the same service untraced, in one pinned process and loaded in
// turn, with the untraced twice as the control.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinLoadGeneratorApartFromServers } from './cpu-pinning.js';
import { abCosts, abTable, loadInTurn } from './in-process.js';
import { WORKLOADS } from './load.js';
import { describeMachine } from './machine.js';

/** A collector that takes every export and keeps nothing: what it costs is not the service's. */
let exports = 0;
let spanBytes = 0;
const sink = createServer((request, response) => {
  request.on('data', (chunk: Buffer) => (spanBytes += chunk.length));
  request.on('end', () => {
    exports += 1;
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${String((sink.address() as AddressInfo).port)}`;

const pinning = pinLoadGeneratorApartFromServers();
const sampler = process.env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on';
const settings = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_TRACES_SAMPLER: sampler };
const results = await loadInTurn('test/bench/servers/tracing-ab-server.ts', settings, WORKLOADS, pinning?.serverCpu);
sink.close();
const costs = abCosts(results);
console.log(
  `\nTracing on (${sampler}, OTLP/HTTP protobuf) against off, CPU µs a request (median of the per-round differences, middle half):`,
);
console.log(abTable(costs, ['traced', 'untraced']));
console.log(`\n${String(exports)} exports received, ${(spanBytes / 1e6).toFixed(1)} MB of spans`);
console.log(
  pinning
    ? `servers on CPU ${pinning.serverCpu}, load generator on CPU ${pinning.loadGeneratorCpu}`
    : 'not pinned to CPUs',
);
writeFileSync(
  'test/bench/results/tracing-latest.json',
  `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), sampler, costs, exports, spanBytes }, null, 2)}\n`,
);
