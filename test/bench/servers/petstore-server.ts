// The service as `npm start` composes it, for the bench: see petstore.ts.
import { announceReady } from './seed.js';
import { startPetstore } from './petstore.js';

const { port, baselineRss } = await startPetstore();
announceReady(port, baselineRss);
