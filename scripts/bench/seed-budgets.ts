/**
 * Gives the bench's company `count` cost centres, each with a budget over the years of the seeded
 * documents and today, and charges the documents `seedSettlements` made to them in turn, so each
 * budget has settled settlements (spent) and accepted orders without a settled settlement (committed).
 * Run after `seedSettlements`. Prints nothing.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { vacuumAndAnalyze } from '../../apps/server/src/db/maintenance.ts';
import { rowsOf } from './seed-settlements.ts';

export async function seedBudgets(target: { url?: string; dataDir?: string }, count = 1_000): Promise<void> {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  const { db } = database;
  try {
    const [demo] = rowsOf<{ id: number }>(await db.execute(sql`select id from companies where lower(code) = 'demo'`));
    if (!demo) throw new Error('the demo company is missing: start the server once first');
    await db.execute(sql`
      insert into cost_centres (company_id, ordinate, name)
      select ${demo.id}::int, 'BENCH-' || lpad(g::text, 4, '0'), 'Bench cost centre ' || g
      from generate_series(1, ${count}::int) g`);
    await db.execute(sql`
      insert into cost_centre_budgets (company_id, cost_centre_id, date_from, date_to, amount)
      select company_id, id, date '2019-01-01', date '2030-12-31', '50000.00'
      from cost_centres where company_id = ${demo.id}::int and ordinate like 'BENCH-%'`);
    // The orders go to the cost centres in turn, each settlement to its order's (or, without an order, in turn).
    await db.execute(sql`
      update delegation_orders d set cost_centre_id = c.id
      from (select id, row_number() over (order by id) - 1 as n from cost_centres where company_id = ${demo.id}::int and ordinate like 'BENCH-%') c
      where d.company_id = ${demo.id}::int and c.n = d.id % ${count}::int`);
    await db.execute(sql`
      update delegations d set cost_centre_id = o.cost_centre_id
      from delegation_orders o
      where d.company_id = ${demo.id}::int and o.id = d.delegation_order_id and o.cost_centre_id is not null`);
    await db.execute(sql`
      update delegations d set cost_centre_id = c.id
      from (select id, row_number() over (order by id) - 1 as n from cost_centres where company_id = ${demo.id}::int and ordinate like 'BENCH-%') c
      where d.company_id = ${demo.id}::int and d.delegation_order_id is null and d.cost_centre_id is null and c.n = d.id % ${count}::int`);
    await vacuumAndAnalyze(db);
  } finally {
    await database.close();
  }
}
