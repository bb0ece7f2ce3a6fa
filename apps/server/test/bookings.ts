import { travellerKeyOf } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { bookings, invoiceBookings, invoices } from '../src/db/schema/index.ts';

/** A booking of the traveller straight into the table (a rail ticket by default). */
export async function insertBooking(
  db: Database,
  companyId: number,
  userId: number | null,
  values: Partial<typeof bookings.$inferInsert> = {},
): Promise<number> {
  const travellerName = values.travellerName ?? 'Jan Testowy';
  const [row] = await db
    .insert(bookings)
    .values({
      companyId,
      kind: 'rail',
      source: 'consultant',
      userId,
      travellerName,
      travellerKey: travellerKeyOf(travellerName, values.travellerEmail ?? null),
      carrier: 'PKP Intercity',
      startPlace: 'Warszawa Centralna',
      endPlace: 'Kraków Główny',
      startAt: new Date('2026-03-10T06:00:00Z'),
      endAt: new Date('2026-03-10T09:00:00Z'),
      amountGross: '169.00',
      currency: 'PLN',
      ...values,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** An invoice covering the bookings, straight into the tables. */
export async function insertInvoice(
  db: Database,
  companyId: number,
  bookingIds: number[],
  values: Partial<typeof invoices.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(invoices)
    .values({
      companyId,
      source: 'manual',
      number: `FV/${Math.floor(Math.random() * 1e9)}/2026`,
      issueDate: '2026-03-11',
      sellerName: 'PKP Intercity S.A.',
      sellerTaxId: '5261000214',
      netTotal: '156.48',
      vatTotal: '12.52',
      grossTotal: '169.00',
      vatLines: [{ rate: '8', net: '156.48', vat: '12.52', gross: '169.00' }],
      ...values,
    })
    .returning({ id: invoices.id });
  if (bookingIds.length > 0)
    await db
      .insert(invoiceBookings)
      .values(bookingIds.map((bookingId) => ({ companyId, invoiceId: row!.id, bookingId })));
  return row!.id;
}
