import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_STORAGES, DEFAULT_STORAGE } from '../../../app/host/built-in-storages.js';

const APP = fileURLToPath(new URL('../../../app', import.meta.url));
const LIST = 'host/built-in-storages.ts';

const sourcesOf = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === 'dist'
        ? []
        : sourcesOf(join(folder, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(folder, entry.name)]
        : [],
  );

describe('the built-in storages', () => {
  it('have names of their own, the default among them', () => {
    const names = BUILT_IN_STORAGES.map(({ name }) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(DEFAULT_STORAGE);
    expect(names.every((name) => /^[a-z][a-z0-9]*$/.test(name))).toBe(true);
  });

  it('are named nowhere in app/ but in their one list: by STORAGE value, folder, package or driver', () => {
    const names = BUILT_IN_STORAGES.map(({ name }) => name).join('|');
    const naming = new RegExp(
      `['"\`](${names})['"\`]|STORAGE=(${names})\\b|adapters/persistence/[^/']+/|@petstore/storage-|\\bmongodb\\b|node:sqlite`,
      'i',
    );
    const offenders = sourcesOf(APP)
      .map((file) => relative(APP, file))
      .filter((file) => file !== LIST)
      .flatMap((file) =>
        readFileSync(join(APP, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (naming.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
