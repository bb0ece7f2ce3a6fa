import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COMPANY_CODE, systemSettingsSchema, type SystemSettings } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { companies, providerSettings, sessions, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';
import { toCompanyRecord, type CompanyRecord } from '../company/company.repo.ts';

export interface CompanyListFilter {
  search?: string;
  status: 'all' | 'active' | 'disabled';
  sort: 'name' | 'code' | 'created_at';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  name: sql`lower(${companies.name})`,
  code: sql`lower(${companies.code})`,
  created_at: companies.createdAt,
} as const;

// Spelled out: inside a subquery the builder would leave both columns unqualified, and both would name `users`.
const userCount = sql<number>`(SELECT count(*)::int FROM users u WHERE u.company_id = "companies"."id")`.as('user_count');

/** The single row of `provider_settings`. */
const PROVIDER_SETTINGS_ID = 1;

/** The companies the provider runs, never its own `admin` company (the provider's repository: no company scope applies). */
function listConditions(filter: CompanyListFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [ne(sql`lower(${companies.code})`, ADMIN_COMPANY_CODE)];
  if (filter.status === 'active') where.push(eq(companies.isActive, true));
  if (filter.status === 'disabled') where.push(eq(companies.isActive, false));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(or(ilike(companies.code, pattern), ilike(companies.name, pattern), ilike(companies.nip, pattern)));
  }
  return and(...where);
}

export const companiesRepo = {
  async list(db: Executor, filter: CompanyListFilter, page: { offset: number; limit: number }) {
    const where = listConditions(filter);
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ company: companies, userCount })
        .from(companies)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[filter.sort]), asc(companies.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(companies).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /** One company other than the provider's own, with its user count; null for `admin` or an unknown id. */
  async findListItem(db: Executor, id: number) {
    const [row] = await db
      .select({ company: companies, userCount })
      .from(companies)
      .where(and(eq(companies.id, id), ne(sql`lower(${companies.code})`, ADMIN_COMPANY_CODE)))
      .limit(1);
    return row ?? null;
  },

  async isCodeTaken(db: Executor, code: string): Promise<boolean> {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(sql`lower(${companies.code})`, code)).limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, values: { code: string; name: string; nip: string; settings: SystemSettings }): Promise<CompanyRecord> {
    const [row] = await db.insert(companies).values(values).returning();
    return toCompanyRecord(row!);
  },

  /** Changing the state raises the company's actor version (trigger), so every cached actor of it is rebuilt. */
  async setActive(db: Executor, id: number, isActive: boolean): Promise<void> {
    await db
      .update(companies)
      .set({ isActive, updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
      .where(eq(companies.id, id));
  },

  /** Ends every open session of the company's users (the company was disabled). */
  async endCompanySessions(db: Executor, companyId: number, now: Date, reason: string): Promise<number> {
    const ended = await db
      .update(sessions)
      .set({ endedAt: now, endReason: reason })
      .where(and(eq(sessions.companyId, companyId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    return ended.length;
  },

  /**
   * The user a provider administrator acts as inside the company: its longest-standing active user
   * holding `companyAdmin` directly or through an unblocked role (parent roles are not followed).
   */
  async firstAdministrator(db: Executor, companyId: number) {
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.isActive, true),
          sql`(EXISTS (SELECT 1 FROM user_permissions up WHERE up.user_id = ${users.id} AND up.permission_name = 'companyAdmin')
            OR EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN role_permissions rp ON rp.role_id = r.id
                        WHERE ur.user_id = ${users.id} AND r.company_id = ${companyId} AND NOT r.is_blocked AND rp.permission_name = 'companyAdmin'))`,
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return row ?? null;
  },

  /** A user of any company with that company (the provider acting in a company's context). */
  async findUserWithCompany(db: Executor, userId: number) {
    const [row] = await db.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId)).limit(1);
    return row ? { user: row.user, company: toCompanyRecord(row.company) } : null;
  },

  /** The settings a new company starts with; the domain's defaults until the provider saves their own. */
  async newCompanySettings(db: Executor, options: { forUpdate?: boolean } = {}): Promise<SystemSettings> {
    const query = db.select().from(providerSettings).where(eq(providerSettings.id, PROVIDER_SETTINGS_ID)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    // Settings saved by an older version get the defaults of settings added since.
    return systemSettingsSchema.parse(row?.newCompanySettings ?? {});
  },

  async saveNewCompanySettings(db: Executor, settings: SystemSettings): Promise<void> {
    await db
      .insert(providerSettings)
      .values({ id: PROVIDER_SETTINGS_ID, newCompanySettings: settings })
      .onConflictDoUpdate({
        target: providerSettings.id,
        set: { newCompanySettings: settings, updatedAt: sql`now()`, version: sql`${providerSettings.version} + 1` },
      });
  },
};
