import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../adapters/cli/run-cli.js';
import { CATEGORY_ID_MAX, CATEGORY_ID_MIN, PET_ID_MAX } from '../../../core/pet.js';
import { cliOver } from '../../support/cli-in-process.js';
import { integerSpelling, nonIntegerSpelling, type Spelling } from '../../support/number-spellings.js';

const CATEGORY_IDS = { min: CATEGORY_ID_MIN, max: CATEGORY_ID_MAX };
const ID_RULE = `id must be a pet id: an integer from 1 to ${PET_ID_MAX}`;

/** Ids in ascending order, as a restore takes them, each with a spelling of its own. */
const ascendingIdSpellings = fc
  .uniqueArray(fc.integer({ min: 1, max: PET_ID_MAX }), { minLength: 1, maxLength: 12 })
  .map((ids) => ids.sort((a, b) => a - b))
  .chain((ids) => fc.tuple(...ids.map((id) => integerSpelling({ min: id, max: id }))));

describe('petstore pets import reads ids and categoryIds from the text of each number', () => {
  let dir: string;
  let files = 0;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'petstore-integers-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new JSON Lines file of these lines. */
  function fileOf(lines: readonly string[]): string {
    files += 1;
    const path = join(dir, `pets-${files}.ndjson`);
    writeFileSync(path, lines.map((line) => `${line}\n`).join(''));
    return path;
  }

  const line = (id: string, categoryId: string) => `{"id":${id},"name":"Rex","categoryId":${categoryId}}`;

  it.each([
    ['an id a double rounds to a valid one', line('9007199254740990.6', '1'), ID_RULE],
    ['a categoryId a double rounds to an integer', line('2', '2.9999999999999999'), 'categoryId must be an integer'],
    ['a categoryId a double rounds to 0', line('2', '1e-400'), 'categoryId must be an integer'],
  ])('refuses %s, naming the line and the field, and writes nothing', async (_, bad, reason) => {
    const path = fileOf([line('1', '1'), bad, line('3', '1')]);
    const petstore = cliOver();
    const refused = await petstore('pets', 'import', path);
    expect({ code: refused.code, out: refused.out }).toEqual({ code: EXIT.failure, out: '' });
    expect(refused.err.split('\n').at(-2)).toBe(`petstore: ${path} line 2: ${reason}; nothing was imported`);
    expect((await petstore('pets', 'export')).out).toBe('');
  });

  it('restores exactly the integers any spellings denote (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        ascendingIdSpellings.chain((ids) =>
          fc.tuple(
            fc.constant(ids),
            fc.array(integerSpelling(CATEGORY_IDS), { minLength: ids.length, maxLength: ids.length }),
          ),
        ),
        async ([ids, categoryIds]: [Spelling[], Spelling[]]) => {
          const petstore = cliOver();
          const lines = ids.map((id, index) => line(id.text, (categoryIds[index] as Spelling).text));
          expect((await petstore('pets', 'import', fileOf(lines))).code).toBe(EXIT.ok);
          expect((await petstore('pets', 'export')).out).toBe(
            ids
              .map(
                (id, index) =>
                  `{"id":${id.value},"name":"Rex","categoryId":${(categoryIds[index] as Spelling).value}}\n`,
              )
              .join(''),
          );
        },
      ),
      // A file and an import a run, each of up to 12 lines of spellings: the pure property over single lines
      // runs many more draws in pet-line.test.ts.
      { seed: 20261127, numRuns: 60 },
    );
  });

  it('refuses a file with a number that is no integer on any line, naming the line and the field (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        nonIntegerSpelling({ min: 1, max: PET_ID_MAX }),
        async (badLine, asId, number) => {
          const lines = Array.from({ length: 8 }, (_, index) => line(String(index + 1), '7'));
          lines[badLine - 1] = asId ? line(number.text, '7') : line(String(badLine), number.text);
          const petstore = cliOver();
          const path = fileOf(lines);
          const refused = await petstore('pets', 'import', path);
          expect(refused.err.split('\n').at(-2)).toBe(
            `petstore: ${path} line ${badLine}: ${asId ? ID_RULE : 'categoryId must be an integer'}; nothing was imported`,
          );
          expect((await petstore('pets', 'export')).out).toBe('');
        },
      ),
      { seed: 20261127, numRuns: 60 },
    );
  });
});
