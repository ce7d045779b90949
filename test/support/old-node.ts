import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { projectManifest } from '../../app/project-manifest.js';
import { unsupportedNodeReason } from '../../adapters/cli/supported-node.js';

/**
 * The machine's own Node, when it is older than package.json allows: what a newcomer may run first,
 * or a server may still have. Undefined where the machine has none.
 */
export const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  if (!existsSync(path)) return false;
  const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  return unsupportedNodeReason(version, projectManifest().engines.node, 'package') !== undefined;
});
