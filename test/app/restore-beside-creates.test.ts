// A restore into the SQLite file a service is serving, while clients create pets as fast as it
// answers: the backup's ids are reserved before anything is written, so the creates take ids above
// them, and a restore stopped part way is finished by running it again.
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../core/pet.js';
import { runPetstore, startPetstore, type CommandResult } from '../support/petstore-command.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { sqliteFolder } from '../support/sqlite.js';

const KEY = 'restore-key';
const BACKUP_PETS = 20_000;
/** Clients creating at once, each sending its next create as soon as the last is answered. */
const CLIENTS = 8;

const backupPet = (id: number): Pet => ({
  id,
  name: `Backed up ${String(id)}`,
  categoryId: id % 7,
  ...(id % 3 === 0 ? { status: 'sold' as const } : {}),
});

/** `petstore pets import <file>` as its own process; `onProgress` sees each line of progress as it comes. */
function importing(file: string, env: Record<string, string>, onProgress: (line: string) => void) {
  return startPetstore(['pets', 'import', file], env, (text) => {
    for (const line of text.split('\n')) if (line !== '') onProgress(line);
  });
}

/** Clients creating pets as fast as the service answers, from `start()` until `stop()`; every answer kept. */
function creatingAtFullSpeed(base: string) {
  const answers: { status: number; pet?: Pet }[] = [];
  let running = false;
  let loops: Promise<void>[] = [];
  const loop = async (client: number) => {
    for (let n = 0; running; n += 1) {
      const response = await fetch(`${base}/v1/pets`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Created ${String(client)}-${String(n)}`, categoryId: 1 }),
      });
      answers.push(
        response.status === 201 ? { status: 201, pet: (await response.json()) as Pet } : { status: response.status },
      );
      if (response.status !== 201) await response.arrayBuffer();
    }
  };
  return {
    answers,
    start() {
      if (running) return;
      running = true;
      loops = Array.from({ length: CLIENTS }, (_, client) => loop(client));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('a restore into the file a service serves, with creates at full speed', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  let service: ServiceProcess | undefined;
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(async () => {
    await killIfRunning(service);
    folder.remove();
  });

  it('finishes, run again after it was stopped part way, and every pet created meanwhile is kept under an id above the backup', async () => {
    const env = { STORAGE: 'sqlite', SQLITE_PATH: folder.path() };
    service = startService({ ...env, API_KEYS: KEY, RATE_LIMIT: '0', SHUTDOWN_GRACE: '0s' });
    const { port } = await service.waitForLog('petstore listening');
    const backup = folder.path('backup.ndjson');
    writeFileSync(
      backup,
      Array.from({ length: BACKUP_PETS }, (_, index) => `${JSON.stringify(backupPet(index + 1))}\n`).join(''),
    );
    const creates = creatingAtFullSpeed(`http://127.0.0.1:${String(port)}`);

    // The creates start once the restore has checked the backup; the first run is stopped while it writes.
    const first = importing(backup, env, (line) => {
      if (line.startsWith('confirming') || line.startsWith('writing')) creates.start();
      if (line.startsWith('writing: 30%')) first.child.kill('SIGINT');
    });
    const stopped = await first.done;
    const createdDuringFirst = creates.answers.length;
    const again = await new Promise<CommandResult>((resolve) => {
      const second = importing(backup, env, () => undefined);
      void second.done.then(resolve);
    });
    const createdDuringBoth = creates.answers.length;
    await creates.stop();

    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(
      /the import stopped at line \d+: the \d+ pets before it are written; run the same import again to finish/,
    );
    expect(again.stderr).not.toContain('petstore:');
    expect({ code: again.code, stdout: again.stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        new RegExp(`^imported ${backup} \\(restore\\): ${String(BACKUP_PETS)} pets, \\d+ added, \\d+ unchanged\\n$`),
      ) as unknown,
    });
    // Full speed: the service took creates all the while, none of them refused or failed.
    expect(createdDuringFirst).toBeGreaterThan(CLIENTS);
    expect(createdDuringBoth).toBeGreaterThan(createdDuringFirst);
    expect(creates.answers.filter(({ status }) => status !== 201)).toEqual([]);

    const exported = await runPetstore(['pets', 'export'], env);
    expect(exported.code).toBe(0);
    const stored = exported.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Pet);
    expect(stored.slice(0, BACKUP_PETS)).toEqual(
      Array.from({ length: BACKUP_PETS }, (_, index) => backupPet(index + 1)),
    );
    const created = creates.answers.map(({ pet }) => pet as Pet).sort((a, b) => a.id - b.id);
    expect(stored.slice(BACKUP_PETS)).toEqual(created);
    expect(created[0]?.id).toBeGreaterThan(BACKUP_PETS);
  });
});
