// The A/B of two builds: this checkout's service (the `port`) and the same service as built in the
// checkout BENCH_BASELINE names, twice (the `otherPorts`), in one process, every feature on as by
// default. The two baseline services are the control: what the run cannot tell from noise.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULTS } from './features.js';
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const checkout = process.env.BENCH_BASELINE;
if (checkout === undefined)
  throw new Error('BENCH_BASELINE must name another checkout, built with npm run build:bench');
const baseline = (await import(pathToFileURL(join(checkout, 'dist-bench/test/bench/servers/petstore.js')).href)) as {
  startPetstore: typeof startPetstore;
};

const current = await startPetstore(DEFAULTS);
const before = await baseline.startPetstore(DEFAULTS);
const control = await baseline.startPetstore(DEFAULTS);
announceReady(current.port, undefined, [before.port, control.port]);
