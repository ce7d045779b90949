import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const manifest = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean }>;
};
const pinned = read('.node-version').trim();

describe('the runtime the project declares', () => {
  it('is a Node LTS line that is still supported (24: maintenance until April 2028)', () => {
    expect(semver.minVersion(manifest.engines.node)?.major).toBe(24);
    expect(semver.satisfies(pinned, manifest.engines.node)).toBe(true);
  });

  it('is the one the tests run on (CI puts .node-version on PATH)', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('satisfies the engines of every installed package, down to the oldest version it declares', () => {
    const oldestDeclared = semver.minVersion(manifest.engines.node)!.version;
    const refusing = Object.entries(lock.packages).flatMap(([path, { engines }]) => {
      const node = Array.isArray(engines) ? undefined : engines?.node;
      return path !== '' && node !== undefined && !semver.satisfies(oldestDeclared, node)
        ? [`${path} needs node ${node}`]
        : [];
    });
    expect(refusing).toEqual([]);
  });
});
