import { eq, sql } from 'drizzle-orm';
import { systemSettingsSchema, type SystemSettings, type SystemSettingsInput } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export interface CompanyRecord {
  id: number;
  code: string;
  name: string;
  settings: SystemSettings;
  isActive: boolean;
  /** Raised by triggers whenever the company's rate data changes (see `company-rates-cache.ts`). */
  ratesVersion: number;
  /** Raised by triggers whenever anything a request's actor is made of changes (see `auth/actor-cache.ts`). */
  actorVersion: number;
}

export function toCompanyRecord(row: typeof companies.$inferSelect): CompanyRecord {
  // Settings saved by an older version get the defaults of settings added since.
  return { id: row.id, code: row.code, name: row.name, settings: systemSettingsSchema.parse(row.settings), isActive: row.isActive, ratesVersion: row.ratesVersion, actorVersion: row.actorVersion };
}

export const companyRepo = {
  async findByCode(db: Executor, code: string): Promise<CompanyRecord | null> {
    const [row] = await db
      .select()
      .from(companies)
      .where(eq(sql`lower(${companies.code})`, code.trim().toLowerCase()))
      .limit(1);
    return row ? toCompanyRecord(row) : null;
  },

  async findById(db: Executor, id: number): Promise<CompanyRecord | null> {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row ? toCompanyRecord(row) : null;
  },

  /** The company's `actor_version` as committed now (migration 0019's triggers raise it), by primary key. */
  async actorVersionOf(db: Executor, id: number): Promise<number | null> {
    const [row] = await db.select({ actorVersion: companies.actorVersion }).from(companies).where(eq(companies.id, id)).limit(1);
    return row?.actorVersion ?? null;
  },

  async create(db: Executor, input: { code: string; name: string; settings?: SystemSettingsInput }): Promise<CompanyRecord> {
    const [row] = await db
      .insert(companies)
      .values({ code: input.code, name: input.name, settings: systemSettingsSchema.parse(input.settings ?? {}) })
      .returning();
    return toCompanyRecord(row!);
  },

  async count(db: Executor): Promise<number> {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
    return row?.count ?? 0;
  },
};

/** Ids of every company, active or not: for jobs that clean up rather than keep data current. */
export async function listAllCompanyIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies);
  return rows.map((row) => row.id);
}

/** Ids of the companies whose data jobs keep up to date. */
export async function listActiveCompanyIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.isActive, true));
  return rows.map((row) => row.id);
}
