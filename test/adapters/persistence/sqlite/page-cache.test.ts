import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pet } from '../../../../core/pet.js';
import { PageCache, PAGES_KEPT } from '../../../../adapters/persistence/sqlite/page-cache.js';
import { aNewPet } from '../../../support/builders.js';
import { sqliteStorageFixture } from '../../../support/sqlite.js';

type Fixture = Awaited<ReturnType<typeof sqliteStorageFixture>>;

describe('recent pages of a SQLite database', () => {
  let fixture: Fixture;
  let cache: PageCache;
  let reads: number;
  const page: Pet[] = [{ id: 1, name: 'Rex', categoryId: 3 }];
  const readPage = () => {
    reads += 1;
    return page;
  };
  beforeEach(async () => {
    fixture = await sqliteStorageFixture();
    cache = new PageCache(fixture.db);
    reads = 0;
  });
  afterEach(async () => {
    await fixture.dispose();
  });

  it('serves a page again without reading it while nothing is written, each caller a list of its own', () => {
    const first = cache.page('a', readPage);
    const second = cache.page('a', readPage);
    expect(reads).toBe(1);
    expect(second).toEqual(page);
    first.pop();
    expect(cache.page('a', readPage)).toEqual(page);
    cache.page('b', readPage);
    expect(reads).toBe(2);
  });

  it('reads every page again after its own connection writes', async () => {
    cache.page('a', readPage);
    await fixture.repository.add(aNewPet());
    cache.page('a', readPage);
    expect(reads).toBe(2);
  });

  it('reads every page again after another connection commits, in this process or another', () => {
    cache.page('a', readPage);
    const other = new DatabaseSync(fixture.file);
    other.exec("INSERT INTO pets (name, category_id) VALUES ('Tom', 1)");
    other.close();
    cache.page('a', readPage);
    expect(reads).toBe(2);
    cache.page('a', readPage);
    expect(reads).toBe(2);
  });

  it(`keeps ${String(PAGES_KEPT)} pages at most, the least recently read leaving first`, () => {
    for (let key = 0; key <= PAGES_KEPT; key += 1) cache.page(String(key), readPage);
    expect(reads).toBe(PAGES_KEPT + 1);
    cache.page(String(PAGES_KEPT), readPage);
    expect(reads).toBe(PAGES_KEPT + 1);
    cache.page('0', readPage);
    expect(reads).toBe(PAGES_KEPT + 2);
  });

  it("gives the repository's pages as written, whoever wrote them: its own creates, and another connection's", async () => {
    const { repository, db, file } = fixture;
    const rex = await repository.add(aNewPet({ name: 'Rex', status: 'sold' }));
    expect(await repository.list({ limit: 10 })).toEqual([rex]);
    expect(await repository.list({ limit: 10, status: 'sold' })).toEqual([rex]);
    const tom = await repository.add(aNewPet({ name: 'Tom', status: 'sold' }));
    expect(await repository.list({ limit: 10 })).toEqual([rex, tom]);
    const other = new DatabaseSync(file);
    other.exec("INSERT INTO pets (name, category_id, status) VALUES ('Kit', 1, 'sold')");
    other.close();
    const listed = await repository.list({ limit: 10, status: 'sold' });
    expect(listed.map((pet) => pet.name)).toEqual(['Rex', 'Tom', 'Kit']);
    expect(await repository.list({ limit: 1, afterId: rex.id })).toEqual([tom]);
    expect(db.isTransaction).toBe(false);
  });
});
