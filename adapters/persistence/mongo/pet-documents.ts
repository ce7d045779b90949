import type { IdempotencyKey, PetOrigin } from '@petstore/core/idempotency.js';
import { isPetId, isPetStatus, newPetOf, petOf, type NewPet, type Pet, type PetId } from '@petstore/core/pet.js';
import type { PetPageQuery } from '@petstore/core/paging.js';
import type { AnyBulkWriteOperation, UpdateFilter } from 'mongodb';

/** Where pets are kept, and where the counter that hands out their ids is. */
export const PETS_COLLECTION = 'pets';
export const COUNTERS_COLLECTION = 'counters';
/** The counter document's `_id`; its `seq` is the last id handed out. */
export const PET_ID_COUNTER = 'pets';

export interface CounterDocument {
  _id: string;
  seq: number;
}

/** How a pet is stored: the id is the document's `_id`, and a missing status is no field at all. */
export interface PetDocument {
  _id: number;
  name: string;
  categoryId: number;
  status?: string;
  /** The idempotency key of the request that added the pet, if it sent one, and until when it names the pet. */
  origin?: OriginDocument;
}

export interface OriginDocument {
  client: string;
  key: string;
  keptUntil: Date;
}

export interface PetPageFilter {
  _id: { $gt: number };
  status?: string;
}

/** `_id` serves the unfiltered listing; this one serves the status filter in id order. */
export const STATUS_ID_INDEX = { key: { status: 1, _id: 1 }, name: 'status_1__id_1' } as const;

/**
 * One pet per origin: of two inserts for one (client, key), whatever their ids, the database lets
 * one through, on any number of instances. Pets added without a key have no origin and no entry.
 */
export const ORIGIN_INDEX = {
  key: { 'origin.client': 1, 'origin.key': 1 },
  name: 'origin.client_1_origin.key_1',
  unique: true,
  partialFilterExpression: { origin: { $exists: true } },
} as const;

export const ID_ORDER = { _id: 1 } as const;

/** Only the stored pet fields are ever read back, so no storage field can leak out (the compiler asks for each). */
export const PET_PROJECTION: Readonly<Record<'_id' | keyof NewPet, 1>> = { _id: 1, name: 1, categoryId: 1, status: 1 };

export function toPetDocument(id: PetId, newPet: NewPet): PetDocument {
  return { _id: id, ...newPetOf(newPet) };
}

/** A stored status outside the enum (written by another tool) is not passed on as if it were one. */
export function toPet({ _id, name, categoryId, status }: PetDocument): Pet {
  return petOf(_id, { name, categoryId, status: isPetStatus(status) ? status : undefined });
}

/**
 * Builds the query from checked primitives only: whatever a caller passes, no object
 * (and so no operator such as `$ne`) can reach MongoDB through it.
 */
export function pageFilter({ status, afterId = 0 }: Pick<PetPageQuery, 'status' | 'afterId'>): PetPageFilter {
  if (!Number.isSafeInteger(afterId)) throw new TypeError('afterId must be a safe integer');
  if (status === undefined) return { _id: { $gt: afterId } };
  if (!isPetStatus(status)) throw new TypeError('status must be a PetStatus');
  return { status, _id: { $gt: afterId } };
}

/** A pet's fields and, to tell whether its key still names it, when that key lapses. */
export const ORIGIN_PROJECTION = { ...PET_PROJECTION, 'origin.keptUntil': 1 } as const;

export function toOriginDocument({ key, keptUntil }: PetOrigin): OriginDocument {
  return { ...keyFilter(key), keptUntil: new Date(keptUntil) };
}

export function originFilter(key: IdempotencyKey): { 'origin.client': string; 'origin.key': string } {
  const { client, key: value } = keyFilter(key);
  return { 'origin.client': client, 'origin.key': value };
}

/**
 * An idempotency key as a query or a document holds it, in the pets and the idempotency_keys
 * collections alike. Strings only: no object (and so no operator) from a caller reaches the query.
 */
export function keyFilter({ client, key }: IdempotencyKey): { client: string; key: string } {
  if (typeof client !== 'string' || typeof key !== 'string') throw new TypeError('client and key must be strings');
  return { client, key };
}

export function idFilter(id: PetId): { _id: number } | undefined {
  return isPetId(id) ? { _id: id } : undefined;
}

/**
 * A restore's writes: each pet inserted under its id if that id is free, and left as it is if
 * not (`$setOnInsert` with an upsert), so that the same restore run twice writes nothing new.
 */
export function restoreWrites(pets: readonly Pet[]): AnyBulkWriteOperation<PetDocument>[] {
  return pets.map((pet) => {
    const { _id, ...fields } = toPetDocument(pet.id, pet);
    return { updateOne: { filter: { _id }, update: { $setOnInsert: fields }, upsert: true } };
  });
}

/** Moves the id counter up to `id` if it is below: ids handed out later are above every restored one. */
export function counterRaisedTo(id: PetId): UpdateFilter<CounterDocument> {
  return { $max: { seq: id } };
}
