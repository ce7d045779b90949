import { NEW_PET_FIELDS, petOf, type NewPet, type Pet, type PetStatus } from '@petstore/core/pet.js';

/** The column that keeps each field of a new pet: the compiler asks for one when NewPet gains a field. */
const COLUMN_OF: { readonly [Field in keyof NewPet]-?: string } = {
  name: 'name',
  categoryId: 'category_id',
  status: 'status',
};

/** A new pet's columns, in NEW_PET_FIELDS' order. */
export const NEW_PET_COLUMNS = NEW_PET_FIELDS.map((field) => COLUMN_OF[field]).join(', ');
/** As many placeholders as NEW_PET_COLUMNS has columns. */
export const NEW_PET_PLACEHOLDERS = NEW_PET_FIELDS.map(() => '?').join(', ');
/** A pet's columns, in the order its rows are read: the id, then the new pet's. */
export const PET_COLUMNS = `id, ${NEW_PET_COLUMNS}`;

/** A new pet's values for NEW_PET_COLUMNS; a field left out is NULL. */
export function columnValuesOf(newPet: NewPet): (string | number | null)[] {
  return NEW_PET_FIELDS.map((field) => newPet[field] ?? null);
}

/** The columns of these fields: a field's value, or NULL for an optional field left out. */
type ColumnsOf<Fields extends readonly (keyof NewPet)[]> = {
  -readonly [Index in keyof Fields]: undefined extends NewPet[Fields[Index]]
    ? NonNullable<NewPet[Fields[Index]]> | null
    : NewPet[Fields[Index]];
};

/**
 * A pet's row as an array, in PET_COLUMNS order: cheaper to build than an object per row
 * (docs/performance.md). A field left out is NULL.
 */
export type PetRow = [id: number, ...ColumnsOf<typeof NEW_PET_FIELDS>];

/** Names each column it reads: once NEW_PET_FIELDS gains a field, a PetRow no longer fits and the compiler says so. */
export function petOfRow([id, name, categoryId, status]: [number, string, number, PetStatus | null]): Pet {
  return petOf(id, { name, categoryId, status: status ?? undefined });
}
