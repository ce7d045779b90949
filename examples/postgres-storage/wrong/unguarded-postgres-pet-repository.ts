// Wrong on purpose, to show the kit catches it: a keyed add that looks its key up, then inserts, with
// nothing between the two to stop another caller doing the same.
import { namesRequest, type NewPet, type PetAddedOnce, type PetOrigin } from '@petstore/core';
import type { Pool } from 'pg';
import { PET_COLUMNS, petOfRow, PostgresPetRepository, type PetRow } from '../src/postgres-pet-repository.js';

type KeyedRow = PetRow & { readonly origin_kept_until: number };

export class UnguardedPostgresPetRepository extends PostgresPetRepository {
  constructor(private readonly db: Pool) {
    super(db);
  }

  override async addOnce({ name, categoryId, status }: NewPet, origin: PetOrigin): Promise<PetAddedOnce> {
    const columns = `${PET_COLUMNS}, origin_kept_until`;
    const found = await this.db.query<KeyedRow>(
      `SELECT ${columns} FROM pets WHERE origin_client = $1 AND origin_key = $2`,
      [origin.key.client, origin.key.key],
    );
    const earlier = found.rows[0];
    if (earlier !== undefined) {
      if (namesRequest({ keptUntil: earlier.origin_kept_until }, origin))
        return { pet: petOfRow(earlier), added: false };
      await this.db.query(
        'UPDATE pets SET origin_client = NULL, origin_key = NULL, origin_kept_until = NULL WHERE id = $1',
        [earlier.id],
      );
    }
    const inserted = await this.db.query<KeyedRow>(
      `INSERT INTO pets (name, category_id, status, origin_client, origin_key, origin_kept_until) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
      [name, categoryId, status ?? null, origin.key.client, origin.key.key, origin.keptUntil],
    );
    return { pet: petOfRow(inserted.rows[0]!), added: true };
  }
}
