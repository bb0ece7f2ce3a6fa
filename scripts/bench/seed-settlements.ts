/**
 * Fills the bench's database with trip orders and settlements of the demo company: `count` of each
 * inserted with SQL `generate_series` in batches (a few seconds for 100 000), spread over 2 000 extra
 * employees whose superior is the demo `acceptor`, with the decision history each status implies. The
 * demo `employee` owns one document in a thousand. Of the settlements one in ten waits for the
 * acceptor (submitted), two in ten for the financial check; of the orders one in ten waits for the
 * acceptor. Each accepted order has its settlement, and every order an advance. Prints nothing.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { vacuumAndAnalyze } from '../../apps/server/src/db/maintenance.ts';

const EXTRA_EMPLOYEES = 2_000;
const BATCH = 25_000;

/** A one-day domestic settlement as the form stores it (the list never reads the form). */
const FORM = {
  destinationText: 'Kraków',
  transport: [
    { transport_type: 'rail', settlement_type_id: 'ticketScan', start_date: '2025-01-01 07:00', end_date: '2025-01-01 10:00', amount_in_currency: '120.00', currency: 'PLN' },
    { transport_type: 'rail', settlement_type_id: 'ticketScan', start_date: '2025-01-01 17:00', end_date: '2025-01-01 20:00', amount_in_currency: '130.00', currency: 'PLN' },
  ],
  country: [{ country_code: 'PL', in_date: '2025-01-01 07:00', out_date: '2025-01-01 20:00' }],
};

/** The rows of `db.execute`: pg answers `{ rows }`, PGlite through Drizzle too; either way a list of records. */
export function rowsOf<T>(result: unknown): T[] {
  return (typeof result === 'object' && result !== null && 'rows' in result ? (result as { rows: T[] }).rows : (result as T[])) ?? [];
}

