import { existsSync, readFileSync } from 'node:fs';

export interface ProjectManifest {
  readonly version: string;
  readonly engines: { readonly node: string };
}

/**
 * The package's package.json: the nearest one above this module, whether it runs from app/ in a
 * clone, from dist/app/, or from an installed package.
 */
export function projectManifest(): ProjectManifest {
  manifest ??= readNearestManifest();
  return manifest;
}

/** Read once a process: the Node check and the version both ask for it. */
let manifest: ProjectManifest | undefined;

function readNearestManifest(): ProjectManifest {
  for (let folder = new URL('.', import.meta.url); ; folder = new URL('..', folder)) {
    const candidate = new URL('package.json', folder);
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8')) as ProjectManifest;
    if (folder.pathname === '/') throw new Error('no package.json above the petstore modules');
  }
}
