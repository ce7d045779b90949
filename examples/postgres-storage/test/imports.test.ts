// The example is a user's project: of this repository it may import only the published entry points.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url));
/** The packages it uses, each by its entry point. */
const PUBLISHED = new Set(['petstore', '@petstore/core', '@petstore/testing']);

const sourcesOf = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesOf(join(folder, entry.name))
      : /\.(ts|mjs)$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );

/** Every module a file names: static imports and exports, and dynamic imports. */
const specifiersOf = (text: string): string[] =>
  [
    ...text.matchAll(
      /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map(([, from, dynamic, bare]) => from ?? dynamic ?? bare ?? '');

/** What a file may not import: the package other than its entry points, or a file outside the example. */
function forbidden(file: string, specifier: string): boolean {
  if (specifier.startsWith('.')) return relative(EXAMPLE, resolve(file, '..', specifier)).startsWith('..');
  return /^(petstore|@petstore\/[^/]+)(\/|$)/.test(specifier) && !PUBLISHED.has(specifier);
}

describe('the example', () => {
  // This file's own fixtures below name forbidden modules on purpose.
  const files = ['src', 'test', 'wrong']
    .flatMap((folder) => sourcesOf(join(EXAMPLE, folder)))
    .filter((file) => file !== fileURLToPath(import.meta.url));

  it('imports of this repository only the entry points of petstore, @petstore/core and @petstore/testing', () => {
    const offenders = files.flatMap((file) =>
      specifiersOf(readFileSync(file, 'utf8'))
        .filter((specifier) => forbidden(file, specifier))
        .map((specifier) => `${relative(EXAMPLE, file)}: ${specifier}`),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });

  it('would catch an import past the entry points, or out of the example', () => {
    const file = join(EXAMPLE, 'src', 'any.ts');
    expect(
      specifiersOf("import { x } from '@petstore/core/pet.js';").filter((specifier) => forbidden(file, specifier)),
    ).toEqual(['@petstore/core/pet.js']);
    expect(
      specifiersOf("export * from '../../../core/pet.js';").filter((specifier) => forbidden(file, specifier)),
    ).toEqual(['../../../core/pet.js']);
    expect(
      specifiersOf("const m = await import('../../../app/service.js');").filter((specifier) =>
        forbidden(file, specifier),
      ),
    ).toEqual(['../../../app/service.js']);
    expect(
      specifiersOf("import type { Pet } from '@petstore/core';\nimport pg from 'pg';").filter((specifier) =>
        forbidden(file, specifier),
      ),
    ).toEqual([]);
  });
});
