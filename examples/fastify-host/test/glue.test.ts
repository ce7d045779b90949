// The example is a user's project: of this repository it imports only the published entry points, and its glue
// stays small, because the contract does the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCES = fileURLToPath(new URL('../src', import.meta.url));
/** What a host of the API installs: the hosted contract, by its entry point. */
const PUBLISHED = new Set(['@petstore/host']);
const files = readdirSync(SOURCES)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => join(SOURCES, name));

describe('the Fastify host', () => {
  it('is at most 50 lines of glue, counted as wc -l counts them', () => {
    const lines = files.reduce((count, file) => count + (readFileSync(file, 'utf8').match(/\n/g) ?? []).length, 0);
    expect(files.length).toBeGreaterThan(0);
    expect(lines).toBeLessThanOrEqual(50);
  });

  it("imports of this repository only the hosted contract's package, and nothing of Koa", () => {
    const specifiers = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)].map(([, specifier]) => specifier ?? ''),
    );
    expect(specifiers).toContain('@petstore/host');
    expect(specifiers.filter((specifier) => /^@?petstore\b/.test(specifier) && !PUBLISHED.has(specifier))).toEqual([]);
    expect(specifiers.filter((specifier) => /koa/.test(specifier))).toEqual([]);
  });
});
