import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, travelAdditionalParameters, travelServiceAcceptors, users } from '../../db/schema/index.ts';

export type TravelParameterRow = typeof travelAdditionalParameters.$inferSelect;
export type TravelParameterValues = Pick<
  typeof travelAdditionalParameters.$inferInsert,
  'namePl' | 'nameEn' | 'type' | 'options' | 'defaultValue' | 'isRequired' | 'sortOrder' | 'isActive'
>;

export const travelServiceSettingsRepo = {
  async acceptors(db: Executor, companyId: number) {
    return db
      .select({ id: users.id, name: users.name, surname: users.surname, login: users.login, email: users.email, isActive: users.isActive })
      .from(travelServiceAcceptors)
      .innerJoin(users, and(eq(users.id, travelServiceAcceptors.userId), eq(users.companyId, travelServiceAcceptors.companyId)))
      .where(eq(travelServiceAcceptors.companyId, companyId))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  },

  async findUser(db: Executor, companyId: number, userId: number) {
    const [row] = await db
      .select({ id: users.id, isActive: users.isActive, login: users.login })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },

  /** True when the user was not an acceptor yet. */
  async addAcceptor(db: Executor, companyId: number, userId: number): Promise<boolean> {
    const rows = await db.insert(travelServiceAcceptors).values({ companyId, userId }).onConflictDoNothing().returning({ userId: travelServiceAcceptors.userId });
    return rows.length > 0;
  },

  /** True when the user was an acceptor. */
  async removeAcceptor(db: Executor, companyId: number, userId: number): Promise<boolean> {
    const rows = await db
      .delete(travelServiceAcceptors)
      .where(and(eq(travelServiceAcceptors.companyId, companyId), eq(travelServiceAcceptors.userId, userId)))
      .returning({ userId: travelServiceAcceptors.userId });
    return rows.length > 0;
  },

  async parameters(db: Executor, companyId: number): Promise<TravelParameterRow[]> {
    return db
      .select()
      .from(travelAdditionalParameters)
      .where(eq(travelAdditionalParameters.companyId, companyId))
      .orderBy(asc(travelAdditionalParameters.sortOrder), sql`lower(${travelAdditionalParameters.namePl})`, asc(travelAdditionalParameters.id));
  },

  async findParameter(db: Executor, companyId: number, id: number): Promise<TravelParameterRow | null> {
    const [row] = await db
      .select()
      .from(travelAdditionalParameters)
      .where(and(eq(travelAdditionalParameters.companyId, companyId), eq(travelAdditionalParameters.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insertParameter(db: Executor, companyId: number, values: TravelParameterValues): Promise<TravelParameterRow> {
    const [row] = await db.insert(travelAdditionalParameters).values({ companyId, ...values }).returning();
    return row!;
  },

  async updateParameter(db: Executor, companyId: number, id: number, values: TravelParameterValues): Promise<TravelParameterRow> {
    const [row] = await db
      .update(travelAdditionalParameters)
      .set(values)
      .where(and(eq(travelAdditionalParameters.companyId, companyId), eq(travelAdditionalParameters.id, id)))
      .returning();
    return row!;
  },

  async deleteParameter(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(travelAdditionalParameters).where(and(eq(travelAdditionalParameters.companyId, companyId), eq(travelAdditionalParameters.id, id)));
  },

  /** The stored settings document as it is (the caller validates and defaults it). */
  async settingsOf(db: Executor, companyId: number, options: { lock?: boolean } = {}): Promise<unknown> {
    const query = db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row?.settings;
  },

  /** Merges the given keys into the company's settings; every other key stays as stored. */
  async mergeSettings(db: Executor, companyId: number, patch: Record<string, unknown>): Promise<void> {
    await db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
      .where(eq(companies.id, companyId));
  },
};
