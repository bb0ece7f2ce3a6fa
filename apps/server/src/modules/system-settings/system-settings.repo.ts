import { eq, sql } from 'drizzle-orm';
import { systemSettingsSchema, type SystemSettings } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export const systemSettingsRepo = {
  /** The company's settings with the defaults of settings added since they were saved. */
  async find(db: Executor, companyId: number, options: { forUpdate?: boolean } = {}): Promise<SystemSettings | null> {
    const query = db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ? systemSettingsSchema.parse(row.settings) : null;
  },

  async save(db: Executor, companyId: number, settings: SystemSettings): Promise<void> {
    await db
      .update(companies)
      .set({ settings, updatedAt: sql`now()`, version: sql`${companies.version} + 1` })
      .where(eq(companies.id, companyId));
  },
};
