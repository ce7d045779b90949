import { existsSync } from 'node:fs';
import semver from 'semver';

/**
 * Where this copy runs from: a clone has the script that fetches the declared Node; an installed package has only its
 * manifest.
 */
export type Installation = 'clone' | 'package';

/**
 * Why this Node cannot run the service, or undefined when it can: it must satisfy the `engines` range
 * (`>=24.11` in package.json, the one home of that rule), as npm reads it.
 */
export function unsupportedNodeReason(
  running: string,
  engines: string,
  installation: Installation,
): string | undefined {
  if (semver.satisfies(running, engines, { includePrerelease: true })) return undefined;
  const { major, minor } = semver.minVersion(engines) ?? { major: 0, minor: 0 };
  const remedy =
    installation === 'clone'
      ? 'see .node-version, or run . scripts/use-declared-node.sh'
      : `install Node ${major} LTS, then petstore again`;
  return `needs Node ${major}.${minor} or later (this is Node ${running.replace(/^v/, '')}); ${remedy}`;
}

/** Stops the process with one line on stderr when this Node does not satisfy `engines`, package.json's range. */
// Stryker disable all: it runs first in the built command's own process (its test starts one on an older
// Node), where no mutant is active; unsupportedNodeReason holds the rule, and is mutated.
export function refuseUnsupportedNode(engines: string, projectRoot: URL): void {
  const reason = unsupportedNodeReason(process.version, engines, installationOf(projectRoot));
  if (reason === undefined) return;
  process.stderr.write(`petstore: ${reason}\n`);
  process.exit(1);
}
// Stryker restore all

/** A clone when the script sits at the project's root (the folder of its package.json); a package has none. */
export function installationOf(projectRoot: URL): Installation {
  return existsSync(new URL('scripts/use-declared-node.sh', projectRoot)) ? 'clone' : 'package';
}
