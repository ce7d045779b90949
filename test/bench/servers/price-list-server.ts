// The price list: the service in one process with every feature on (the `port`), then each feature
// off in turn, all of them off, and every feature on again as the control (the `otherPorts`).
import { ALL_OFF, DEFAULTS, PRICED_FEATURES } from './features.js';
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const defaults = await startPetstore(DEFAULTS);
const others = [];
for (const settings of [...Object.values(PRICED_FEATURES), ALL_OFF, DEFAULTS])
  others.push((await startPetstore(settings)).port);
announceReady(defaults.port, undefined, others);
