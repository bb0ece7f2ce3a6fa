import type { FastifyInstance } from 'fastify';
import type { SystemSettingsInput } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { exchangeRates, vehicles } from '../src/db/schema/index.ts';
import { createTripCompany, insertOrder } from './trips.ts';
import { authHeaders } from './sessions.ts';

type Headers = Record<string, string>;

/**
 * A trip company (see `createTripCompany`) with a signed-in header for each of its people and the
 * EUR rates a foreign trip in March 2026 needs.
 */
export async function settlementCompany(app: FastifyInstance, db: Database, settings: SystemSettingsInput = {}) {
  const trip = await createTripCompany(db, { superior_is_acceptor: true, ...settings });
  const [employee, acceptor, finance, admin, colleague] = await Promise.all(
    [trip.employee, trip.acceptor, trip.finance, trip.admin, trip.colleague].map((user) => authHeaders(app, trip.company, user)),
  );
  await db.insert(exchangeRates).values(
    ['2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-04-17'].map((rateDate, index) => ({
      companyId: trip.company.id,
      currency: 'EUR',
      rateDate,
      rate: `4.2${index}00`,
      tableNo: `0${45 + index}/A/NBP/2026`,
      source: 'nbp',
    })),
  );
  return { ...trip, headers: { employee, acceptor, finance, admin, colleague } as Record<'employee' | 'acceptor' | 'finance' | 'admin' | 'colleague', Headers> };
}

export type SettlementCompany = Awaited<ReturnType<typeof settlementCompany>>;

const rail = (from: string, to: string, start: string, end: string, amount: string) => ({
  transport_type: 'rail',
  settlement_type_id: 'ticketScan',
  from_place_text: from,
  to_place_text: to,
  start_date: start,
  end_date: end,
  amount_in_currency: amount,
  currency: 'PLN',
});

/**
 * A valid one-day domestic settlement: 13 hours in Kraków (45.00 zł per diem) and two train
 * tickets (120.00 + 130.00 zł), 295.00 zł in all. `day` moves it to another day of March 2026.
 */
export function domesticForm(overrides: Record<string, unknown> = {}, day = '2026-03-10') {
  return {
    start_date: `${day} 07:00`,
    end_date: `${day} 20:00`,
    destinationText: 'Kraków',
    task: 'Spotkanie z klientem',
    transport: [rail('Warszawa', 'Kraków', `${day} 07:00`, `${day} 10:00`, '120.00'), rail('Kraków', 'Warszawa', `${day} 17:00`, `${day} 20:00`, '130.00')],
    country: [{ country_code: 'PL', in_date: `${day} 07:00`, out_date: `${day} 20:00` }],
    ...overrides,
  };
}

/** The accepted order a domestic settlement of `day` is made from. */
export async function acceptedOrder(db: Database, companyId: number, userId: number, values: Parameters<typeof insertOrder>[3] = {}, day = '2026-03-10') {
  return insertOrder(db, companyId, userId, {
    status: 'accepted',
    number: `PW/${Math.floor(Math.random() * 1e6)}/2026`,
    isNumberPermanent: true,
    acceptedAt: new Date('2026-03-01T10:00:00Z'),
    // 07:00 and 20:00 Warsaw time in March (CET).
    startDate: new Date(`${day}T06:00:00Z`),
    endDate: new Date(`${day}T19:00:00Z`),
    destinations: [{ place_text: 'Kraków', country_code: 'PL' }],
    allowedTransport: ['rail'],
    ...values,
  });
}

/** A vehicle of the company straight into the table: the employee's own car (1600 cm³) unless told otherwise. */
export async function insertVehicle(db: Database, companyId: number, ownerUserId: number | null, values: Partial<typeof vehicles.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(vehicles)
    .values({ companyId, ownerUserId, plates: `WX ${Math.floor(Math.random() * 1e6)}`, model: 'Skoda Octavia', engineCapacity: 1600, type: 'car', isPrivate: ownerUserId !== null, ...values })
    .returning({ id: vehicles.id });
  return row!.id;
}
