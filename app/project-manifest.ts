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
  nearest ??= readNearestManifest();
  return nearest.manifest;
}

/** The folder that package.json sits in: the project's root, in a clone or as installed. */
export function projectRoot(): URL {
  nearest ??= readNearestManifest();
  return nearest.folder;
}

/** Read once a process: the Node check and the version both ask for it. */
let nearest: { readonly manifest: ProjectManifest; readonly folder: URL } | undefined;

function readNearestManifest(): { manifest: ProjectManifest; folder: URL } {
  for (let folder = new URL('.', import.meta.url); ; folder = new URL('..', folder)) {
    const candidate = new URL('package.json', folder);
    if (existsSync(candidate))
      return { manifest: JSON.parse(readFileSync(candidate, 'utf8')) as ProjectManifest, folder };
    if (folder.pathname === '/') throw new Error('no package.json above the petstore modules');
  }
}
