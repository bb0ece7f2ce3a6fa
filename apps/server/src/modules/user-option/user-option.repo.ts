import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export const userOptionRepo = {
  /** Active users matching the text, and the one with `includeId` whatever its state (the current choice of a form). */
  async search(db: Executor, companyId: number, filter: { search?: string; includeId?: number }, limit: number) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const matching = and(
      eq(users.isActive, true),
      pattern
        ? or(
            ilike(users.login, pattern),
            ilike(users.email, pattern),
            ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
            ilike(sql`${users.surname} || ' ' || ${users.name}`, pattern),
          )
        : undefined,
    );
    return db
      .select({ id: users.id, name: users.name, surname: users.surname, login: users.login, email: users.email, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), filter.includeId === undefined ? matching : or(matching, eq(users.id, filter.includeId))))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id))
      .limit(limit);
  },
};
