import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postgresMissing } from './support/cluster.js';

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));

describe.skipIf(postgresMissing !== undefined)('a PostgreSQL repository that breaks a rule of the kit', () => {
  it('fails the kit, naming the rule it breaks: one pet for 16 callers adding under one key at once, round after round', () => {
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.wrong.config.ts'],
      {
        cwd: EXAMPLE,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 120_000,
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).toBe(1);
    expect(output).toContain(
      'UnguardedPostgresPetRepository honours the PetRepository contract > adding once per idempotency key > adds one pet for 16 callers adding under one key at once, in each of 5 rounds, and gives each of them that pet',
    );
    // Every other rule holds: only the concurrency the variant leaves unguarded is caught.
    expect(output).toMatch(/Tests\s+1 failed \| \d+ passed/);
  }, 150_000);
});
