import { sameFields } from '../../../core/backup.js';
import { petOf, type Pet } from '../../../core/pet.js';
import type { BrokenRepository } from './broken-repositories.js';
import { MapRepository, type Entering } from './map-repository.js';

// Storages whose columns hold less than the core's domain, as a database's defaults make easy.
const INT = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const BEYOND_THE_BMP = /[\u{10000}-\u{10FFFF}]/u;

/** A column that refuses what it cannot hold, as a strict server does. */
function refusing(refuses: (entering: Entering) => string | undefined) {
  return class extends MapRepository {
    protected override keep(entering: Entering): Pet {
      const refusal = refuses(entering);
      if (refusal !== undefined) throw new Error(refusal);
      return super.keep(entering);
    }
  };
}

/** A column that stores what it can of a value, as a server that is not strict does. */
function storingAsItCan(stored: (entering: Entering) => Entering['given']) {
  return class extends MapRepository {
    protected override keep(entering: Entering): Pet {
      return super.keep({ ...entering, given: stored(entering) });
    }
  };
}

const outOfRange = "Out of range value for column 'category_id'";

/** category_id INT: a value beyond 32 bits is refused. */
const StoresCategoryIdsInAnInt = refusing(({ given: { categoryId } }) =>
  categoryId < INT.min || categoryId > INT.max ? outOfRange : undefined,
);

/** category_id INT on a server that is not strict: a value beyond 32 bits is stored as the nearest it holds. */
const ClampsCategoryIdsToAnInt = storingAsItCan(({ given }) => ({
  ...given,
  categoryId: Math.min(INT.max, Math.max(INT.min, given.categoryId)),
}));

/** category_id INT UNSIGNED: a negative value is refused. */
const StoresCategoryIdsUnsigned = refusing(({ given: { categoryId } }) =>
  categoryId < 0 || categoryId > 2 ** 32 - 1 ? outOfRange : undefined,
);

/** Names in a three-byte character set (MariaDB's utf8): a character beyond the BMP is refused. */
const StoresNamesInThreeBytes = refusing(({ given: { name } }) =>
  BEYOND_THE_BMP.test(name) ? "Incorrect string value: '\\xF0\\x9F\\x90\\xB6' for column 'name'" : undefined,
);

/** The same, not strict: each character beyond the BMP is stored as '?'. */
const ReplacesCharactersBeyondTheBmp = storingAsItCan(({ given }) => ({
  ...given,
  name: given.name.replace(new RegExp(BEYOND_THE_BMP, 'gu'), '?'),
}));

/** name VARCHAR(50): a name of more than 50 characters (code points, as the server counts) is refused. */
const StoresNamesOfFiftyCharacters = refusing(({ given: { name } }) =>
  Array.from(name).length > 50 ? "Data too long for column 'name'" : undefined,
);

/** name CHAR(200): the column pads, and what is read has its trailing spaces stripped. */
const StripsTrailingSpaces = storingAsItCan(({ given }) => ({ ...given, name: given.name.replace(/ +$/, '') }));

/** Compares a restored pet with the stored one as a case-insensitive collation that pads with spaces does. */
class ComparesNamesAsACollationDoes extends MapRepository {
  protected override differs(pet: Pet): boolean {
    const stored = this.pets.get(pet.id);
    const folded = ({ id, name, categoryId, status }: Pet) =>
      petOf(id, { name: name.toLowerCase().replace(/ +$/, '').normalize('NFC'), categoryId, status });
    return stored !== undefined && !sameFields(folded(stored), folded(pet));
  }
}

const DOMAIN_BY_ADD =
  'keeps every name, categoryId and status the core accepts, as given, through add, addOnce, findById, list and export';
const DOMAIN_BY_RESTORE =
  'keeps every name, categoryId and status the core accepts, as restored, through findById, list and export, and restoring them again changes nothing';

const SMALLEST = 'the smallest pet that fails when stored alone: ';

/** Each storage whose columns hold less than the domain, by its name. */
export const BROKEN_COLUMNS: Record<string, BrokenRepository> = {
  StoresCategoryIdsInAnInt: {
    Repository: StoresCategoryIdsInAnInt,
    breaks: DOMAIN_BY_ADD,
    says: `with Error: Out of range value for column 'category_id'; ${SMALLEST}{"name":"🐶","categoryId":2147483648}`,
  },
  ClampsCategoryIdsToAnInt: {
    Repository: ClampsCategoryIdsToAnInt,
    breaks: DOMAIN_BY_ADD,
    says:
      'add gave pet 5 with other fields: categoryId: expected 2147483648, got 2147483647; ' +
      `${SMALLEST}{"name":"🐶","categoryId":2147483648}`,
  },
  StoresCategoryIdsUnsigned: {
    Repository: StoresCategoryIdsUnsigned,
    breaks: DOMAIN_BY_ADD,
    says: `${SMALLEST}{"name":"N","categoryId":-1}`,
  },
  StoresNamesInThreeBytes: {
    Repository: StoresNamesInThreeBytes,
    breaks: DOMAIN_BY_RESTORE,
    says:
      "restore of 70 pets rejected with Error: Incorrect string value: '\\xF0\\x9F\\x90\\xB6' for column 'name'; " +
      `${SMALLEST}{"name":"🐶","categoryId":0}`,
  },
  ReplacesCharactersBeyondTheBmp: {
    Repository: ReplacesCharactersBeyondTheBmp,
    breaks: DOMAIN_BY_ADD,
    says: `name: expected "🐶", got "?"; ${SMALLEST}{"name":"🐶","categoryId":0}`,
  },
  StoresNamesOfFiftyCharacters: {
    Repository: StoresNamesOfFiftyCharacters,
    breaks: DOMAIN_BY_ADD,
    says: `with Error: Data too long for column 'name'; ${SMALLEST}{"name":"${'N'.repeat(51)}","categoryId":0}`,
  },
  StripsTrailingSpaces: {
    Repository: StripsTrailingSpaces,
    breaks: DOMAIN_BY_RESTORE,
    says: `findById gave pet 29 with other fields: name: expected "Rex ", got "Rex"; ${SMALLEST}{"name":"x ","categoryId":0}`,
  },
  ComparesNamesAsACollationDoes: {
    Repository: ComparesNamesAsACollationDoes,
    breaks:
      'finds a conflict byte for byte: a name that differs only by case, a trailing space or its Unicode form is another pet',
    says: 'named [5]: a restore compares each field byte for byte',
  },
};
