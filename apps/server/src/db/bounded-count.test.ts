import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { boundedUnionCount, pageTotal } from './bounded-count.ts';
import type { DatabaseHandle } from './client.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Ids 1–50 seen one way and 41–80 another: 80 distinct ids, 10 of them seen both ways. */
const branches = [sql`select n as id from generate_series(1, 50) as n`, sql`select n as id from generate_series(41, 80) as n`];

async function counted(limit: number): Promise<number> {
  const result = await database.db.execute(sql`select ${boundedUnionCount(branches, limit)} as "total"`);
  // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
  return Number((result as unknown as { rows: { total: number | string }[] }).rows[0]!.total);
}

describe('boundedUnionCount', () => {
  it('counts the distinct ids of every way exactly while they stay below the limit', async () => {
    expect(await counted(81)).toBe(80);
  });

  it('stops at the limit when the ways together reach it, even if no single way does', async () => {
    expect(await counted(60)).toBe(60);
  });

  it('stops at the limit when one way alone passes it', async () => {
    expect(await counted(30)).toBe(30);
  });
});

describe('pageTotal', () => {
  const count = boundedUnionCount(branches, 81);

  it('reads the count the page rows carry, without asking again', async () => {
    expect(await pageTotal(database.db, [{ total: '80' }, { total: '80' }], sql<number>`(select 1 / 0)`, { offset: 25 })).toEqual({ total: 80, total_is_exact: true });
  });

  it('says no match for an empty first page', async () => {
    expect(await pageTotal(database.db, [], count, { offset: 0 })).toEqual({ total: 0, total_is_exact: true });
  });

  it('asks the count alone for a page past the end, which has no row to carry it', async () => {
    expect(await pageTotal(database.db, [], count, { offset: 100 })).toEqual({ total: 80, total_is_exact: true });
  });
});
