import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The compiler `npm run build` calls; its package exports no `bin/tsc`, so the path is made from its folder.
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');

describe('the production build', () => {
  it('is incremental: after the build npm test (and npm ci) ran, `npm start` has nothing to compile', () => {
    const plan = execFileSync(process.execPath, [TSC, '-b', 'tsconfig.build.json', '--dry', '--verbose'], {
      encoding: 'utf8',
    });
    expect(plan).toMatch(/Project '[^']*tsconfig\.build\.json' is up to date/);
    expect(plan).not.toContain('would build');
  });
});
