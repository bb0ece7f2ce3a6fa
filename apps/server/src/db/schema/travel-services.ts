import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OfferPart, OfferRequirements, TravellerData } from '@delego/domain';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { delegationOrders } from './trips.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/**
 * A travel-service order (spec §3 "Travel service order"). Its status is derived from its items'
 * statuses after every change (`deriveOrderStatus`); the first and last service day are kept for
 * the list's date filter and order.
 */
export const travelServiceOrders = pgTable(
  'travel_service_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** The worker the services are ordered for. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    /** The trip order the services belong to (its `travel_service_order_ids[]`). */
    delegationOrderId: integer('delegation_order_id').references(() => delegationOrders.id),
    externalCustomerId: integer('external_customer_id'),
    projectId: integer('project_id'),
    status: text('status').notNull().default('new'),
    /**
     * The extra acceptance of an order whose chosen offers exceed their cost centre's budget (company setting
     * `budget_exceeded_rule: accept`, ADR 0021): `pending` while the budget keepers decide, `accepted` once they did.
     */
    budgetAcceptance: text('budget_acceptance'),
    comment: text('comment').notNull().default(''),
    /** The company's extra fields: `[{ id, value }]`. */
    additionalParameters: jsonb('additional_parameters').$type<{ id: number; value: string | null }[]>().notNull().default([]),
    startDate: date('start_date'),
    endDate: date('end_date'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('travel_service_orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('travel_service_orders_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('travel_service_orders_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('travel_service_orders_company_created_by_idx').on(t.companyId, t.createdById, t.createdAt),
    index('travel_service_orders_trip_order_idx').on(t.companyId, t.delegationOrderId),
    // The consultants' list of every company, newest first.
    index('travel_service_orders_created_idx').on(t.createdAt, t.id),
  ],
);

/** One service of an order (spec §3 "Order item"), with its parameters as the domain schema of its type defines them. */
export const travelServiceOrderItems = pgTable(
  'travel_service_order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => travelServiceOrders.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    groupGuid: text('group_guid'),
    sequence: integer('sequence').notNull(),
    /** The base item of a linked insurance. */
    relatedItemGuid: text('related_item_guid'),
    type: text('type').notNull(),
    status: text('status').notNull().default('awaitingAgentResponse'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    comment: text('comment').notNull().default(''),
    costCentreId: integer('cost_centre_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    selectedOfferId: integer('selected_offer_id'),
    bookingReference: text('booking_reference'),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
    /** The booking a bought item became in the bookings module. */
    bookingId: integer('booking_id'),
    /** The consultant's reminder for the item. */
    notify: boolean('notify').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('travel_service_items_order_idx').on(t.orderId, t.sequence),
    index('travel_service_items_type_status_idx').on(t.type, t.status),
    // The budgets' travel services (issue 11): a budget's items are those of its cost centre.
    index('travel_service_items_company_centre_idx').on(t.companyId, t.costCentreId),
    uniqueIndex('travel_service_items_guid_unique').on(t.orderId, t.guid),
  ],
);

/** A person on a service (spec §3 "Traveller"): a company user or an external person. */
export const travelServicePassengers = pgTable(
  'travel_service_passengers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    itemId: integer('item_id')
      .notNull()
      .references(() => travelServiceOrderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    companyUserId: integer('company_user_id').references(() => users.id),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    birthDate: date('birth_date'),
    documentNumber: text('document_number').notNull().default(''),
    /** The data the chosen offer required, as given when choosing. */
    offerData: jsonb('offer_data').$type<TravellerData>().notNull().default({}),
  },
  (t) => [index('travel_service_passengers_item_idx').on(t.itemId, t.position), index('travel_service_passengers_user_idx').on(t.companyId, t.companyUserId)],
);

/** A consultant's response to an item (spec §3 "Offer"). */
export const travelServiceOffers = pgTable(
  'travel_service_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    itemId: integer('item_id')
      .notNull()
      .references(() => travelServiceOrderItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('PLN'),
    parts: jsonb('parts').$type<OfferPart[]>().notNull().default([]),
    html: text('html').notNull().default(''),
    requires: jsonb('requires').$type<OfferRequirements>().notNull(),
    createdById: integer('created_by_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('travel_service_offers_item_idx').on(t.itemId, t.position)],
);

/** The order's history: each transition and change, by whom, with its comment. */
export const travelServiceOrderEvents = pgTable(
  'travel_service_order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => travelServiceOrders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** Who acted: a company user or a provider consultant (negative ids). */
    userId: integer('user_id').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('travel_service_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Spec §9 auto-read of messages: which reader has read which message (an event with a comment) of an
 * order. A message without a row is unread for everyone but its author; the row carries the order's
 * company, also when the reader is a provider consultant.
 */
export const travelServiceMessageReads = pgTable(
  'travel_service_message_reads',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => travelServiceOrderEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: companyId(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
