import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../core/pet.js';
import { runPetstore } from '../support/petstore-command.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { sqliteFolder } from '../support/sqlite.js';

const KEY = 'shared-key';

/** The service as `npm start` runs it, on SQLite at `file`, and where it listens. */
async function serviceOn(file: string): Promise<{ service: ServiceProcess; base: string }> {
  const service = startService({
    STORAGE: 'sqlite',
    SQLITE_PATH: file,
    API_KEYS: KEY,
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE: '0s',
  });
  const { port } = await service.waitForLog('petstore listening');
  return { service, base: `http://127.0.0.1:${String(port)}` };
}

const authorized = { Authorization: `Bearer ${KEY}` };
const listed = async (base: string): Promise<Pet[]> =>
  (await (await fetch(`${base}/v1/pets?limit=100`, { headers: authorized })).json()) as Pet[];

describe('one SQLite file shared by processes', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  const services: ServiceProcess[] = [];
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await killIfRunning(service);
    folder.remove();
  });

  it("keeps pets through a restart, and the command line and the service see each other's pets at once", async () => {
    const env = { STORAGE: 'sqlite', SQLITE_PATH: folder.path() };
    const added = await runPetstore(['pets', 'add', '--name', 'Rex', '--category-id', '3', '--json'], env);
    expect(added.code).toBe(0);
    const rex = JSON.parse(added.stdout) as Pet;

    const first = await serviceOn(folder.path());
    services.push(first.service);
    expect(await listed(first.base)).toEqual([rex]);
    const created = await fetch(`${first.base}/v1/pets`, {
      method: 'POST',
      headers: { ...authorized, 'Content-Type': 'application/json' },
      body: '{"name":"Tom","categoryId":1}',
    });
    const tom = (await created.json()) as Pet;
    expect((await runPetstore(['pets', 'list', '--json'], env)).stdout).toBe(
      `${JSON.stringify(rex)}\n${JSON.stringify(tom)}\n`,
    );

    first.service.child.kill('SIGTERM');
    expect(await first.service.exited).toBe(0);
    const second = await serviceOn(folder.path());
    services.push(second.service);
    expect(await listed(second.base)).toEqual([rex, tom]);
  });

  it('gives 200 concurrent creates split across two services 200 distinct ids, every pet readable from both', async () => {
    const [a, b] = await Promise.all([serviceOn(folder.path()), serviceOn(folder.path())]);
    services.push(a.service, b.service);
    const created = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const response = await fetch(`${(index % 2 === 0 ? a : b).base}/v1/pets`, {
          method: 'POST',
          headers: { ...authorized, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Pet ${index}`, categoryId: index }),
        });
        expect(response.status).toBe(201);
        return (await response.json()) as Pet;
      }),
    );
    expect(new Set(created.map((pet) => pet.id)).size).toBe(200);
    for (const { base } of [a, b]) {
      const all: Pet[] = [];
      for (let after = 0; ;) {
        const page = (await (
          await fetch(`${base}/v1/pets?limit=100&after=${String(after)}`, { headers: authorized })
        ).json()) as Pet[];
        all.push(...page);
        if (page.length < 100) break;
        after = (page.at(-1) as Pet).id;
      }
      expect(all.map((pet) => pet.id).sort((x, y) => x - y)).toEqual(
        created.map((pet) => pet.id).sort((x, y) => x - y),
      );
    }
  });

  it('exports a consistent snapshot while the service writes, which imports into a new file byte for byte', async () => {
    const { base, service } = await serviceOn(folder.path());
    services.push(service);
    const env = { STORAGE: 'sqlite', SQLITE_PATH: folder.path() };
    const stopWriting = new AbortController();
    const writer = (async () => {
      for (let index = 0; !stopWriting.signal.aborted; index += 1) {
        const created = await fetch(`${base}/v1/pets`, {
          method: 'POST',
          headers: { ...authorized, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Pet ${index}`,
            categoryId: index % 7,
            ...(index % 3 === 0 ? { status: 'sold' } : {}),
          }),
        });
        expect(created.status).toBe(201);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exported = await runPetstore(['pets', 'export'], env);
    stopWriting.abort();
    await writer;
    expect(exported.code).toBe(0);
    const pets = exported.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Pet);
    expect(pets.length).toBeGreaterThan(0);
    // Every pet stored up to the last one exported, in id order, as stored: what the file held at one moment.
    const stored = (await runPetstore(['pets', 'export'], env)).stdout.split('\n').slice(0, pets.length).join('\n');
    expect(`${stored}\n`).toBe(exported.stdout);

    writeFileSync(folder.path('backup.ndjson'), exported.stdout);
    const restoredEnv = { STORAGE: 'sqlite', SQLITE_PATH: folder.path('restored.db') };
    expect((await runPetstore(['pets', 'import', folder.path('backup.ndjson')], restoredEnv)).code).toBe(0);
    expect((await runPetstore(['pets', 'export'], restoredEnv)).stdout).toBe(exported.stdout);
  });

  it('refuses to start on a file that is not a database, in one line naming the setting and the path', async () => {
    writeFileSync(folder.path('notes.txt'), 'not a database\n'.repeat(200));
    const service = startService({ STORAGE: 'sqlite', SQLITE_PATH: folder.path('notes.txt'), API_KEYS: KEY });
    services.push(service);
    expect(await service.exited).toBe(1);
    expect(service.output()).toBe(
      `petstore: failed to start: SQLITE_PATH ${folder.path('notes.txt')} is not a SQLite database; move that file away or choose another path\n`,
    );
  });
});
