import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the production build', () => {
  it('is incremental: after the build npm test (and npm ci) ran, `npm start` has nothing to compile', () => {
    const plan = execFileSync(process.execPath, [TSC, '-b', 'tsconfig.build.json', '--dry', '--verbose'], { encoding: 'utf8' });
    expect(plan).toMatch(/Project '[^']*tsconfig\.build\.json' is up to date/);
    expect(plan).not.toContain('would build');
  });
});