export async function seedSettlements(target: { url?: string; dataDir?: string }, count = 100_000): Promise<void> {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  const { db } = database;
  const scalar = async (query: ReturnType<typeof sql>) => Number(Object.values(rowsOf<Record<string, unknown>>(await db.execute(query))[0] ?? {})[0] ?? 0);
  try {
    const people = await db.execute(sql`
      select c.id as company_id,
        (select id from users where company_id = c.id and login = 'employee') as employee,
        (select id from users where company_id = c.id and login = 'acceptor') as acceptor,
        (select id from users where company_id = c.id and login = 'finance') as finance
      from companies c where lower(c.code) = 'demo'`);
    const [demo] = rowsOf<{ company_id: number; employee: number; acceptor: number; finance: number }>(people);
    if (!demo) throw new Error('the demo company is missing: start the server once first');

    await db.execute(sql`
      insert into users (company_id, login, email, password_hash, name, surname, superior_id)
      select ${demo.company_id}, 'bench' || g, 'bench' || g || '@bench.delego.local', '!', 'Pracownik', 'Testowy ' || g, ${demo.acceptor}
      from generate_series(1, ${EXTRA_EMPLOYEES}::int) g`);
    const firstExtra = await scalar(sql`select min(id) from users where company_id = ${demo.company_id} and login like 'bench%'`);
    // Document g of the bench belongs to this employee and starts on this day, the order and its settlement alike.
    const owner = sql`case when g % 1000 = 0 then ${demo.employee}::int else ${firstExtra}::int + (g % ${EXTRA_EMPLOYEES}::int) end`;
    const startDate = sql`timestamptz '2019-01-01 06:00+00' + ((g / ${EXTRA_EMPLOYEES}::int) * 2 + g % 2) * interval '1 day'`;

    const orderSteps = JSON.stringify([{ stage: 'substantive', approverIds: [demo.acceptor], label: 'substantive' }]);
    const destinations = JSON.stringify([{ place_text: 'Kraków', country_code: 'PL' }]);
    // Identities are given in order by one session, so order g gets the id before the first plus g.
    const orderBase = await scalar(sql`select coalesce(max(id), 0) from delegation_orders`);
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      // g % 10: 0–6 accepted, 7 submitted (waiting for the acceptor), 8 created, 9 returned for correction.
      await db.execute(sql`
        insert into delegation_orders (company_id, user_id, created_by_id, start_date, end_date, destinations, destination_text, estimated_total_cost,
          number, is_number_permanent, status, stage, workflow_steps, current_step, decider_ids, sent_at, accepted_at)
        select ${demo.company_id}::int, s.user_id, s.user_id, s.start_date, s.start_date + interval '13 hours', ${destinations}::jsonb, 'Kraków', '295.00',
          case when g % 10 <= 6 then 'PD/' || g || '/' || extract(year from s.start_date) end,
          g % 10 <= 6,
          case g % 10 when 7 then 'submitted' when 8 then 'created' when 9 then 'rejectedForCorrect' else 'accepted' end,
          case g % 10 when 7 then 'substantive' when 9 then 'substantive' else null end,
          case when g % 10 = 8 then '[]'::jsonb else ${orderSteps}::jsonb end,
          0,
          -- Who decided it, as the workflow keeps it beside the decisions inserted below.
          case g % 10 when 8 then '[]'::jsonb when 7 then jsonb_build_array(s.user_id) else jsonb_build_array(s.user_id, ${demo.acceptor}::int) end,
          case when g % 10 <> 8 then s.start_date - interval '7 days' end,
          case when g % 10 <= 6 then s.start_date - interval '6 days' end
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select ${owner} as user_id, ${startDate} as start_date) s`);
    }
    const firstOrder = await scalar(sql`select min(id) from delegation_orders where id > ${orderBase}`);
    if (firstOrder !== orderBase + 1) throw new Error('the bench orders were not numbered in one run');

    const steps = JSON.stringify([
      { stage: 'substantive', approverIds: [demo.acceptor], label: 'substantive' },
      { stage: 'financial', approverIds: [demo.finance], label: 'financial' },
    ]);
    const form = JSON.stringify(FORM);
    const settlementBase = await scalar(sql`select coalesce(max(id), 0) from delegations`);
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      // g % 10: 0–4 settled, 5–6 accepted (waiting for the financial check), 7 submitted (waiting for the acceptor), 8 created, 9 returned.
      await db.execute(sql`
        insert into delegations (company_id, user_id, created_by_id, delegation_order_id, start_date, end_date, destination_text, form, total_pln, balance_pln,
          number, is_number_permanent, status, stage, workflow_steps, current_step, decider_ids, settlement_date)
        select ${demo.company_id}::int, s.user_id, s.user_id, case when g % 10 <= 6 then ${orderBase}::int + g end,
          s.start_date, s.start_date + interval '13 hours', 'Kraków', ${form}::jsonb, '295.00', '295.00',
          case when g % 10 in (0, 1, 2, 3, 4, 5, 6) then 'RD/' || g || '/' || extract(year from s.start_date) end,
          g % 10 in (0, 1, 2, 3, 4, 5, 6),
          case g % 10 when 7 then 'submitted' when 8 then 'created' when 9 then 'rejectedForCorrect' when 5 then 'accepted' when 6 then 'accepted' else 'settled' end,
          case g % 10 when 7 then 'substantive' when 5 then 'financial' when 6 then 'financial' when 9 then 'substantive' else null end,
          case when g % 10 = 8 then '[]'::jsonb else ${steps}::jsonb end,
          case when g % 10 in (0, 1, 2, 3, 4, 5, 6) then 1 else 0 end,
          -- Who decided it, as the workflow keeps it beside the decisions inserted below.
          case when g % 10 = 8 then '[]'::jsonb
            when g % 10 = 7 then jsonb_build_array(s.user_id)
            when g % 10 in (5, 6, 9) then jsonb_build_array(s.user_id, ${demo.acceptor}::int)
            else jsonb_build_array(s.user_id, ${demo.acceptor}::int, ${demo.finance}::int) end,
          (s.start_date + interval '1 day')::date
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select ${owner} as user_id, ${startDate} as start_date) s`);
    }

    // The history the statuses imply: sent by the employee, accepted or returned by the acceptor, settled by finance.
    const decisions = (kind: string, table: string, base: number, action: string, from: string, to: string, stage: string, step: number, decider: ReturnType<typeof sql>, statuses: string[]) =>
      db.execute(sql`
        insert into document_decisions (company_id, document_kind, document_id, action, from_status, to_status, stage, step, user_id, context_user_id, created_at)
        select company_id, ${kind}, id, ${action}, ${from}, ${to}, ${stage}, ${step}::int, ${decider}, ${decider}, start_date - interval '5 days'
        from ${sql.identifier(table)} where id > ${base}::int and status in (${sql.join(statuses.map((status) => sql`${status}`), sql`, `)})
        order by id`);
    const acceptor = sql`${demo.acceptor}::int`;
    const finance = sql`${demo.finance}::int`;
    const employee = sql.raw('user_id');
    await decisions('delegationOrder', 'delegation_orders', orderBase, 'submit', 'created', 'submitted', 'substantive', 0, employee, ['submitted', 'accepted', 'rejectedForCorrect']);
    await decisions('delegationOrder', 'delegation_orders', orderBase, 'accept', 'submitted', 'accepted', 'substantive', 0, acceptor, ['accepted']);
    await decisions('delegationOrder', 'delegation_orders', orderBase, 'returnForCorrection', 'submitted', 'rejectedForCorrect', 'substantive', 0, acceptor, ['rejectedForCorrect']);
    await decisions('delegation', 'delegations', settlementBase, 'submit', 'created', 'submitted', 'substantive', 0, employee, ['submitted', 'accepted', 'settled', 'rejectedForCorrect']);
    await decisions('delegation', 'delegations', settlementBase, 'accept', 'submitted', 'accepted', 'substantive', 0, acceptor, ['accepted', 'settled']);
    await decisions('delegation', 'delegations', settlementBase, 'returnForCorrection', 'submitted', 'rejectedForCorrect', 'substantive', 0, acceptor, ['rejectedForCorrect']);
    await decisions('delegation', 'delegations', settlementBase, 'settle', 'accepted', 'settled', 'financial', 1, finance, ['settled']);

    // An advance on every order, as the order's status allows: paid or approved on accepted trips, waiting for the
    // financial decision on some accepted and every submitted one, undecided on those being written, rejected on returned ones.
    await db.execute(sql`
      insert into advances (company_id, user_id, delegation_order_id, amount_in_currency, currency, payment_type, payment_date, status)
      select company_id, user_id, id, '300.00', 'PLN', 'transfer', (start_date - interval '3 days')::date,
        case (id - ${orderBase}::int) % 10 when 0 then 'paid' when 1 then 'paid' when 2 then 'paid' when 3 then 'paid' when 4 then 'paid'
          when 5 then 'approved' when 9 then 'rejected' else 'unknown' end
      from delegation_orders where id > ${orderBase}::int order by id`);

    // As a maintained database is: autovacuum on a server, the maintenance job on the embedded one.
    await vacuumAndAnalyze(db);
  } finally {
    await database.close();
  }
}
