import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLE_LIMIT_MS } from '../../adapters/koa/server/graceful-shutdown.js';
import { loadConfig } from '../../app/host/config.js';
import { reportSkipped, systemProgram } from '../support/system-program.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UNIT = readFileSync(join(ROOT, 'deploy/systemd/petstore.service'), 'utf8');
/** Where the unit expects the installed command (npm install -g with /usr/local as its prefix). */
const INSTALLED_COMMAND = '/usr/local/bin/petstore';

/** Every value of `key` in `section`, in order (systemd lets a key repeat). */
function valuesOf(section: string, key: string): string[] {
  const values: string[] = [];
  let current = '';
  for (const line of UNIT.split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) current = header[1] ?? '';
    const entry = /^(\w+)=(.*)$/.exec(line);
    if (current === section && entry?.[1] === key) values.push(entry[2] ?? '');
  }
  return values;
}
const serviceValue = (key: string) => valuesOf('Service', key).at(-1);

const analyze = systemProgram('systemd-analyze', 'systemd');
reportSkipped('systemd-analyze on the unit', analyze);

describe('deploy/systemd/petstore.service', () => {
  it('runs petstore serve itself as a dedicated user, never npm, in production with its settings from a file', () => {
    expect(valuesOf('Service', 'ExecStart')).toEqual([`${INSTALLED_COMMAND} serve`]);
    expect(serviceValue('User')).toBe('petstore');
    expect(serviceValue('Group')).toBe('petstore');
    expect(serviceValue('EnvironmentFile')).toBe('/etc/petstore/petstore.env');
    expect(valuesOf('Service', 'Environment')).toContain('NODE_ENV=production');
  });

  it('keeps the SQLite file in its state directory, the one place it may write', () => {
    expect(serviceValue('ProtectSystem')).toBe('strict');
    expect(serviceValue('StateDirectory')).toBe('petstore');
    expect(valuesOf('Service', 'Environment')).toContain('SQLITE_PATH=/var/lib/petstore/petstore.db');
    expect(serviceValue('NoNewPrivileges')).toBe('yes');
  });

  it('gives a stop more time than the grace, the settling and the drain take, and restarts only a failure', () => {
    const environment = Object.fromEntries(
      valuesOf('Service', 'Environment').map((assignment) => assignment.split('=', 2) as [string, string]),
    );
    const config = loadConfig({ ...environment, API_KEYS: 'unit-key' });
    const needsSeconds = (config.shutdownGraceMs + SETTLE_LIMIT_MS + config.shutdownTimeoutMs) / 1000;
    expect(serviceValue('KillSignal')).toBe('SIGTERM');
    expect(Number(serviceValue('TimeoutStopSec'))).toBeGreaterThan(needsSeconds);
    expect(serviceValue('Restart')).toBe('on-failure');
  });

  it('sends stdout and stderr to journald under the name petstore', () => {
    expect([serviceValue('StandardOutput'), serviceValue('StandardError')]).toEqual(['journal', 'journal']);
    expect(serviceValue('SyslogIdentifier')).toBe('petstore');
  });

  describe.skipIf('missing' in analyze)('with systemd-analyze', () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'petstore-unit-'));
    });
    afterAll(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    /** The unit with node and the built command in place of the installed one, which verify requires to exist. */
    const unitHere = () => {
      expect(UNIT.split(INSTALLED_COMMAND)).toHaveLength(2);
      const path = join(folder, 'petstore.service');
      writeFileSync(path, UNIT.replace(INSTALLED_COMMAND, `${process.execPath} ${join(ROOT, 'dist/app/cli.js')}`));
      return path;
    };
    const run = (args: string[]) =>
      spawnSync('path' in analyze ? analyze.path : '', args, {
        encoding: 'utf8',
        env: { ...process.env, SYSTEMD_PAGER: '' },
      });

    it('passes systemd-analyze verify without a warning', () => {
      const verified = run(['verify', unitHere()]);
      expect({ status: verified.status, stderr: verified.stderr, stdout: verified.stdout }).toEqual({
        status: 0,
        stderr: '',
        stdout: '',
      });
    });

    it("is rated at most 2.0 (OK) by systemd-analyze security's exposure score", () => {
      const rated = run(['security', '--offline=yes', '--threshold=20', '--no-pager', unitHere()]);
      expect(rated.stdout).toMatch(/Overall exposure level for petstore\.service: ([01]\.\d|2\.0) OK/);
      expect(rated.status).toBe(0);
    });
  });
});
