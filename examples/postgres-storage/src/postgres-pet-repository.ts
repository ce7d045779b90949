import {
  assertReservable,
  assertRestorable,
  isPetId,
  namesRequest,
  petOf,
  RestoreConflict,
  sameFields,
  type NewPet,
  type Pet,
  type PetAddedOnce,
  type PetId,
  type PetOrigin,
  type PetPageQuery,
  type PetRepository,
  type PetRestore,
  type PetStatus,
  type RestoreCount,
} from '@petstore/core';
import type { Pool, PoolClient } from 'pg';
import { isUniqueViolation, translateStorageErrors } from './storage-errors.js';

/** A pet's row, as the queries here select it. */
export interface PetRow {
  readonly id: number;
  readonly name: string;
  readonly category_id: number;
  readonly status: PetStatus | null;
}

export const PET_COLUMNS = 'id, name, category_id, status';
/** Moves the id sequence past $1, never back: it may be past that id already. */
const RAISE_SEQUENCE = "SELECT setval('pets_id_seq', GREATEST(last_value, $1)) FROM pets_id_seq";

/** Another caller can add under the same key between our look-up and our insert; a few tries settle it. */
const ADD_ONCE_ATTEMPTS = 3;

export const petOfRow = ({ id, name, category_id: categoryId, status }: PetRow): Pet =>
  petOf(id, { name, categoryId, status: status ?? undefined });

/**
 * Keeps pets in PostgreSQL. Ids come from the table's identity sequence, so they only grow and never
 * repeat across instances; a restore moves the sequence past the ids it writes. A page is a range scan
 * of the primary key, or of (status, id). Every row returned is a new object: nothing a caller does to
 * it reaches the database.
 */
export class PostgresPetRepository implements PetRepository, PetRestore {
  constructor(private readonly pool: Pool) {}

  add({ name, categoryId, status }: NewPet): Promise<Pet> {
    return translateStorageErrors(async () => {
      const { rows } = await this.pool.query<PetRow>(
        `INSERT INTO pets (name, category_id, status) VALUES ($1, $2, $3) RETURNING ${PET_COLUMNS}`,
        [name, categoryId, status ?? null],
      );
      return petOfRow(rows[0]!);
    });
  }

