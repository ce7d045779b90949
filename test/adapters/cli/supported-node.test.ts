import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { installationOf, unsupportedNodeReason } from '../../../adapters/cli/supported-node.js';
import { OLD_NODE } from '../../support/old-node.js';

const ENGINES = '>=24.11';

describe('the Node a command runs on', () => {
  it('is accepted from the version package.json names on, in any later release line', () => {
    for (const version of ['v24.11.0', 'v24.21.0', 'v25.0.0', 'v26.3.1'])
      expect({ version, reason: unsupportedNodeReason(version, ENGINES, 'package') }).toEqual({
        version,
        reason: undefined,
      });
  });

  it('is refused below it, with one reason naming both versions and the way to the right one', () => {
    for (const version of ['v24.10.9', 'v22.20.0', 'v20.20.2', 'v18.0.0']) {
      expect(unsupportedNodeReason(version, ENGINES, 'clone')).toBe(
        `needs Node 24.11 or later (this is Node ${version.slice(1)}); see .node-version, or run . scripts/use-declared-node.sh`,
      );
      // An installed package has neither file: it names what to install.
      expect(unsupportedNodeReason(version, ENGINES, 'package')).toBe(
        `needs Node 24.11 or later (this is Node ${version.slice(1)}); install Node 24 LTS, then petstore again`,
      );
    }
  });

  it('tells a clone, where the script that fetches Node is, from an installed package, where it is not', () => {
    expect(installationOf(new URL('../../../', import.meta.url))).toBe('clone');
    expect(installationOf(new URL('file:///usr/lib/node_modules/petstore/'))).toBe('package');
  });

  it.skipIf(OLD_NODE === undefined)(
    'stops the built service and command on an older Node with that one line and exit 1',
    () => {
      for (const args of [
        ['dist/app/cli.js', 'serve', '--help'],
        ['dist/app/cli.js', '--help'],
      ]) {
        const run = spawnSync(OLD_NODE ?? '', args, {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', API_KEYS: 'k' },
          timeout: 10_000,
        });
        expect({ args, status: run.status, stdout: run.stdout }).toEqual({ args, status: 1, stdout: '' });
        expect(run.stderr).toMatch(
          /^petstore: needs Node 24\.11 or later \(this is Node \d+\.\d+\.\d+\); see \.node-version, or run \. scripts\/use-declared-node\.sh\n$/,
        );
      }
    },
  );
});
