// A throwaway PostgreSQL cluster for one test file: initdb in a temporary folder, a port of its own,
// stopped and removed afterwards. The programs are Debian's (`postgresql`); a machine without them
// skips the suites with one line, unless REQUIRE_POSTGRES says they must run (CI).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSIONS = '/usr/lib/postgresql';

/** Where the newest installed PostgreSQL keeps initdb and pg_ctl; undefined when none is. */
function serverPrograms(): string | undefined {
  const versions = existsSync(VERSIONS) ? readdirSync(VERSIONS).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(VERSIONS, version, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
}

const BIN = serverPrograms();

/** Why the PostgreSQL suites cannot run here, in one line; undefined when they can. */
export const postgresMissing: string | undefined =
  BIN === undefined
    ? "PostgreSQL suites skipped: Debian's postgresql package is not installed (apt-get install postgresql)"
    : undefined;
if (postgresMissing !== undefined) {
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`${postgresMissing}, and REQUIRE_POSTGRES=1 says they must run`);
  console.warn(postgresMissing);
}

export interface Cluster {
  /** A connection string to the cluster's `postgres` database, as its superuser `petstore`. */
  readonly url: string;
  stop(): void;
  start(): void;
  remove(): void;
}

/** initdb refuses to run as root: as root, the cluster is the postgres user's. */
function asOwner(program: string, args: string[]): void {
  const [command, commandArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startCluster(): Promise<Cluster> {
  if (BIN === undefined) throw new Error(postgresMissing);
  const folder = mkdtempSync(join(tmpdir(), 'petstore-postgres-'));
  chmodSync(folder, 0o777);
  const data = join(folder, 'data');
  const port = await freePort();
  asOwner(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'petstore', '--no-sync']);
  const pgCtl = (...args: string[]) => asOwner(join(BIN, 'pg_ctl'), ['-D', data, ...args]);
  const start = () =>
    pgCtl(
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(folder, 'log'),
      '-w',
      'start',
    );
  start();
  return {
    url: `postgres://petstore@127.0.0.1:${port}/postgres`,
    start,
    stop: () => pgCtl('-m', 'immediate', '-w', 'stop'),
    remove: () => {
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // Stopped already.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
