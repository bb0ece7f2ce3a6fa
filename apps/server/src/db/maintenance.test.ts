import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { vacuumAndAnalyze } from './maintenance.ts';

let database: DatabaseHandle;
const table = sql.identifier(`maintenance_probe_${randomUUID().replace(/-/g, '')}`);

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table ${table} (id int primary key, note text)`);
  await database.db.execute(sql`insert into ${table} select n, 'row ' || n from generate_series(1, 2000) as n`);
  await database.db.execute(sql`delete from ${table} where id > 1500`);
});

afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${table}`);
  await database.close();
});

async function statistics(): Promise<{ visiblePages: number; rows: number }> {
  const result = await database.db.execute(sql`select relallvisible, reltuples from pg_class where oid = ${sql.raw(`'${table.value}'`)}::regclass`);
  // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
  const row = (result as unknown as { rows: { relallvisible: number; reltuples: number }[] }).rows[0]!;
  return { visiblePages: Number(row.relallvisible), rows: Number(row.reltuples) };
}

describe('vacuumAndAnalyze', () => {
  it('marks the pages all-visible and counts the live rows, which the embedded database never does by itself', async () => {
    expect((await statistics()).visiblePages).toBe(0);
    await vacuumAndAnalyze(database.db);
    const after = await statistics();
    expect(after.visiblePages).toBeGreaterThan(0);
    expect(after.rows).toBe(1500);
  });
});
