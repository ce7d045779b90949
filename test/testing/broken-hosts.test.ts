import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/petstore-command.js';
import { BROKEN_HOSTS } from './broken-hosts/broken-hosts.js';

interface Report {
  testResults: {
    assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }[];
  }[];
}

const BROKEN = Object.entries(BROKEN_HOSTS).map(([host, { rule, says }]) => [host, rule, says] as const);

/**
 * The HTTP kit run, in a vitest of its own, against hosts that each break a rule on purpose: a rule that
 * stops catching its broken host is seen here, with the words a host's author would read.
 */
describe('the HTTP kit against hosts broken on purpose', () => {
  const failures = new Map<string, string>();

  beforeAll(() => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-http-kit-'));
    try {
      const report = join(folder, 'report.json');
      const run = spawnSync(
        process.execPath,
        [
          'node_modules/vitest/vitest.mjs',
          'run',
          '--config',
          'test/testing/vitest.broken-hosts.config.ts',
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 },
      );
      expect(run.status, `the kit's run against the broken hosts: ${run.stderr}`).toBe(1);
      const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as Report;
      for (const { ancestorTitles, title, status, failureMessages } of testResults.flatMap(
        (file) => file.assertionResults,
      )) {
        const host = ancestorTitles[0]!.replace(/ honours the .*$/, '');
        if (status === 'failed') failures.set(`${host} > ${title}`, failureMessages.join('\n'));
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 150_000);

  it.each(BROKEN)('catches %s by the rule "%s"', (host, rule, says) => {
    const failure = failures.get(`${host} > ${rule}`);
    expect(failure, `${host} passed the rule it breaks`).toBeDefined();
    expect(failure).toContain(says);
  });

  it('fails no rule of a host that breaks none: the sound fetch handler passes every rule the broken ones run', () => {
    expect([...failures.keys()].filter((key) => !BROKEN.some(([host]) => key.startsWith(`${host} > `)))).toEqual([]);
  });
});
