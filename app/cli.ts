#!/usr/bin/env node
// `petstore`: the command line. The check comes first, before any module that a too-old Node might misread.
import { refuseUnsupportedNode } from './supported-node.js';

refuseUnsupportedNode();
await import('./petstore-command.js');
