import { projectManifest } from './project-manifest.js';

/**
 * Why this Node cannot run the service, or undefined when it can: the major version must match
 * the `engines` range's (`>=24.11` in package.json, the one home of that rule) and be at least it.
 */
export function unsupportedNodeReason(running: string, engines: string): string | undefined {
  const [, major = '0', minor = '0'] = /^>=\s*(\d+)\.(\d+)/.exec(engines) ?? [];
  const [, runningMajor = '0', runningMinor = '0'] = /^v?(\d+)\.(\d+)/.exec(running) ?? [];
  const tooOld = Number(runningMajor) < Number(major) || (Number(runningMajor) === Number(major) && Number(runningMinor) < Number(minor));
  if (!tooOld) return undefined;
  return `needs Node ${major}.${minor} or later (this is Node ${running.replace(/^v/, '')}); see .node-version, or run . scripts/use-declared-node.sh`;
}

/** Stops the process with one line on stderr when this Node is older than package.json allows. */
export function refuseUnsupportedNode(): void {
  const manifest = projectManifest();
  const reason = unsupportedNodeReason(process.version, manifest.engines.node);
  if (reason === undefined) return;
  process.stderr.write(`petstore: ${reason}\n`);
  process.exit(1);
}
