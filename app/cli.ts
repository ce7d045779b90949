#!/usr/bin/env node
// `petstore`: the command line, and the service (`petstore serve`, which `npm start` runs). The
// check comes first, before any module that a too-old Node might misread.
import { refuseUnsupportedNode } from '../adapters/cli/supported-node.js';
import { projectManifest, projectRoot } from './project-manifest.js';
import { loadDotEnv } from '@petstore/settings/dotenv.js';

refuseUnsupportedNode(projectManifest().engines.node, projectRoot());
loadDotEnv();
const { runPetstore } = await import('./petstore-command.js');
await runPetstore(process.argv.slice(2));
