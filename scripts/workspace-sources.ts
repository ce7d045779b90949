import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What a package.json says that the tooling reads. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly workspaces?: readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
}

const ROOT = new URL('../', import.meta.url);
const manifestAt = (folder: string): PackageManifest =>
  JSON.parse(readFileSync(new URL(`${folder}/package.json`, ROOT), 'utf8')) as PackageManifest;

/** Every package of the workspace, the service (the root) first: its folder and its manifest. */
export function workspacePackages(): { folder: string; manifest: PackageManifest }[] {
  return ['.', ...(manifestAt('.').workspaces ?? [])].map((folder) => ({ folder, manifest: manifestAt(folder) }));
}

/**
 * Each of the workspace's packages by name, resolved to its sources, as vitest and Stryker load them: a
 * package imported by name (`@petstore/core/pet.js`) is the same module as its file imported by path, and a
 * mutant of it is what the tests run. Node itself, running a build, resolves the names to each package's dist/.
 */
export function workspaceSourceAliases(): { find: RegExp; replacement: string }[] {
  return workspacePackages()
    .slice(1)
    .flatMap(({ folder, manifest: { name } }) => {
      const sources = fileURLToPath(new URL(`${folder}/`, ROOT));
      const escaped = name.replaceAll(/[/.]/g, '\\$&');
      return [
        { find: new RegExp(`^${escaped}$`), replacement: `${sources}index.ts` },
        { find: new RegExp(`^${escaped}/(.+)\\.js$`), replacement: `${sources}$1.ts` },
      ];
    });
}
