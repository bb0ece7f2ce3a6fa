import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reuseParsedStatements } from './pglite-statements.ts';

let client: PGlite;

/** The named statements the session holds, with how often each was planned which way. */
async function parsedStatements(on = client) {
  const result = await on.query<{ statement: string; custom_plans: number; generic_plans: number }>(
    'select statement, custom_plans::int, generic_plans::int from pg_prepared_statements order by prepare_time',
  );
  return result.rows;
}

// One database for the file (starting one takes seconds): each test makes its table anew and reads its own texts.
beforeAll(async () => {
  client = new PGlite();
  await reuseParsedStatements(client);
});

afterAll(async () => {
  await client.close();
});

beforeEach(async () => {
  await client.exec(`
    drop table if exists trips;
    create table trips (id int primary key, name text not null, starts timestamptz, facts jsonb, stops int[]);
    insert into trips values (1, 'Kraków', '2026-03-01 06:00+01', '{"rail": true}', '{1,2}'), (2, 'Gdańsk', null, null, null);`);
});

describe('parameterised queries on the embedded database', () => {
  it('parse each text once and answer every call with that call’s values', async () => {
    const text = 'select id, name from trips where id = $1';
    const first = await client.query<{ id: number; name: string }>(text, [1]);
    const second = await client.query<{ id: number; name: string }>(text, [2]);
    expect(first.rows).toEqual([{ id: 1, name: 'Kraków' }]);
    expect(second.rows).toEqual([{ id: 2, name: 'Gdańsk' }]);
    const statements = await parsedStatements();
    expect(statements.filter((statement) => statement.statement === text)).toHaveLength(1);
  });

  it('plan every execution for its values, as unnamed statements are', async () => {
    const text = 'select name, starts from trips where id = $1';
    for (let call = 0; call < 8; call += 1) await client.query(text, [1 + (call % 2)]);
    const statement = (await parsedStatements()).find((parsed) => parsed.statement === text);
    expect(statement).toMatchObject({ custom_plans: 8, generic_plans: 0 });
  });

  it('pass dates, JSON, arrays and nulls by the types the database inferred, and parse answers as PGlite does', async () => {
    await client.query('insert into trips values ($1, $2, $3, $4, $5)', [3, 'Poznań', new Date('2026-04-02T05:00:00Z'), { car: 'own' }, [3, 4]]);
    await client.query('insert into trips values ($1, $2, $3, $4, $5)', [4, 'Łódź', null, null, null]);
    const named = await client.query('select * from trips where id = any($1::int[]) order by id', [[3, 4]]);
    const unnamed = await client.query('select * from trips where id in (3, 4) order by id');
    expect(named.rows).toEqual(unnamed.rows);
    expect(named.rows[0]).toEqual({ id: 3, name: 'Poznań', starts: new Date('2026-04-02T05:00:00Z'), facts: { car: 'own' }, stops: [3, 4] });
    expect(named.fields).toEqual(unnamed.fields);
    const asArrays = await client.query('select id, name from trips where id = $1', [3], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([[3, 'Poznań']]);
  });

  it('report a failed statement with its code and text, and keep serving the next ones', async () => {
    const insert = 'insert into trips (id, name) values ($1, $2)';
    const failure = await client.query(insert, [1, 'again']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert });
    const syntax = await client.query('selec name from trips where id = $1', [1]).catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    await client.query(insert, [5, 'Opole']);
    expect((await client.query('select name from trips where id = $1', [5])).rows).toEqual([{ name: 'Opole' }]);
  });

  it('keep at most the given number of texts parsed, closing the least recently used, and refuse queries once the database is closed', async () => {
    const small = new PGlite();
    try {
      await reuseParsedStatements(small, 2);
      const texts = ['select 1 + $1::int as n', 'select 2 + $1::int as n', 'select 3 + $1::int as n'];
      await small.query(texts[0]!, [1]);
      await small.query(texts[1]!, [1]);
      await small.query(texts[0]!, [1]);
      await small.query(texts[2]!, [1]);
      expect((await parsedStatements(small)).map((statement) => statement.statement).sort()).toEqual([texts[0], texts[2]]);
      expect((await small.query<{ n: number }>(texts[1]!, [1])).rows).toEqual([{ n: 3 }]);
    } finally {
      await small.close();
    }
    await expect(small.query('select 1 + $1::int as n', [1])).rejects.toThrow('PGlite is closed');
  });

  it('answer a text parsed before its table changed with the table as it is now', async () => {
    const text = 'select * from trips where id = $1';
    await client.query(text, [2]);
    await client.exec('alter table trips add column purpose text');
    const after = await client.query<Record<string, unknown>>(text, [2]);
    expect(after.rows[0]).toMatchObject({ id: 2, purpose: null });
    expect((await client.query<Record<string, unknown>>(text, [2])).rows[0]).toHaveProperty('purpose', null);
  });

  it('deliver notifications sent by a parameterised statement to the listeners', async () => {
    const heard: string[] = [];
    await client.listen('trip_changed', (payload) => heard.push(payload));
    await client.query('select pg_notify($1, $2)', ['trip_changed', '7']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual(['7']);
  });

  it('leave statements inside a transaction and those without parameters to PGlite', async () => {
    const inTransaction = 'update trips set name = $1 where id = $2';
    const withoutParameters = 'select name from trips order by id';
    await client.transaction(async (tx) => {
      await tx.query(inTransaction, ['Kraków Główny', 1]);
    });
    await client.query(withoutParameters);
    const texts = (await parsedStatements()).map((statement) => statement.statement);
    expect(texts).not.toContain(inTransaction);
    expect(texts).not.toContain(withoutParameters);
    expect((await client.query('select name from trips where id = $1', [1])).rows).toEqual([{ name: 'Kraków Główny' }]);
  });
});
