import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../core/pet.js';
import { killIfRunning, startService, type ServiceProcess } from '../support/service-process.js';
import { sqliteFolder } from '../support/sqlite.js';

const KEY = 'kill-key';
const CLIENTS = 50;
const KILL_AFTER_ANSWERS = 1000;

describe('a service on SQLite killed with SIGKILL while creates are answered in groups', () => {
  let folder: ReturnType<typeof sqliteFolder>;
  let service: ServiceProcess | undefined;
  beforeEach(() => {
    folder = sqliteFolder();
  });
  afterEach(async () => {
    await killIfRunning(service);
    folder.remove();
  });

  it('keeps every pet it answered 201 for, as answered', async () => {
    service = startService({
      STORAGE: 'sqlite',
      SQLITE_PATH: folder.path(),
      API_KEYS: KEY,
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE: '0s',
    });
    const { port } = await service.waitForLog('petstore listening');
    const answered: Pet[] = [];
    // Clients at full speed, each sending its next create as soon as the last is answered.
    const client = async (clientId: number) => {
      // Until the kill: from then on every request fails.
      for (let sent = 0; ; sent += 1) {
        const response = await fetch(`http://127.0.0.1:${String(port)}/v1/pets`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: `Client ${String(clientId)} pet ${String(sent)}`, categoryId: clientId }),
        }).catch(() => undefined);
        // A response cut short by the kill was never an answer.
        const pet =
          response?.status === 201 ? ((await response.json().catch(() => undefined)) as Pet | undefined) : undefined;
        if (pet === undefined) return;
        answered.push(pet);
        // Killed the moment a group's answers have come in, with the next groups under way.
        if (answered.length === KILL_AFTER_ANSWERS) service?.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, clientId) => client(clientId)));
    expect(await service.exited).toBeNull();

    const db = new DatabaseSync(folder.path());
    const stored = new Map(
      (
        db.prepare('SELECT id, name, category_id AS categoryId FROM pets').all() as {
          id: number;
          name: string;
          categoryId: number;
        }[]
      ).map((row) => [row.id, row]),
    );
    db.close();
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
    expect(
      answered.filter(
        (pet) => stored.get(pet.id)?.name !== pet.name || stored.get(pet.id)?.categoryId !== pet.categoryId,
      ),
    ).toEqual([]);
  });
});
