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
