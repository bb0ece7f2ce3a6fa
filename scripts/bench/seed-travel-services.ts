/**
 * Fills the bench's database with `count` travel-service orders of the demo company, inserted with SQL
 * `generate_series` in batches: each order has one item, a copy of the type and parameters of the demo's
 * first item (so valid for its type's schema), with its traveller the order's owner. The demo
 * `employee` owns (orders for herself, creates and travels on) one order in a hundred; the others are
 * spread over the company's other users. Only statuses reachable without offers are used, each order's
 * status the one `deriveOrderStatus` gives for its item: 0–7 of ten waiting for the consultant (`new`
 * / `awaitingAgentResponse`), 8 waiting for the client's information (`awaitingInfoForOffer` /
 * `clarificationForOffer`), 9 cancelled by the client (`rejectedByClient` / `canceledByClient`). The
 * orders were created one a minute back from now. Prints nothing.
 */
import { sql } from 'drizzle-orm';
import { deriveOrderStatus, type ItemStatus } from '@delego/domain';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { vacuumAndAnalyze } from '../../apps/server/src/db/maintenance.ts';
import { rowsOf } from './seed-settlements.ts';

const BATCH = 25_000;
/** Item status by `g % 10`, as above. */
const ITEM_STATUS_OF: ItemStatus[] = [...Array<ItemStatus>(8).fill('awaitingAgentResponse'), 'clarificationForOffer', 'canceledByClient'];

export async function seedTravelServices(target: { url?: string; dataDir?: string }, count = 100_000): Promise<void> {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  const { db } = database;
  const scalar = async (query: ReturnType<typeof sql>) => Number(Object.values(rowsOf<Record<string, unknown>>(await db.execute(query))[0] ?? {})[0] ?? 0);
  try {
    const [demo] = rowsOf<{ company_id: number; employee: number }>(
      await db.execute(sql`
        select c.id as company_id, (select id from users where company_id = c.id and login = 'employee') as employee
        from companies c where lower(c.code) = 'demo'`),
    );
    if (!demo) throw new Error('the demo company is missing: start the server once first');
    const [template] = rowsOf<{ type: string; params: unknown }>(
      await db.execute(sql`select type, params from travel_service_order_items where company_id = ${demo.company_id} order by id limit 1`),
    );
    if (!template) throw new Error('the demo company has no travel-service item to copy');
    const others = await scalar(sql`select count(*) from users where company_id = ${demo.company_id} and id <> ${demo.employee}`);
    const statusCase = (statuses: readonly string[]) => sql.raw(`case g % 10 ${statuses.map((status, index) => `when ${index} then '${status}'`).join(' ')} end`);
    const orderStatus = statusCase(ITEM_STATUS_OF.map((status) => deriveOrderStatus([status])));
    const itemStatus = statusCase(ITEM_STATUS_OF);

    // Identities are given in order by one session, so order g gets the id before the first plus g.
    const orderBase = await scalar(sql`select coalesce(max(id), 0) from travel_service_orders`);
    const itemBase = await scalar(sql`select coalesce(max(id), 0) from travel_service_order_items`);
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await db.execute(sql`
        insert into travel_service_orders (company_id, user_id, created_by_id, status, start_date, end_date, created_at, updated_at)
        select ${demo.company_id}::int, o.id, o.id, ${orderStatus}, s.day, s.day + 2, now() - g * interval '1 minute', now() - g * interval '1 minute'
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select (current_date + 30 - g / 100)::date as day) s,
          lateral (select id from users where company_id = ${demo.company_id}::int
            and case when g % 100 = 0 then id = ${demo.employee}::int else id <> ${demo.employee}::int end
            order by id offset case when g % 100 = 0 then 0 else g % ${others}::int end limit 1) o`);
      await db.execute(sql`
        insert into travel_service_order_items (company_id, order_id, guid, sequence, type, status, params, start_date, end_date, created_at, updated_at)
        select ${demo.company_id}::int, ${orderBase}::int + g, 'bench-' || g, 1, ${template.type}, ${itemStatus}, ${JSON.stringify(template.params)}::jsonb,
          o.start_date, o.end_date, o.created_at, o.created_at
        from generate_series(${from}::int, ${to}::int) g
          join travel_service_orders o on o.id = ${orderBase}::int + g`);
    }
    const firstOrder = await scalar(sql`select min(id) from travel_service_orders where id > ${orderBase}`);
    const firstItem = await scalar(sql`select min(id) from travel_service_order_items where id > ${itemBase}`);
    if (firstOrder !== orderBase + 1 || firstItem !== itemBase + 1) throw new Error('the bench travel-service orders were not numbered in one run');
    await db.execute(sql`
      insert into travel_service_passengers (company_id, item_id, position, company_user_id, name, surname, email)
      select i.company_id, i.id, 1, u.id, u.name, u.surname, u.email
      from travel_service_order_items i join travel_service_orders o on o.id = i.order_id join users u on u.id = o.user_id
      where i.id > ${itemBase}::int order by i.id`);
    await vacuumAndAnalyze(db);
  } finally {
    await database.close();
  }
}
