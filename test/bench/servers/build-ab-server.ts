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

/** On SQLite each service has a file of its own, in the folder the parent made: one's writes never reach another's reads. */
const folder = process.env.BENCH_SQLITE_FOLDER;
const settingsOf = (service: string) =>
  folder === undefined ? DEFAULTS : { ...DEFAULTS, SQLITE_PATH: join(folder, `${service}.db`) };

const current = await startPetstore(settingsOf('current'));
const before = await baseline.startPetstore(settingsOf('baseline'));
const control = await baseline.startPetstore(settingsOf('control'));
announceReady(current.port, undefined, [before.port, control.port]);
