import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Each of the workspace's packages by name, resolved to its sources, as vitest and Stryker load them: a
 * package imported by name (`@petstore/core/pet.js`) is the same module as its file imported by path, and a
 * mutant of it is what the tests run. Node itself, running a build, resolves the names to each package's dist/.
 */
export function workspaceSourceAliases(): { find: RegExp; replacement: string }[] {
  const root = new URL('../', import.meta.url);
  const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((folder) => {
    const { name } = JSON.parse(readFileSync(new URL(`${folder}/package.json`, root), 'utf8')) as { name: string };
    const sources = fileURLToPath(new URL(`${folder}/`, root));
    const escaped = name.replaceAll(/[/.]/g, '\\$&');
    return [
      { find: new RegExp(`^${escaped}$`), replacement: `${sources}index.ts` },
      { find: new RegExp(`^${escaped}/(.+)\\.js$`), replacement: `${sources}$1.ts` },
    ];
  });
}
