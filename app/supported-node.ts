import { existsSync } from 'node:fs';
import semver from 'semver';
import { projectManifest } from './project-manifest.js';

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

/** Stops the process with one line on stderr when this Node is older than package.json allows. */
export function refuseUnsupportedNode(): void {
  const manifest = projectManifest();
  const reason = unsupportedNodeReason(
    process.version,
    manifest.engines.node,
    installationOf(new URL('.', import.meta.url)),
  );
  if (reason === undefined) return;
  process.stderr.write(`petstore: ${reason}\n`);
  process.exit(1);
}

/** A clone when the script sits at the project's root: one folder up from app/, two from dist/app/. */
export function installationOf(moduleFolder: URL): Installation {
  const script = ['../scripts/use-declared-node.sh', '../../scripts/use-declared-node.sh'].some((path) =>
    existsSync(new URL(path, moduleFolder)),
  );
  return script ? 'clone' : 'package';
}
