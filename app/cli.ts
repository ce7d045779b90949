#!/usr/bin/env node
// `petstore`: the command line, and the service (`petstore serve`, which `npm start` runs). The
// check comes first, before any module that a too-old Node might misread.
import { refuseUnsupportedNode } from './supported-node.js';
import { loadDotEnv } from '@petstore/settings/dotenv.js';

refuseUnsupportedNode();
loadDotEnv();
const { runPetstore } = await import('./petstore-command.js');
await runPetstore(process.argv.slice(2));
