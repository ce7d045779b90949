// The A/B of metrics and the rate limit: the service three times in one process, with both features
// on (the `port`), with both off, and with both off again (the `otherPorts`). In one process they
// share the heap, the JIT and the CPU; the second service without the features is the control: the
// difference between the two that are alike is what the run cannot tell from noise.
import { FEATURES_OFF, FEATURES_ON } from './features.js';
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const on = await startPetstore(FEATURES_ON);
const off = await startPetstore(FEATURES_OFF);
const control = await startPetstore(FEATURES_OFF);
announceReady(on.port, undefined, [off.port, control.port]);
