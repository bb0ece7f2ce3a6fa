/**
 * Fills the bench's database with settlements of the demo company: `count` rows inserted with SQL
 * `generate_series` in batches (a few seconds for 100 000), spread over 2 000 extra employees whose
 * superior is the demo `acceptor`. The demo `employee` owns one settlement in a thousand; one in ten
 * waits for the acceptor (submitted), two in ten for the financial check. Prints nothing.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';

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
function rowsOf<T>(result: unknown): T[] {
  return (typeof result === 'object' && result !== null && 'rows' in result ? (result as { rows: T[] }).rows : (result as T[])) ?? [];
}

export async function seedSettlements(target: { url?: string; dataDir?: string }, count = 100_000): Promise<void> {
  const database = await openDatabase(target.url ? { url: target.url } : { dataDir: target.dataDir });
  const { db } = database;
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
    const extra = await db.execute(sql`select min(id) as first from users where company_id = ${demo.company_id} and login like 'bench%'`);
    const firstExtra = Number(rowsOf<{ first: number }>(extra)[0]?.first);

    const steps = JSON.stringify([
      { stage: 'substantive', approverIds: [demo.acceptor], label: 'substantive' },
      { stage: 'financial', approverIds: [demo.finance], label: 'financial' },
    ]);
    const form = JSON.stringify(FORM);
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      // g % 10: 0–4 settled, 5–6 accepted (waiting for the financial check), 7 submitted (waiting for the acceptor), 8 created, 9 returned.
      await db.execute(sql`
        insert into delegations (company_id, user_id, created_by_id, start_date, end_date, destination_text, form, total_pln, balance_pln,
          number, is_number_permanent, status, stage, workflow_steps, current_step, settlement_date)
        select ${demo.company_id}::int, s.user_id, s.user_id, s.start_date, s.start_date + interval '13 hours', 'Kraków', ${form}::jsonb, '295.00', '295.00',
          case when g % 10 in (0, 1, 2, 3, 4, 5, 6) then 'RD/' || g || '/' || extract(year from s.start_date) end,
          g % 10 in (0, 1, 2, 3, 4, 5, 6),
          case g % 10 when 7 then 'submitted' when 8 then 'created' when 9 then 'rejectedForCorrect' when 5 then 'accepted' when 6 then 'accepted' else 'settled' end,
          case g % 10 when 7 then 'substantive' when 5 then 'financial' when 6 then 'financial' when 9 then 'substantive' else null end,
          case when g % 10 = 8 then '[]'::jsonb else ${steps}::jsonb end,
          case when g % 10 in (0, 1, 2, 3, 4, 5, 6) then 1 else 0 end,
          (s.start_date + interval '1 day')::date
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select
            case when g % 1000 = 0 then ${demo.employee}::int else ${firstExtra}::int + (g % ${EXTRA_EMPLOYEES}::int) end as user_id,
            timestamptz '2019-01-01 06:00+00' + ((g / ${EXTRA_EMPLOYEES}::int) * 2 + g % 2) * interval '1 day' as start_date) s`);
    }
    await db.execute(sql`analyze delegations`);
    await db.execute(sql`analyze users`);
  } finally {
    await database.close();
  }
}
