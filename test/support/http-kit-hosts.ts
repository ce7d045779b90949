import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { StorageUnavailable } from '../../core/errors.js';
import { PET_ID_MAX } from '../../core/pet.js';
import type { PetRepository, PetRestore } from '../../core/ports.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import type { FetchHandler } from '../../adapters/http/fetch/fetch-handler.js';
import { createFetchHandler } from '../../app/host/fetch-service.js';
import { startService } from '../../app/service.js';
import type { HttpHost } from '../../testing/index.js';
import { ROOT } from './petstore-command.js';

/** The key and the rate limit every host of the kit's runs is started with. */
export const KIT_KEY = 'kit-key-1';
export const KIT_RATE_LIMIT = 40;
export const KIT_SETTINGS = { API_KEYS: KIT_KEY, RATE_LIMIT: String(KIT_RATE_LIMIT), PORT: '0' } as const;

/** A repository whose every call fails as an outage does while `away` is set, and that says it is unreachable. */
export function repositoryThatCanGoAway(): { pets: PetRepository & PetRestore; away: { on: boolean } } {
  const inner = new InMemoryPetRepository();
  const away = { on: false };
  const pets = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!away.on) return (value as (...a: unknown[]) => unknown).apply(target, args);
        if (property === 'isReachable') return Promise.resolve(false);
        return Promise.reject(new StorageUnavailable({ cause: new Error('the test took the storage away') }));
      };
    },
  });
  return { pets, away };
}

/** The hook that leaves a host's repository no id to hand out, as the end of its id space does. */
function exhaustIdsOf(pets: PetRestore): NonNullable<HttpHost['exhaustIds']> {
  return () => pets.reserveIds(PET_ID_MAX);
}

/** The outage hook of a host over a repository that can go away. */
function outageOf(away: { on: boolean }): NonNullable<HttpHost['storageOutage']> {
  return () => {
    away.on = true;
    return Promise.resolve({
      restore: () => {
        away.on = false;
        return Promise.resolve();
      },
    });
  };
}

/** The service, listening, on a built-in storage by its settings, or on a repository that can go away. */
export async function serviceHost(
  settings: Record<string, string> = {},
): Promise<HttpHost & { closed(): Promise<unknown> }> {
  let closing: Promise<unknown> = Promise.resolve();
  const portsOfOwn = settings.STORAGE === undefined ? repositoryThatCanGoAway() : undefined;
  const service = await startService({
    settings: { ...KIT_SETTINGS, ...settings },
    ...(portsOfOwn && { storage: { pets: portsOfOwn.pets } }),
    logger: false,
  });
  return {
    baseUrl: service.url,
    apiKey: KIT_KEY,
    rateLimit: KIT_RATE_LIMIT,
    ...(portsOfOwn && { storageOutage: outageOf(portsOfOwn.away), exhaustIds: exhaustIdsOf(portsOfOwn.pets) }),
    // The service closes its client's idle connections a second into its stop: the next rule's host need not wait.
    close: () => {
      closing = service.close(0);
      return Promise.resolve();
    },
    closed: () => closing,
  };
}

/** The service on a SQLite file of its own, removed with the host. */
export async function sqliteServiceHost(): Promise<HttpHost> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-kit-'));
  const host = await serviceHost({ STORAGE: 'sqlite', SQLITE_PATH: join(folder, 'pets.db') });
  return {
    ...host,
    close: async () => {
      await host.close();
      void host.closed().then(() => {
        rmSync(folder, { recursive: true, force: true });
      });
    },
  };
}

/**
 * The fetch handler, served by Node through @hono/node-server, over a repository that can go away; `broken`
 * wraps it to break a rule on purpose.
 */
export async function fetchHandlerHost(
  broken: (sound: FetchHandler) => FetchHandler = (sound) => sound,
): Promise<HttpHost> {
  const { pets, away } = repositoryThatCanGoAway();
  const service = await createFetchHandler({ settings: KIT_SETTINGS, storage: { pets }, logger: false });
  const fetch = broken(service.fetch);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve(
      {
        fetch: (request, env: { incoming?: { socket: { remoteAddress?: string | undefined } } }) =>
          fetch(request, { clientAddress: env.incoming?.socket.remoteAddress }),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => {
        resolve(listening);
      },
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: KIT_KEY,
    rateLimit: KIT_RATE_LIMIT,
    storageOutage: outageOf(away),
    exhaustIds: exhaustIdsOf(pets),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    },
  };
}

/** The runtimes other than Node that the fetch handler is proven under, as scripts/install-runtimes.sh installs them. */
export const OTHER_RUNTIMES = {
  Bun: { binary: 'bun', args: [] },
  Deno: {
    binary: 'deno',
    args: ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-write', '--allow-env', '--allow-sys'],
  },
} as const;
export type OtherRuntime = keyof typeof OTHER_RUNTIMES;

/** Where a runtime's binary is, or why it cannot be had. */
export function runtimeBinary(runtime: OtherRuntime): { path: string } | { missing: string } {
  const path = join(ROOT, '.runtimes/node_modules/.bin', OTHER_RUNTIMES[runtime].binary);
  return existsSync(path)
    ? { path }
    : {
        missing: `${runtime} is not installed in .runtimes/ (bash scripts/install-runtimes.sh installs it from the npm registry)`,
      };
}

/**
 * The fetch handler of the built package, served by another runtime's own server in a process of its own, on
 * memory or on a SQLite file of its own (`node:sqlite`, which both runtimes run).
 */
export async function runtimeHost(
  runtime: OtherRuntime,
  binary: string,
  storage: 'memory' | 'sqlite' = 'memory',
): Promise<HttpHost> {
  const folder = storage === 'sqlite' ? mkdtempSync(join(tmpdir(), 'petstore-kit-runtime-')) : undefined;
  const child = spawn(
    binary,
    [
      ...OTHER_RUNTIMES[runtime].args,
      join(ROOT, 'test/support/serve-fetch-handler.ts'),
      join(ROOT, 'app/host/dist/index.js'),
      JSON.stringify({
        ...KIT_SETTINGS,
        STORAGE: storage,
        ...(folder === undefined ? {} : { SQLITE_PATH: join(folder, 'pets.db') }),
      }),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, NO_COLOR: '1' },
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening (\d+)/.exec(output);
      if (listening) resolve(listening[1] as string);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      reject(new Error(`${runtime} exited (${String(code)}) before it listened: ${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: KIT_KEY,
    rateLimit: KIT_RATE_LIMIT,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    },
  };
}
