import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { StorageUnavailable } from '../../core/errors.js';
import type { PetRepository, PetRestore } from '../../core/ports.js';
import { InMemoryPetRepository } from '../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { createFetchHandler } from '../../app/fetch-service.js';
import { startService } from '../../app/service.js';
import type { HttpHost } from '../../testing/index.js';

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
    ...(portsOfOwn && { storageOutage: outageOf(portsOfOwn.away) }),
    // The service closes its client's idle connections a second into its stop: the next rule's host need not wait.
    close: () => {
      closing = service.close(0);
      return Promise.resolve();
    },
    closed: () => closing,
  } as HttpHost & { closed(): Promise<unknown> };
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

/** The fetch handler, served by Node through @hono/node-server, over a repository that can go away. */
export async function fetchHandlerHost(): Promise<HttpHost> {
  const { pets, away } = repositoryThatCanGoAway();
  const service = await createFetchHandler({ settings: KIT_SETTINGS, storage: { pets }, logger: false });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve(
      {
        fetch: (request, env: { incoming?: { socket: { remoteAddress?: string | undefined } } }) =>
          service.fetch(request, { clientAddress: env.incoming?.socket.remoteAddress }),
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
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    },
  };
}
