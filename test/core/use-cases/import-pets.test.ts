import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackupEntry } from '../../../core/backup.js';
import { ImportInterrupted, ImportRefused, ImportStopped, StorageUnavailable } from '../../../core/errors.js';
import { PET_ID_MAX, type Pet } from '../../../core/pet.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import {
  IMPORT_BATCH,
  IMPORT_PHASES,
  ImportPets,
  type Backup,
  type ImportPhase,
} from '../../../core/use-cases/import-pets.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';

const placeOf = (place: number) => `entry ${place}`;

/** A backup in memory: entry n at place n; `changed` gives what the writing read finds instead. */
function backupOf(
  entries: readonly BackupEntry[],
  changed: readonly BackupEntry[] = entries,
): Backup & { reads: ImportPhase[] } {
  const reads: ImportPhase[] = [];
  return {
    reads,
    name: 'backup',
    where: placeOf,
    // eslint-disable-next-line @typescript-eslint/require-await -- an async source, as a file is
    entries: async function* (phase) {
      reads.push(phase);
      yield* phase === 'writing' ? changed : entries;
    },
  };
}

const entry = (place: number, id?: number, name = `Pet ${place}`): BackupEntry => ({
  place,
  id,
  newPet: { name, categoryId: place % 3 },
});
const entries = (count: number) => Array.from({ length: count }, (_, index) => entry(index + 1, index + 1));
const silent = { update: () => undefined, finish: () => undefined };

function importer(store = new InMemoryPetRepository()) {
  return { store, importPets: new ImportPets(new CreatePet(store), store) };
}

async function storedIn(store: InMemoryPetRepository): Promise<Pet[]> {
  return store.list({ limit: 100 });
}

