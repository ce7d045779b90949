import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../adapters/cli/run-cli.js';
import { backupFile } from '../../../adapters/cli/backup-file.js';
import { ImportStopped } from '../../../core/errors.js';
import { CreatePet } from '../../../core/use-cases/create-pet.js';
import { IMPORT_BATCH, ImportPets } from '../../../core/use-cases/import-pets.js';
import { InMemoryPetRepository } from '../../../adapters/persistence/in-memory/in-memory-pet-repository.js';
import { StorageUnavailable } from '../../../core/errors.js';
import { PET_STATUSES, type NewPet, type Pet } from '../../../core/pet.js';
import { cliOver } from '../../support/cli-in-process.js';

const UNREACHABLE =
  'storage is not reachable; check STORAGE and its settings (SQLITE_PATH, MONGODB_URI), and that the database is up';

/** A catalogue with what an export must carry exactly: gaps in the ids, every status and none, names JSON must escape. */
function catalogue(count: number): Pet[] {
  const names = ['Rex', 'Tom "the cat"', 'Réx 🐕‍🦺', 'back\\slash', 'line\u2028separator', 'Zoë'];
  const pets: Pet[] = [];
  for (let id = 1; pets.length < count; id += 1) {
    if (id % 7 === 0) continue;
    const status = [...PET_STATUSES, undefined][id % 4];
    const fields = { id, name: `${names[id % names.length] ?? ''} ${id}`, categoryId: (id % 5) - 2 };
    pets.push(status === undefined ? fields : { ...fields, status });
  }
  return pets;
}

async function storeHolding(pets: readonly Pet[]): Promise<InMemoryPetRepository> {
  const store = new InMemoryPetRepository();
  await store.restore(pets);
  return store;
}

