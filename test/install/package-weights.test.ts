import { describe, expect, it } from 'vitest';
import { HEAVY, productionClosure } from '../support/dependency-closure.js';
import { WORKSPACE_PACKAGES } from '../support/packed-package.js';

/**
 * What each package may depend on for production: its row. A dependency a row does not name fails
 * here, with what it would bring; a package's closure is what its row's dependencies bring, nothing more.
 */
const ROWS: Readonly<Record<string, readonly string[]>> = {
  '@petstore/core': [],
  '@petstore/testing': ['@petstore/core'],
  '@petstore/settings': ['@petstore/core', 'valibot', 'ms', 'bytes'],
  '@petstore/auth': ['@petstore/core', '@petstore/settings'],
  '@petstore/logging': ['pino'],
  '@petstore/storage-memory': ['@petstore/core', '@petstore/settings', 'valibot'],
  '@petstore/storage-sqlite': ['@petstore/core', '@petstore/settings', 'valibot', 'lru-cache'],
  '@petstore/storage-mongodb': ['@petstore/core', '@petstore/settings', 'valibot', 'p-timeout', 'mongodb'],
  '@petstore/http': [
    '@petstore/core',
    '@petstore/settings',
    'valibot',
    '@valibot/to-json-schema',
    'content-type',
    'forwarded-parse',
    'ipaddr.js',
    'lru-cache',
  ],
  '@petstore/host': [
    '@petstore/core',
    '@petstore/settings',
    '@petstore/auth',
    '@petstore/logging',
    '@petstore/http',
    '@petstore/storage-memory',
    '@petstore/storage-sqlite',
    'inversify',
    'pino',
    'valibot',
  ],
};

const packagesOf = (names: readonly string[]) => names.filter((name) => WORKSPACE_PACKAGES.has(name));
const [service, ...libraries] = [...WORKSPACE_PACKAGES.entries()];

describe('the weight of each package', () => {
  it('has a row for each package but the service, which may install what a production install needs', () => {
    expect(libraries.map(([name]) => name).sort()).toEqual(Object.keys(ROWS).sort());
  });

  it.each(libraries)('%s depends on nothing its row does not allow', (name, { manifest }) => {
    const allowed = new Set(ROWS[name]);
    expect(Object.keys(manifest.dependencies ?? {}).filter((dependency) => !allowed.has(dependency))).toEqual([]);
  });

  it.each(libraries)('%s installs no more than its row brings, and nothing heavy', (name, { folder }) => {
    const closure = productionClosure(folder);
    const row = ROWS[name] ?? [];
    const allowed = new Set(
      row.flatMap((dependency) => [
        dependency,
        ...productionClosure(WORKSPACE_PACKAGES.get(dependency)?.folder ?? `node_modules/${dependency}`),
      ]),
    );
    expect(closure.filter((dependency) => !allowed.has(dependency))).toEqual([]);
    expect(closure.filter((dependency) => HEAVY.test(dependency) && !row.includes(dependency))).toEqual([]);
  });

  it('keeps the core free of any dependency, and the storage kit on the core alone', () => {
    expect(productionClosure('core')).toEqual([]);
    expect(productionClosure('testing')).toEqual(['@petstore/core']);
  });

  it('keeps every package at one version, each depending on its siblings at exactly that version', () => {
    const version = service?.[1].manifest.version;
    for (const [name, { manifest }] of WORKSPACE_PACKAGES) {
      expect({ name, version: manifest.version }).toEqual({ name, version });
      const dependencies = manifest.dependencies ?? {};
      for (const sibling of packagesOf(Object.keys(dependencies)))
        expect({ name, sibling, range: dependencies[sibling] }).toEqual({ name, sibling, range: version });
    }
  });
});