describe('ImportPets', () => {
  it('restores every entry under its own id, checking the whole backup before writing, and counts what it added', async () => {
    const { store, importPets } = importer();
    const backup = backupOf([entry(1, 4), entry(3, 9)]);
    const updates: unknown[] = [];
    const report = await importPets.execute(backup, 'restore', {
      update: (...args) => updates.push(args),
      finish: () => updates.push('finish'),
    });
    expect(report).toEqual({ pets: 2, added: 2, unchanged: 0 });
    expect(backup.reads).toEqual(['checking', 'confirming', 'writing']);
    expect(backup.reads).toEqual(IMPORT_PHASES.restore);
    expect((await storedIn(store)).map((pet) => pet.id)).toEqual([4, 9]);
    expect(updates).toEqual(['finish', 'finish', ['writing', 2, 2], 'finish']);
  });

  it('counts a pet stored already, the same, as unchanged', async () => {
    const { importPets } = importer();
    await importPets.execute(backupOf(entries(3)), 'restore', silent);
    expect(await importPets.execute(backupOf(entries(4)), 'restore', silent)).toEqual({
      pets: 4,
      added: 1,
      unchanged: 3,
    });
  });

  it('merges every entry as a new pet under the next ids, whatever id it gives', async () => {
    const { store, importPets } = importer();
    await store.restore([{ id: 7, name: 'Old', categoryId: 1 }]);
    const backup = backupOf([entry(1, 7), entry(2)]);
    expect(await importPets.execute(backup, 'merge', silent)).toEqual({ pets: 2, added: 2, unchanged: 0 });
    expect(backup.reads).toEqual(IMPORT_PHASES.merge);
    expect((await storedIn(store)).map((pet) => [pet.id, pet.name])).toEqual([
      [7, 'Old'],
      [8, 'Pet 1'],
      [9, 'Pet 2'],
    ]);
  });

  it.each([
    [
      'an entry without an id',
      [entry(1, 1), entry(2)],
      2,
      "backup entry 2: no id: a restore keeps each pet's id (use --mode merge to give pets new ids)",
    ],
    [
      'ids out of order',
      [entry(1, 5), entry(2, 3)],
      2,
      'backup entry 2: id 3 does not follow id 5 (entry 1): a restore takes ids in ascending order, each once',
    ],
    [
      'an id twice',
      [entry(1, 5), entry(4, 5)],
      4,
      'backup entry 4: id 5 does not follow id 5 (entry 1): a restore takes ids in ascending order, each once',
    ],
    [
      'the last pet id',
      [entry(1, 5), entry(2, PET_ID_MAX)],
      2,
      `backup entry 2: id ${PET_ID_MAX} is the last pet id: restored, it would leave no id for creates, and every ` +
        'create would be refused (restore the backup with --mode merge to give its pets new ids)',
    ],
  ])('refuses a restore of %s, writing nothing', async (_, bad, place, message) => {
    const { store, importPets } = importer();
    const refused = importPets.execute(backupOf(bad), 'restore', silent);
    await expect(refused).rejects.toBeInstanceOf(ImportRefused);
    await expect(refused).rejects.toMatchObject({ place, message, code: 'import_refused' });
    expect(await storedIn(store)).toEqual([]);
  });

  it('refuses a restore that would overwrite a different pet, naming its entry, and writes nothing', async () => {
    const { store, importPets } = importer();
    await store.restore([{ id: 2, name: 'Someone else', categoryId: 1 }]);
    const refused = importPets.execute(backupOf(entries(3)), 'restore', silent);
    await expect(refused).rejects.toMatchObject({
      place: 2,
      message: 'backup entry 2: pet 2 is stored already with other fields; a restore never overwrites a pet',
    });
    expect((await storedIn(store)).map((pet) => pet.name)).toEqual(['Someone else']);
  });

  it('checks and restores a batch at a time, the last batch being what is left', async () => {
    const { store, importPets } = importer();
    const [conflictsOf, restore, reserveIds] = [
      store.conflictsOf.bind(store),
      store.restore.bind(store),
      store.reserveIds.bind(store),
    ];
    const calls: string[] = [];
    Object.assign(store, {
      conflictsOf: (pets: readonly Pet[]) => (calls.push(`check ${pets.length}`), conflictsOf(pets)),
      restore: (pets: readonly Pet[]) => (calls.push(`restore ${pets.length}`), restore(pets)),
      reserveIds: (through: number) => (calls.push(`reserve through ${through}`), reserveIds(through)),
    });
    const updates: number[] = [];
    await importPets.execute(backupOf(entries(IMPORT_BATCH + 1)), 'restore', {
      update: (_, done) => updates.push(done),
      finish: () => undefined,
    });
    expect(calls).toEqual([
      `check ${IMPORT_BATCH}`,
      'check 1',
      `reserve through ${IMPORT_BATCH + 1}`,
      `check ${IMPORT_BATCH}`,
      'check 1',
      `restore ${IMPORT_BATCH}`,
      'restore 1',
    ]);
    expect(updates).toEqual([IMPORT_BATCH, IMPORT_BATCH + 1]);
  });

  it("reserves the backup's ids before writing: a pet created meanwhile takes an id above them", async () => {
    const { store, importPets } = importer();
    const createPet = new CreatePet(store);
    const conflictsOf = store.conflictsOf.bind(store);
    let checks = 0;
    Object.assign(store, {
      // A service sharing the storage creates a pet once the restore has checked the backup.
      conflictsOf: async (pets: readonly Pet[]) => {
        checks += 1;
        if (checks === 2) await createPet.execute({ name: 'Meanwhile', categoryId: 1 });
        return conflictsOf(pets);
      },
    });
    expect(await importPets.execute(backupOf(entries(2)), 'restore', silent)).toEqual({
      pets: 2,
      added: 2,
      unchanged: 0,
    });
    expect((await storedIn(store)).map((pet) => [pet.id, pet.name])).toEqual([
      [1, 'Pet 1'],
      [2, 'Pet 2'],
      [3, 'Meanwhile'],
    ]);
  });

  it('refuses a restore, writing no pet of it, when a pet created before the reservation took one of its ids', async () => {
    const { store, importPets } = importer();
    const reserveIds = store.reserveIds.bind(store);
    Object.assign(store, {
      reserveIds: async (through: number) => {
        await store.add({ name: 'Raced', categoryId: 2 });
        return reserveIds(through);
      },
    });
    const refused = importPets.execute(backupOf(entries(2)), 'restore', silent);
    await expect(refused).rejects.toMatchObject({
      place: 1,
      message:
        'backup entry 1: pet 1 was created while the backup was checked, under an id the backup holds; a restore never overwrites a pet ' +
        '(restore into a new file before a service uses it, or while nothing creates pets)',
    });
    expect((await storedIn(store)).map((pet) => pet.name)).toEqual(['Raced']);
  });

  it('reserves nothing for a restore refused at its check, nor for a merge', async () => {
    const { store, importPets } = importer();
    await expect(importPets.execute(backupOf([entry(1, 5), entry(2)]), 'restore', silent)).rejects.toBeInstanceOf(
      ImportRefused,
    );
    await importPets.execute(backupOf([entry(1, 40)]), 'merge', silent);
    expect((await storedIn(store)).map((pet) => pet.id)).toEqual([1]);
    expect((await store.add({ name: 'Next', categoryId: 1 })).id).toBe(2);
  });

  it("reports a merge's progress a batch at a time, and at its end", async () => {
    const updates: number[] = [];
    await importer().importPets.execute(backupOf(entries(IMPORT_BATCH + 2)), 'merge', {
      update: (_, done) => updates.push(done),
      finish: () => undefined,
    });
    expect(updates).toEqual([IMPORT_BATCH, IMPORT_BATCH + 2]);
  });

  it('stops a restore where storage failed, saying how many pets were written before it', async () => {
    const { store, importPets } = importer();
    const restore = store.restore.bind(store);
    let calls = 0;
    Object.assign(store, {
      restore: (pets: readonly Pet[]) => (
        (calls += 1),
        calls === 2 ? Promise.reject(new StorageUnavailable()) : restore(pets)
      ),
    });
    const stopped: unknown = await importPets
      .execute(backupOf(entries(IMPORT_BATCH + 5)), 'restore', silent)
      .catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ImportStopped);
    expect(stopped).toMatchObject({
      code: 'import_stopped',
      place: IMPORT_BATCH + 1,
      written: IMPORT_BATCH,
      message: `the import stopped at entry ${IMPORT_BATCH + 1}: the ${IMPORT_BATCH} pets before it are written; run the same import again to finish (a restore passes over whatever it wrote already)`,
    });
    expect((stopped as ImportStopped).cause).toBeInstanceOf(StorageUnavailable);
  });

  it('stops a merge where storage failed, saying how many pets were added before it', async () => {
    const { store, importPets } = importer();
    const add = store.add.bind(store);
    Object.assign(store, {
      add: async (pet: Pet) =>
        (await storedIn(store)).length === 2 ? Promise.reject(new Error('disk full')) : add(pet),
    });
    await expect(importPets.execute(backupOf(entries(4)), 'merge', silent)).rejects.toMatchObject({
      place: 3,
      written: 2,
      message:
        'the import stopped at entry 3: the 2 pets before it are written; import only the pets from there on, or the pets before it are added twice',
      cause: new Error('disk full'),
    });
  });

  it('stops where the backup changed between its check and its writing', async () => {
    const changed = backupOf(entries(3), [entry(1, 1), entry(2, 2)]);
    const failing: Backup = {
      name: 'backup',
      where: placeOf,
      entries: async function* (phase) {
        yield* changed.entries(phase);
        if (phase === 'writing') throw new ImportRefused(3, 'entry 3', 'not JSON');
      },
    };
    for (const mode of ['restore', 'merge'] as const) {
      const stopped: unknown = await importer()
        .importPets.execute(failing, mode, silent)
        .catch((error: unknown) => error);
      expect(stopped).toMatchObject({ place: 3, written: mode === 'merge' ? 2 : 0 });
      expect((stopped as ImportStopped).cause).toMatchObject({ place: 3, message: 'entry 3: not JSON' });
    }
  });

  it('passes on a backup that cannot be read any more while writing as it is, not as a stop at an entry', async () => {
    const vanishing: Backup = {
      name: 'pets.ndjson',
      where: placeOf,
      entries: async function* (phase) {
        if (phase === 'writing') throw new ImportRefused(undefined, 'pets.ndjson', 'cannot be read');
        yield* entries(2);
        await Promise.resolve();
      },
    };
    for (const mode of ['restore', 'merge'] as const) {
      const failed: unknown = await importer()
        .importPets.execute(vanishing, mode, silent)
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ImportRefused);
      expect(failed).toMatchObject({ place: undefined, message: 'pets.ndjson: cannot be read' });
    }
  });

  it('passes on a failure of the backup itself as it is', async () => {
    const broken: Backup = {
      name: 'pets.ndjson',
      where: placeOf,
      // eslint-disable-next-line require-yield -- a backup that fails before its first entry
      entries: async function* () {
        await Promise.resolve();
        throw new ImportRefused(undefined, 'pets.ndjson', 'cannot be read');
      },
    };
    await expect(importer().importPets.execute(broken, 'restore', silent)).rejects.toMatchObject({
      place: undefined,
      message: 'pets.ndjson: cannot be read',
    });
    const unreadable: Backup = {
      name: 'pets.ndjson',
      where: placeOf,
      entries: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('EIO')) }) }),
    };
    await expect(importer().importPets.execute(unreadable, 'merge', silent)).rejects.toThrow('EIO');
  });

  it('stops before writing anything when interrupted while checking, with the reason it was given', async () => {
    const { store, importPets } = importer();
    const interrupted: unknown = await importPets
      .execute(backupOf(entries(3)), 'merge', silent, AbortSignal.abort('SIGTERM'))
      .catch((error: unknown) => error);
    expect(interrupted).toBeInstanceOf(ImportInterrupted);
    expect(interrupted).toMatchObject({ code: 'import_interrupted', reason: 'SIGTERM', message: 'interrupted' });
    expect(await storedIn(store)).toEqual([]);
  });

  it('stops between writes when interrupted while writing, keeping what it wrote', async () => {
    for (const [mode, size, written] of [
      ['merge', 3, 2],
      ['restore', IMPORT_BATCH + 1, IMPORT_BATCH],
    ] as const) {
      const { store, importPets } = importer();
      const interruption = new AbortController();
      const [add, restore] = [store.add.bind(store), store.restore.bind(store)];
      Object.assign(store, {
        add: async (pet: Pet) => ((await storedIn(store)).length === 1 && interruption.abort('SIGINT'), add(pet)),
        restore: async (pets: readonly Pet[]) => {
          const outcome = await restore(pets);
          interruption.abort('SIGINT');
          return outcome;
        },
      });
      const stopped: unknown = await importPets
        .execute(backupOf(entries(size)), mode, silent, interruption.signal)
        .catch((error: unknown) => error);
      expect(stopped).toMatchObject({ place: written + 1, written });
      expect((stopped as ImportStopped).cause).toMatchObject({ name: 'ImportInterrupted', reason: 'SIGINT' });
      expect((await store.list({ limit: 100 })).length).toBe(Math.min(written, 100));
    }
  });

  it('restores a backup whose last id is near the end of the id space, and leaves the ids above it to creates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), async (idsLeft) => {
        const { store, importPets } = importer();
        const lastId = PET_ID_MAX - idsLeft;
        expect(await importPets.execute(backupOf([entry(1, lastId - 1), entry(2, lastId)]), 'restore', silent)).toEqual(
          { pets: 2, added: 2, unchanged: 0 },
        );
        const created = [];
        for (let left = idsLeft; left > 0; left -= 1)
          created.push((await store.add({ name: 'New', categoryId: 1 })).id);
        expect(created).toEqual(Array.from({ length: idsLeft }, (_, index) => lastId + 1 + index));
        await expect(store.add({ name: 'One too many', categoryId: 1 })).rejects.toMatchObject({
          code: 'pet_ids_exhausted',
        });
      }),
    );
  });
});
