import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './petstore-command.js';

interface Report {
  testResults: {
    assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }[];
  }[];
}

/**
 * A kit run, in a vitest of its own (`config`), against what was broken on purpose, which must fail: each
 * rule that failed, as `<what broke it> > <rule>`, with its failure's words. A suite is named for what it
 * runs against, before " honours the ...".
 */
export function failedRulesOf(config: string, env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const failures = new Map<string, string>();
  const folder = mkdtempSync(join(tmpdir(), 'petstore-broken-kit-'));
  try {
    const report = join(folder, 'report.json');
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', config, '--reporter=json', `--outputFile=${report}`],
      { cwd: ROOT, encoding: 'utf8', env: { ...env, NO_COLOR: '1' }, timeout: 120_000 },
    );
    expect(run.status, `the kit's run of ${config}: ${run.stderr}`).toBe(1);
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as Report;
    for (const { ancestorTitles, title, status, failureMessages } of testResults.flatMap(
      (file) => file.assertionResults,
    )) {
      const broken = ancestorTitles[0]!.replace(/ honours the .*$/, '');
      if (status === 'failed') failures.set(`${broken} > ${title}`, failureMessages.join('\n'));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return failures;
}
