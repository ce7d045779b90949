import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What no package but the service installs, unless it is the package's very purpose (the MongoDB storage's
 * driver): a web framework, a database driver, the shared rate limit's Redis client, tracing, metrics, the docs
 * page, the command line's parts.
 */
export const HEAVY =
  /^(koa|@koa\/.+|mongodb|ioredis|@opentelemetry\/.+|swagger-ui-dist|pino-pretty|commander|cli-progress|prom-client)$/;

interface LockEntry {
  readonly name?: string;
  readonly link?: boolean;
  readonly resolved?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

type Lock = Readonly<Record<string, LockEntry>>;

const lockPackages = (): Lock =>
  (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Lock }).packages;

/** Where Node finds `name` from the package installed at `path`: its own node_modules, then each one above. */
function resolvedFrom(packages: Lock, path: string, name: string): string | undefined {
  const folders = path.split('/node_modules/');
  for (let depth = folders.length; depth >= 0; depth -= 1) {
    const candidate = [...folders.slice(0, depth), name].join('/node_modules/');
    const location = depth === 0 ? `node_modules/${name}` : candidate;
    const entry = packages[location];
    if (entry !== undefined) return entry.link === true && entry.resolved !== undefined ? entry.resolved : location;
  }
  return undefined;
}

/**
 * Every package a workspace package installs for production, by name, as the lockfile has them: its
 * dependencies and theirs, to the end; peers, which its user installs, are not among them.
 */
export function productionClosure(folder: string): string[] {
  const packages = lockPackages();
  const names = new Set<string>();
  const visit = (path: string) => {
    const entry = packages[path] ?? {};
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const location = resolvedFrom(packages, path, name);
      if (location === undefined) throw new Error(`${name}, which ${path || 'the service'} depends on, is not locked`);
      if (names.has(name)) continue;
      names.add(name);
      visit(location);
    }
  };
  visit(folder === '.' ? '' : folder);
  return [...names].sort();
}
