import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';

/** Rate groups (spec §3): a company's own rates, inheriting from a parent group. */
export const rateGroups = pgTable(
  'rate_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rate_groups_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * A company's per-diem and hotel-limit override for a country (and region), in force
 * from `valid_from` to `valid_to` inclusive; `group_id` null applies to the whole company.
 */
export const delegationRates = pgTable(
  'delegation_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id').references(() => rateGroups.id),
    countryCode: text('country_code').notNull(),
    region: text('region'),
    perDiem: numeric('per_diem', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    hotelLimit: numeric('hotel_limit', { precision: 14, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delegation_rates_company_idx').on(t.companyId, t.countryCode)],
);

/** A company's mileage rate per vehicle kind, never above the statutory maximum of its date. */
export const mileageRates = pgTable(
  'mileage_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    vehicleKind: text('vehicle_kind').notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mileage_rates_company_idx').on(t.companyId, t.vehicleKind)],
);

/** The company's exchange-rate table: NBP table A mid rates, and manual entries marked as such. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    currency: text('currency').notNull(),
    /** The table's effective date (Warsaw calendar day). */
    rateDate: date('rate_date').notNull(),
    rate: numeric('rate', { precision: 12, scale: 6 }).notNull(),
    tableNo: text('table_no'),
    /** nbp | manual */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_rates_unique').on(t.companyId, t.currency, t.rateDate, t.source)],
);
