import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { delegations } from './trips.ts';
import { bookings } from './bookings.ts';

/**
 * The bookings a settlement names (transport segments, accommodation, its booking list). A booking
 * can be attached to one settlement only (spec §5 "the booking was already attached"): the unique
 * index holds even when two settlements are saved at once.
 */
export const delegationBookings = pgTable(
  'delegation_bookings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    delegationId: integer('delegation_id')
      .notNull()
      .references(() => delegations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delegation_bookings_unique').on(t.companyId, t.bookingId), index('delegation_bookings_delegation_idx').on(t.delegationId)],
);