describe('petstore pets export and import, over in-memory catalogues in one process', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-import-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A JSON Lines file of these lines, numbered from 1. */
  function fileOf(name: string, lines: readonly string[]): string {
    writeFileSync(file(name), lines.map((line) => `${line}\n`).join(''));
    return file(name);
  }

  it('exports every pet in id order, then restores an identical catalogue: the second export is byte for byte the first', async () => {
    const pets = catalogue(2_500);
    const exported = await cliOver(await storeHolding(pets))('pets', 'export');
    expect({ code: exported.code, err: exported.err }).toEqual({ code: EXIT.ok, err: '' });
    expect(exported.out.split('\n').slice(0, 3)).toEqual([
      '{"id":1,"name":"Tom \\"the cat\\" 1","categoryId":-1,"status":"pending"}',
      '{"id":2,"name":"Réx 🐕‍🦺 2","categoryId":0,"status":"sold"}',
      '{"id":3,"name":"back\\\\slash 3","categoryId":1}',
    ]);
    expect(exported.out.split('\n')).toHaveLength(2_501);
    writeFileSync(file('pets.ndjson'), exported.out);

    const restored = new InMemoryPetRepository();
    const petstore = cliOver(restored);
    const imported = await petstore('pets', 'import', file('pets.ndjson'));
    expect({ code: imported.code, out: imported.out }).toEqual({
      code: EXIT.ok,
      out: `imported ${file('pets.ndjson')} (restore): 2500 pets, 2500 added, 0 unchanged\n`,
    });
    expect((await petstore('pets', 'export')).out).toBe(exported.out);
    expect((await petstore('pets', 'add', '--name', 'Next', '--category-id', '1', '--json')).out).toBe(
      `{"id":${(pets.at(-1) as Pet).id + 1},"name":"Next","categoryId":1}\n`,
    );
  });

  it('exports only the pets with a status, when one is asked for, and nothing from an empty catalogue', async () => {
    const pets = catalogue(300);
    const sold = await cliOver(await storeHolding(pets))('pets', 'export', '--status', 'sold');
    expect(sold.out).toBe(
      pets
        .filter((pet) => pet.status === 'sold')
        .map((pet) => `${JSON.stringify(pet)}\n`)
        .join(''),
    );
    expect(await cliOver()('pets', 'export')).toEqual({ code: EXIT.ok, out: '', err: '' });
  });

  it('reads a page only when the reader asks for more: a slow reader holds the export back', async () => {
    const store = await storeHolding(catalogue(1_000));
    const list = store.list.bind(store);
    let pagesRead = 0;
    const counted = Object.assign(store, {
      list: (query: Parameters<typeof list>[0]) => ((pagesRead += 1), list(query)),
    });
    const chunksSeen: number[] = [];
    const petstore = cliOver(counted, {
      pipe: async (chunks) => {
        const reader = chunks[Symbol.asyncIterator]();
        for (let chunk = 0; chunk < 3; chunk += 1) {
          await reader.next();
          chunksSeen.push(pagesRead);
        }
        await reader.return?.();
      },
    });
    expect((await petstore('pets', 'export')).code).toBe(EXIT.ok);
    expect(chunksSeen).toEqual([1, 2, 3]);
    expect(pagesRead).toBe(3);
  });

  it('adds nothing when the same restore runs again, and says so', async () => {
    const pets = catalogue(1_200);
    writeFileSync(file('pets.ndjson'), (await cliOver(await storeHolding(pets))('pets', 'export')).out);
    const petstore = cliOver();
    await petstore('pets', 'import', file('pets.ndjson'));
    const again = await petstore('pets', 'import', file('pets.ndjson'), '--json');
    expect({ code: again.code, out: again.out }).toEqual({
      code: EXIT.ok,
      out: '{"pets":1200,"added":0,"unchanged":1200}\n',
    });
    expect((await petstore('pets', 'export')).out).toBe(readFileSync(file('pets.ndjson'), 'utf8'));
  });

  it('refuses a file with a bad line in the middle, naming the line and the reason, and writes nothing of it', async () => {
    const lines = catalogue(2_500).map((pet) => JSON.stringify(pet));
    lines[1_499] = '{"id":1750,"name":"Rex","categoryId":"3"}';
    const path = fileOf('bad.ndjson', lines);
    for (const mode of ['restore', 'merge']) {
      const petstore = cliOver();
      const refused = await petstore('pets', 'import', path, '--mode', mode);
      expect({ code: refused.code, out: refused.out }).toEqual({ code: EXIT.failure, out: '' });
      expect(refused.err.split('\n').at(-2)).toBe(
        `petstore: ${path} line 1500: categoryId must be an integer; nothing was imported`,
      );
      expect((await petstore('pets', 'export')).out).toBe('');
    }
  });

  it.each([
    ['a line that is not JSON', ['{"id":1,"name":"A","categoryId":1}', '{"id":2,'], 'line 2: not JSON'],
    [
      'a pet without an id, in a restore',
      ['{"id":1,"name":"A","categoryId":1}', '{"name":"B","categoryId":1}'],
      "line 2: no id: a restore keeps each pet's id (use --mode merge to give pets new ids)",
    ],
    [
      'ids out of order',
      ['{"id":5,"name":"A","categoryId":1}', '{"id":3,"name":"B","categoryId":1}'],
      'line 2: id 3 does not follow id 5 (line 1): a restore takes ids in ascending order, each once',
    ],
    [
      'an id twice',
      ['{"id":5,"name":"A","categoryId":1}', '', ' \t ', '{"id":5,"name":"A","categoryId":1}'],
      'line 4: id 5 does not follow id 5 (line 1): a restore takes ids in ascending order, each once',
    ],
    [
      'a field that is not a pet field',
      ['{"id":1,"name":"A","categoryId":1,"owner":"me"}'],
      'line 1: "owner" is not a field of a pet',
    ],
  ])('refuses %s, writing nothing', async (_, lines, reason) => {
    const path = fileOf('pets.ndjson', lines);
    const petstore = cliOver();
    const refused = await petstore('pets', 'import', path);
    expect(refused.code).toBe(EXIT.failure);
    expect(refused.err.split('\n').at(-2)).toBe(`petstore: ${path} ${reason}; nothing was imported`);
    expect((await petstore('pets', 'export')).out).toBe('');
  });

  it('refuses to overwrite a stored pet that differs, naming its line, and writes nothing', async () => {
    const petstore = cliOver(await storeHolding([{ id: 1002, name: 'Someone else', categoryId: 1 }]));
    const path = fileOf(
      'pets.ndjson',
      catalogue(1_200).map((pet) => JSON.stringify(pet)),
    );
    const refused = await petstore('pets', 'import', path);
    const line = catalogue(1_200).findIndex((pet) => pet.id === 1002) + 1;
    expect(refused.err.split('\n').at(-2)).toBe(
      `petstore: ${path} line ${line}: pet 1002 is stored already with other fields; a restore never overwrites a pet; nothing was imported`,
    );
    expect((await petstore('pets', 'export')).out).toBe('{"id":1002,"name":"Someone else","categoryId":1}\n');
  });

  it('refuses bytes that are not UTF-8, a line too long, a file that is not there and one that cannot be read twice', async () => {
    writeFileSync(
      file('latin1.ndjson'),
      Buffer.concat([
        Buffer.from('{"id":1,"name":"A","categoryId":1}\n{"id":2,"name":"Zo'),
        Buffer.of(0xeb),
        Buffer.from('","categoryId":1}\n'),
      ]),
    );
    writeFileSync(
      file('long.ndjson'),
      `{"id":1,"name":"A","categoryId":1}\n{"id":2,"name":"${'x'.repeat(70_000)}","categoryId":1}\n`,
    );
    const petstore = cliOver();
    const reasons = [];
    for (const name of ['latin1.ndjson', 'long.ndjson', 'missing.ndjson', '.', 'latin1.ndjson/pets.ndjson']) {
      const { code, err } = await petstore('pets', 'import', file(name));
      expect(code).toBe(EXIT.failure);
      reasons.push(err.split('\n').at(-2));
    }
    expect(reasons).toEqual([
      `petstore: ${file('latin1.ndjson')} line 2: not UTF-8 text; nothing was imported`,
      `petstore: ${file('long.ndjson')} line 2: longer than 65536 bytes; nothing was imported`,
      `petstore: ${file('missing.ndjson')}: cannot be read (no such file); nothing was imported`,
      `petstore: ${file('.')}: is not a regular file: an import reads its file more than once (check, then write); nothing was imported`,
      `petstore: ${file('latin1.ndjson/pets.ndjson')}: cannot be read (ENOTDIR: not a directory, stat '${file('latin1.ndjson/pets.ndjson')}'); nothing was imported`,
    ]);
    expect((await petstore('pets', 'export')).out).toBe('');
  });

  it('merges: every pet is added anew under the next ids, whatever id its line gives or lacks', async () => {
    const petstore = cliOver(
      await storeHolding([
        { id: 1, name: 'Old', categoryId: 1 },
        { id: 9, name: 'Older', categoryId: 1 },
      ]),
    );
    const path = fileOf('pets.ndjson', [
      '{"id":1,"name":"Old","categoryId":1}',
      '{"name":"New","categoryId":2,"status":"sold"}',
    ]);
    expect((await petstore('pets', 'import', path, '--mode', 'merge')).out).toBe(
      `imported ${path} (merge): 2 pets added\n`,
    );
    expect((await petstore('pets', 'export')).out.split('\n').slice(2)).toEqual([
      '{"id":10,"name":"Old","categoryId":1}',
      '{"id":11,"name":"New","categoryId":2,"status":"sold"}',
      '',
    ]);
  });

  it('says, when storage fails part way through a restore, which lines were written; running it again finishes it', async () => {
    const pets = catalogue(2_500);
    const path = fileOf(
      'pets.ndjson',
      pets.map((pet) => JSON.stringify(pet)),
    );
    const store = new InMemoryPetRepository();
    const restore = store.restore.bind(store);
    let calls = 0;
    const failing = Object.assign(store, {
      restore: (batch: readonly Pet[]) => (
        (calls += 1),
        calls === 2 ? Promise.reject(new StorageUnavailable()) : restore(batch)
      ),
    });
    const stopped = await cliOver(failing)('pets', 'import', path);
    expect(stopped.code).toBe(EXIT.failure);
    expect(stopped.err.split('\n').at(-2)).toBe(
      `petstore: ${UNREACHABLE}; the import stopped at line ${IMPORT_BATCH + 1}: the ${IMPORT_BATCH} pets before it are written; run the same import again to finish (a restore passes over whatever it wrote already)`,
    );
    const finished = await cliOver(failing)('pets', 'import', path);
    expect(finished.out).toBe(`imported ${path} (restore): 2500 pets, 1500 added, 1000 unchanged\n`);
    expect((await cliOver(store)('pets', 'export')).out).toBe(readFileSync(path, 'utf8'));
  });

  it('stops between batches when interrupted, and says which lines were written, with the exit status of the signal', async () => {
    const pets = catalogue(2_500);
    const path = fileOf(
      'pets.ndjson',
      pets.map((pet) => JSON.stringify(pet)),
    );
    const store = new InMemoryPetRepository();
    const restore = store.restore.bind(store);
    const interruption = new AbortController();
    const interrupted = Object.assign(store, {
      restore: async (batch: readonly Pet[]) => {
        const outcome = await restore(batch);
        interruption.abort('SIGINT');
        return outcome;
      },
    });
    const stopped = await cliOver(interrupted, {}, interruption.signal)('pets', 'import', path);
    expect(stopped.code).toBe(130);
    expect(stopped.err.split('\n').at(-2)).toBe(
      `petstore: interrupted by SIGINT; the import stopped at line ${IMPORT_BATCH + 1}: the ${IMPORT_BATCH} pets before it are written; run the same import again to finish (a restore passes over whatever it wrote already)`,
    );
    const notStarted = await cliOver(new InMemoryPetRepository(), {}, AbortSignal.abort('SIGTERM'))(
      'pets',
      'import',
      path,
      '--mode',
      'merge',
    );
    expect({ code: notStarted.code, last: notStarted.err.split('\n').at(-2) }).toEqual({
      code: 143,
      last: 'petstore: interrupted by SIGTERM; nothing was imported',
    });

    const merging = new InMemoryPetRepository();
    const add = merging.add.bind(merging);
    const mergeInterruption = new AbortController();
    const merged = await cliOver(
      Object.assign(merging, {
        add: async (pet: NewPet) => (
          (await merging.list({ limit: 3 })).length === 2 && mergeInterruption.abort('SIGTERM'),
          add(pet)
        ),
      }),
      {},
      mergeInterruption.signal,
    )('pets', 'import', path, '--mode', 'merge');
    expect({ code: merged.code, last: merged.err.split('\n').at(-2) }).toEqual({
      code: 143,
      last: 'petstore: interrupted by SIGTERM; the import stopped at line 4: the 3 pets before it are written; import only the pets from there on, or the pets before it are added twice',
    });
  });

  it('says, when storage fails part way through a merge, from which line on nothing was added', async () => {
    const store = new InMemoryPetRepository();
    const add = store.add.bind(store);
    const failing = Object.assign(store, {
      add: (newPet: Pet) =>
        store
          .list({ limit: 5 })
          .then((stored) => (stored.length === 2 ? Promise.reject(new Error('disk full')) : add(newPet))),
    });
    const path = fileOf('pets.ndjson', [
      '{"name":"A","categoryId":1}',
      '{"name":"B","categoryId":1}',
      '{"name":"C","categoryId":1}',
    ]);
    const stopped = await cliOver(failing)('pets', 'import', path, '--mode', 'merge');
    expect(stopped.err.split('\n').at(-2)).toBe(
      'petstore: disk full; the import stopped at line 3: the 2 pets before it are written; import only the pets from there on, or the pets before it are added twice',
    );
  });

  it('stops where a file changed between its check and its writing, and says how far it got', async () => {
    const path = fileOf('pets.ndjson', ['{"id":1,"name":"A","categoryId":1}', '{"id":2,"name":"B","categoryId":1}']);
    const store = new InMemoryPetRepository();
    const conflictsOf = store.conflictsOf.bind(store);
    let checks = 0;
    const changing = Object.assign(store, {
      conflictsOf: (pets: readonly Pet[]) => {
        // The check and its confirmation have read the whole file; someone writes to it before the import does.
        checks += 1;
        if (checks === 2) appendFileSync(path, 'oops\n');
        return conflictsOf(pets);
      },
    });
    const stopped = await cliOver(changing)('pets', 'import', path);
    expect(stopped.err.split('\n').at(-2)).toBe(
      `petstore: ${path} line 3: not JSON; the import stopped at line 3: the 0 pets before it are written; run the same import again to finish (a restore passes over whatever it wrote already)`,
    );
  });

  it('checks and restores a thousand pets a call, never the whole file at once', async () => {
    const path = fileOf(
      'pets.ndjson',
      catalogue(2 * IMPORT_BATCH).map((pet) => JSON.stringify(pet)),
    );
    const store = new InMemoryPetRepository();
    const [conflictsOf, restore] = [store.conflictsOf.bind(store), store.restore.bind(store)];
    const checked: number[] = [];
    const restored: number[] = [];
    const recording = Object.assign(store, {
      conflictsOf: (pets: readonly Pet[]) => (checked.push(pets.length), conflictsOf(pets)),
      restore: (pets: readonly Pet[]) => (restored.push(pets.length), restore(pets)),
    });
    expect((await cliOver(recording)('pets', 'import', path)).code).toBe(EXIT.ok);
    // Checked, then confirmed once the ids are reserved.
    expect({ checked, restored }).toEqual({
      checked: Array(4).fill(IMPORT_BATCH),
      restored: [IMPORT_BATCH, IMPORT_BATCH],
    });
  });

  it('stops a merge where its file changed after the check, and says how far it got', async () => {
    const path = fileOf('pets.ndjson', ['{"name":"A","categoryId":1}', '{"name":"B","categoryId":1}']);
    const store = new InMemoryPetRepository();
    const changedAfterCheck = {
      update: () => undefined,
      finish: () => {
        appendFileSync(path, 'oops\n');
      },
    };
    const importPets = new ImportPets(new CreatePet(store), store);
    const stopped: unknown = await importPets
      .execute(await backupFile(path, changedAfterCheck), 'merge', changedAfterCheck)
      .catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ImportStopped);
    expect(stopped).toMatchObject({
      name: 'ImportStopped',
      place: 3,
      written: 2,
      message:
        'the import stopped at line 3: the 2 pets before it are written; import only the pets from there on, or the pets before it are added twice',
    });
    expect((stopped as ImportStopped).cause).toMatchObject({ name: 'ImportRefused', place: 3 });
  });

  it('names what went wrong in the stack trace --debug adds', async () => {
    const path = fileOf('pets.ndjson', ['{"id":1,"name":"A","categoryId":1}', 'oops']);
    const { err } = await cliOver()('--debug', 'pets', 'import', path);
    expect(err.split('\n').find((line) => !line.startsWith('checking'))).toBe(
      `petstore: ${path} line 2: not JSON; nothing was imported`,
    );
    expect(err).toContain(`\nImportRefused: ${path} line 2: not JSON\n    at `);
  });

  it("shows a merge's progress as it adds, a line each tenth", async () => {
    const path = fileOf(
      'pets.ndjson',
      catalogue(2_500).map((pet) => JSON.stringify(pet)),
    );
    const { err } = await cliOver()('pets', 'import', path, '--mode', 'merge');
    expect(err.split('\n').filter((line) => line.startsWith('writing'))).toEqual([
      'writing: 40% (1000 of 2500 pets)',
      'writing: 80% (2000 of 2500 pets)',
      'writing: 100% (2500 of 2500 pets)',
    ]);
  });

  it('shows progress as plain lines when stderr is not a terminal: a line each tenth, per phase', async () => {
    const path = fileOf(
      'pets.ndjson',
      catalogue(2_500).map((pet) => JSON.stringify(pet)),
    );
    const size = statSync(path).size;
    const { err } = await cliOver()('pets', 'import', path);
    const lines = err.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('writing'))).toEqual([
      'writing: 40% (1000 of 2500 pets)',
      'writing: 80% (2000 of 2500 pets)',
      'writing: 100% (2500 of 2500 pets)',
    ]);
    const checking = lines.filter((line) => line.startsWith('checking'));
    const confirming = lines.filter((line) => line.startsWith('confirming'));
    expect(checking.at(-1)).toBe(`checking: 100% (${kilobytes(size)} of ${kilobytes(size)})`);
    expect(confirming.at(-1)).toBe(`confirming: 100% (${kilobytes(size)} of ${kilobytes(size)})`);
    expect(checking.length).toBeGreaterThan(1);
    expect(lines).toEqual([...checking, ...confirming, ...lines.filter((line) => line.startsWith('writing'))]);
  });

  /** A size as progress shows it: in KB, to a tenth. */
  function kilobytes(size: number): string {
    return `${String(Math.round((size / 1024) * 10) / 10)} KB`;
  }

  /** A stand-in terminal for stderr, and what was drawn on it. */
  function terminal() {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
    const drawn = { text: '' };
    stream.on('data', (chunk: Buffer) => (drawn.text += chunk.toString()));
    return { stream, drawn };
  }

  it('draws a bar per phase on a terminal, hiding the cursor meanwhile, and writes no plain progress lines there', async () => {
    const path = fileOf(
      'pets.ndjson',
      catalogue(2_500).map((pet) => JSON.stringify(pet)),
    );
    const size = statSync(path).size;
    const { stream, drawn } = terminal();
    const { code, err } = await cliOver(undefined, { errTerminal: stream })('pets', 'import', path);
    expect({ code, err }).toEqual({ code: EXIT.ok, err: '' });
    // The phases' names are padded to one width, so that their bars line up.
    expect(drawn.text).toContain(
      `checking   |${'█'.repeat(40)}| 100%  ${kilobytes(size)} of ${kilobytes(size)}  0s left`,
    );
    expect(drawn.text).toContain(
      `confirming |${'█'.repeat(40)}| 100%  ${kilobytes(size)} of ${kilobytes(size)}  0s left`,
    );
    expect(drawn.text).toContain(`writing    |${'█'.repeat(40)}| 100%  2500 of 2500 pets  0s left`);
    // One bar for the phase, moved along, not a new bar for each step.
    expect(drawn.text.split(`writing    |${'░'.repeat(40)}| 0%`)).toHaveLength(2);
    // The cursor is hidden while the bars are drawn, and shown again at the end.
    expect(drawn.text.startsWith('\u001B7\u001B[?25l')).toBe(true);
    expect(drawn.text.endsWith('\u001B[?25h\u001B[?7h\u001B8\n')).toBe(true);
  });

  it('ends the bar, showing the cursor again, before the refusal of a file with a bad line on a terminal', async () => {
    const lines = catalogue(2_500).map((pet) => JSON.stringify(pet));
    lines[1_499] = '{"id":1750,"name":"Rex","categoryId":"3"}';
    const path = fileOf('bad.ndjson', lines);
    const { stream, drawn } = terminal();
    const refused = await cliOver(undefined, { errTerminal: stream })('pets', 'import', path);
    expect({ code: refused.code, out: refused.out }).toEqual({ code: EXIT.failure, out: '' });
    expect(drawn.text).toContain('checking   |');
    expect(drawn.text.endsWith('\u001B[?25h\u001B[?7h\u001B8\n')).toBe(true);
  });

  it('imports an empty file as nothing to do, on a terminal too', async () => {
    const path = fileOf('empty.ndjson', []);
    const { stream, drawn } = terminal();
    expect(await cliOver(undefined, { errTerminal: stream })('pets', 'import', path)).toEqual({
      code: EXIT.ok,
      out: `imported ${path} (restore): 0 pets, 0 added, 0 unchanged\n`,
      err: '',
    });
    expect(drawn.text).toBe('');
  });
});
