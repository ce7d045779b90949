import { describe, expect, it } from 'vitest';
import type { PetStatus } from '../../../../core/pet.js';
import {
  counterRaisedTo,
  ID_ORDER,
  restoreWrites,
  idFilter,
  originFilter,
  pageFilter,
  toOriginDocument,
  PET_PROJECTION,
  STATUS_ID_INDEX,
  toPet,
  toPetDocument,
} from '../../../../adapters/persistence/mongo/pet-documents.js';

describe('pet documents', () => {
  it('store the id as _id and nothing else beside the pet fields', () => {
    expect(toPetDocument(7, { name: 'Tom', categoryId: 3, status: 'sold' })).toEqual({
      _id: 7,
      name: 'Tom',
      categoryId: 3,
      status: 'sold',
    });
  });

  it('store no status field for a pet without status', () => {
    expect(Object.keys(toPetDocument(7, { name: 'Tom', categoryId: 3 }))).toEqual(['_id', 'name', 'categoryId']);
  });

  it('read back as a Pet without _id, __v or any other storage field', () => {
    const stored = { _id: 7, name: 'Tom', categoryId: 3, status: 'pending', __v: 0, internal: 'x' };
    expect(toPet(stored)).toEqual({ id: 7, name: 'Tom', categoryId: 3, status: 'pending' });
  });

  it('read back without status when none, or none the API knows, is stored', () => {
    expect(toPet({ _id: 1, name: 'A', categoryId: 1 })).toEqual({ id: 1, name: 'A', categoryId: 1 });
    expect(Object.keys(toPet({ _id: 1, name: 'A', categoryId: 1, status: 'lost' }))).toEqual([
      'id',
      'name',
      'categoryId',
    ]);
  });

  it('are read through a projection that includes every field a stored pet can have, and only those', () => {
    const fullest = toPetDocument(7, { name: 'Tom', categoryId: 3, status: 'sold' });
    expect(Object.keys(PET_PROJECTION).sort()).toEqual(Object.keys(fullest).sort());
    expect(new Set(Object.values(PET_PROJECTION))).toEqual(new Set([1]));
  });
});

describe('page queries', () => {
  it('select ids above the cursor, from 0 when there is none', () => {
    expect(pageFilter({})).toEqual({ _id: { $gt: 0 } });
    expect(pageFilter({ afterId: 40 })).toEqual({ _id: { $gt: 40 } });
  });

  it('add the status equality first, matching the status/_id index', () => {
    expect(pageFilter({ status: 'sold', afterId: 5 })).toEqual({ status: 'sold', _id: { $gt: 5 } });
    expect(Object.keys(pageFilter({ status: 'sold' }))).toEqual(['status', '_id']);
  });

  it("are served by an index in id order: the filtered fields, then the sort, in the sort's direction", () => {
    // Equality on status, then _id both sorted and ranged: one index scan, no in-memory sort.
    expect(Object.keys(STATUS_ID_INDEX.key)).toEqual(Object.keys(pageFilter({ status: 'sold' })));
    expect(Object.keys(ID_ORDER)).toEqual(Object.keys(pageFilter({})));
    expect(STATUS_ID_INDEX.key._id).toBe(ID_ORDER._id);
  });

  it.each([{ $ne: null }, { $gt: '' }, ['sold'], 'Sold'])(
    'refuse a status that is not a PetStatus (%j): no operator reaches the query',
    (status) => {
      expect(() => pageFilter({ status: status as unknown as PetStatus })).toThrow(
        new TypeError('status must be a PetStatus'),
      );
    },
  );

  it.each([{ $gt: 0 }, '5', 1.5, Number.NaN])('refuse a cursor that is not an integer (%j)', (afterId) => {
    expect(() => pageFilter({ afterId: afterId as unknown as number })).toThrow('afterId must be a safe integer');
  });

  it("find and record a pet's idempotency key from strings only: no operator reaches the query or the document", () => {
    expect(originFilter({ client: 'c', key: 'k' })).toEqual({ 'origin.client': 'c', 'origin.key': 'k' });
    expect(toOriginDocument({ key: { client: 'c', key: 'k' }, claimedAt: 1, keptUntil: 2_000 })).toEqual({
      client: 'c',
      key: 'k',
      keptUntil: new Date(2_000),
    });
    for (const [client, key] of [
      [{ $ne: null }, 'k'],
      ['c', { $gt: '' }],
      [{ $ne: null }, { $ne: null }],
    ]) {
      const operator = { client, key } as unknown as { client: string; key: string };
      expect(() => originFilter(operator)).toThrow(new TypeError('client and key must be strings'));
      expect(() => toOriginDocument({ key: operator, claimedAt: 1, keptUntil: 2 })).toThrow(TypeError);
    }
  });

  it('look a pet up by its positive integer id only', () => {
    expect(idFilter(3)).toEqual({ _id: 3 });
    for (const id of [0, -1, 1.5, Number.NaN, { $gt: 0 }]) expect(idFilter(id as number)).toBeUndefined();
  });
});

describe('A restore, as MongoDB is asked to do it', () => {
  it('inserts each pet under its id only where the id is free, and never overwrites', () => {
    expect(
      restoreWrites([
        { id: 4, name: 'Rex', categoryId: 2, status: 'sold', extra: 1 } as never,
        { id: 9, name: 'Tom', categoryId: 0 },
      ]),
    ).toEqual([
      {
        updateOne: {
          filter: { _id: 4 },
          update: { $setOnInsert: { name: 'Rex', categoryId: 2, status: 'sold' } },
          upsert: true,
        },
      },
      { updateOne: { filter: { _id: 9 }, update: { $setOnInsert: { name: 'Tom', categoryId: 0 } }, upsert: true } },
    ]);
  });

  it('raises the id counter to the highest restored id, never lowers it', () => {
    expect(counterRaisedTo(42)).toEqual({ $max: { seq: 42 } });
  });
});
