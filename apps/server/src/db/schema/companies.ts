import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { SystemSettings } from '@delego/domain';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** The code typed in the login form's company field. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Polish tax id (NIP), ten digits; null for companies made before the provider admin recorded it. */
    nip: text('nip'),
    /** Every system setting of spec §6 and §9; validated and defaulted by the domain schema. */
    settings: jsonb('settings').$type<SystemSettings>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /**
     * Raised by triggers on every change of the company's rate groups, per-diem overrides, mileage
     * rates and exchange rates: the calculation caches these per company and version
     * (`settlement-calculation/company-rates-cache.ts`), so any process sees a change on its next request.
     */
    ratesVersion: bigint('rates_version', { mode: 'number' }).notNull().default(0),
    /**
     * Raised by triggers on every change of what a request's actor is made of — the company row's code,
     * name, settings and state, its users, roles, role and user permissions, permission transfers and
     * substitutes (migration 0019): the authentication caches actors per session and this version
     * (`auth/actor-cache.ts`) and reads it with the session on every request.
     */
    actorVersion: bigint('actor_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('companies_code_unique').on(sql`lower(${t.code})`)],
);

/**
 * The provider's settings (spec §6 mainDbSettings): one row, id 1. `new_company_settings` are the
 * system settings a company made on `/admin/companies` starts with; no row means the domain's defaults.
 */
export const providerSettings = pgTable('provider_settings', {
  id: integer('id').primaryKey(),
  newCompanySettings: jsonb('new_company_settings').$type<SystemSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