  /**
   * The look-up and the insert in one transaction, the key's row locked: a pet and its key are written
   * together or not at all. Two callers inserting under one new key meet at the unique index; the
   * loser tries again and finds the winner's pet.
   */
  addOnce(newPet: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    return translateStorageErrors(async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await this.inTransaction((client) => this.addOnceIn(client, newPet, origin));
        } catch (error) {
          if (!isUniqueViolation(error) || attempt === ADD_ONCE_ATTEMPTS) throw error;
        }
      }
    });
  }

  findById(id: PetId): Promise<Pet | undefined> {
    // An id that is no pet id (0.5, NaN, 2^53) is held by no pet, and would not fit the column.
    if (!isPetId(id)) return Promise.resolve(undefined);
    return translateStorageErrors(async () => {
      const { rows } = await this.pool.query<PetRow>(`SELECT ${PET_COLUMNS} FROM pets WHERE id = $1`, [id]);
      return rows[0] && petOfRow(rows[0]);
    });
  }

  list({ limit, status, afterId = 0 }: PetPageQuery): Promise<Pet[]> {
    return translateStorageErrors(async () => {
      const { rows } =
        status === undefined
          ? await this.pool.query<PetRow>(`SELECT ${PET_COLUMNS} FROM pets WHERE id > $1 ORDER BY id LIMIT $2`, [
              afterId,
              limit,
            ])
          : await this.pool.query<PetRow>(
              `SELECT ${PET_COLUMNS} FROM pets WHERE status = $1 AND id > $2 ORDER BY status, id LIMIT $3`,
              [status, afterId, limit],
            );
      return rows.map(petOfRow);
    });
  }

  /** A primary that takes writes, asked without a lock: a server in recovery or read-only says no, as does one out of reach. */
  async isReachable(): Promise<boolean> {
    try {
      const { rows } = await this.pool.query<{ writable: boolean }>(
        "SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable",
      );
      return rows[0]?.writable === true;
    } catch {
      return false;
    }
  }

  conflictsOf(pets: readonly Pet[]): Promise<PetId[]> {
    return translateStorageErrors(() => this.conflicting(this.pool, pets));
  }

  /**
   * One transaction a batch. The table is locked against other writers first (readers go on): an add
   * in progress has taken its id already, and the sequence is moved only once every such add is in.
   */
  async restore(pets: readonly Pet[]): Promise<RestoreCount> {
    assertRestorable(pets);
    const last = pets.at(-1);
    if (last === undefined) return { added: 0, unchanged: 0 };
    return translateStorageErrors(() =>
      this.inTransaction(async (client) => {
        await client.query('LOCK TABLE pets IN SHARE ROW EXCLUSIVE MODE');
        const [conflict] = await this.conflicting(client, pets);
        if (conflict !== undefined) throw new RestoreConflict(conflict);
        const { rowCount } = await client.query(
          `INSERT INTO pets (id, name, category_id, status)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[])
           ON CONFLICT (id) DO NOTHING`,
          [
            pets.map((pet) => pet.id),
            pets.map((pet) => pet.name),
            pets.map((pet) => pet.categoryId),
            pets.map((pet) => pet.status ?? null),
          ],
        );
        await client.query(RAISE_SEQUENCE, [last.id]);
        const added = rowCount ?? 0;
        return { added, unchanged: pets.length - added };
      }),
    );
  }

  /** The sequence moved under the same lock as a restore's, so that no add in progress can take an id it passes. */
  async reserveIds(through: PetId): Promise<void> {
    assertReservable(through);
    await translateStorageErrors(() =>
      this.inTransaction(async (client) => {
        await client.query('LOCK TABLE pets IN SHARE ROW EXCLUSIVE MODE');
        await client.query(RAISE_SEQUENCE, [through]);
      }),
    );
  }

  private async addOnceIn(
    client: PoolClient,
    { name, categoryId, status }: NewPet,
    origin: PetOrigin,
  ): Promise<PetAddedOnce> {
    const { rows } = await client.query<PetRow & { origin_kept_until: number }>(
      `SELECT ${PET_COLUMNS}, origin_kept_until FROM pets WHERE origin_client = $1 AND origin_key = $2 FOR UPDATE`,
      [origin.key.client, origin.key.key],
    );
    const earlier = rows[0];
    if (earlier !== undefined) {
      if (namesRequest({ keptUntil: earlier.origin_kept_until }, origin))
        return { pet: petOfRow(earlier), added: false };
      // The key's retention has ended: it no longer names that pet, and is free for this one.
      await client.query(
        'UPDATE pets SET origin_client = NULL, origin_key = NULL, origin_kept_until = NULL WHERE id = $1',
        [earlier.id],
      );
    }
    const inserted = await client.query<PetRow>(
      `INSERT INTO pets (name, category_id, status, origin_client, origin_key, origin_kept_until) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PET_COLUMNS}`,
      [name, categoryId, status ?? null, origin.key.client, origin.key.key, origin.keptUntil],
    );
    return { pet: petOfRow(inserted.rows[0]!), added: true };
  }

  private async conflicting(db: Pool | PoolClient, pets: readonly Pet[]): Promise<PetId[]> {
    const { rows } = await db.query<PetRow>(`SELECT ${PET_COLUMNS} FROM pets WHERE id = ANY($1::bigint[])`, [
      pets.map((pet) => pet.id),
    ]);
    const stored = new Map(rows.map((row) => [row.id, petOfRow(row)]));
    return pets.flatMap((pet) => {
      const held = stored.get(pet.id);
      return held !== undefined && !sameFields(held, pet) ? [pet.id] : [];
    });
  }

  private async inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      // A connection that cannot even roll back is broken: the pool lets it go rather than lend it again.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw error;
    }
  }
}
