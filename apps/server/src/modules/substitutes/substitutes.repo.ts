import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { substitutes, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

const absentUsers = alias(users, 'absent_users');
const substituteUsers = alias(users, 'substitute_users');

export type SubstituteRow = typeof substitutes.$inferSelect;

export interface SubstituteListFilter {
  search?: string;
  status: 'all' | 'current' | 'upcoming' | 'past';
  sort: 'date_from' | 'date_to' | 'absent_user' | 'substitute_user';
  order: 'asc' | 'desc';
  /** YYYY-MM-DD, Warsaw. */
  today: string;
}

export interface SubstituteValues {
  absentUserId: number;
  substituteUserId: number;
  fromDate: string | null;
  toDate: string | null;
  comment: string;
}

/** An open end never limits the period. */
const activeOn = (today: string) =>
  and(or(isNull(substitutes.fromDate), lte(substitutes.fromDate, today)), or(isNull(substitutes.toDate), sql`${substitutes.toDate} >= ${today}::date`));

const withPeople = (db: Executor) =>
  db
    .select({ substitute: substitutes, absentUser: absentUsers, substituteUser: substituteUsers })
    .from(substitutes)
    .innerJoin(absentUsers, eq(absentUsers.id, substitutes.absentUserId))
    .innerJoin(substituteUsers, eq(substituteUsers.id, substitutes.substituteUserId));

export const substitutesRepo = {
  async list(db: Executor, companyId: number, filter: SubstituteListFilter, page: { offset: number; limit: number }) {
    const where: (SQL | undefined)[] = [eq(substitutes.companyId, companyId)];
    if (filter.status === 'current') where.push(activeOn(filter.today));
    if (filter.status === 'upcoming') where.push(gt(substitutes.fromDate, filter.today));
    if (filter.status === 'past') where.push(lt(substitutes.toDate, filter.today));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      where.push(
        or(
          ...[absentUsers, substituteUsers].flatMap((person) => [
            ilike(person.login, pattern),
            ilike(sql`${person.name} || ' ' || ${person.surname}`, pattern),
            ilike(sql`${person.surname} || ' ' || ${person.name}`, pattern),
          ]),
          ilike(substitutes.comment, pattern),
        ),
      );
    }
    const condition = and(...where);
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumns = {
      date_from: [substitutes.fromDate],
      date_to: [substitutes.toDate],
      absent_user: [absentUsers.surname, absentUsers.name],
      substitute_user: [substituteUsers.surname, substituteUsers.name],
    }[filter.sort];
    const [items, [total]] = await Promise.all([
      withPeople(db)
        .where(condition)
        .orderBy(...sortColumns.map((column) => direction(column)), asc(substitutes.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ value: count() })
        .from(substitutes)
        .innerJoin(absentUsers, eq(absentUsers.id, substitutes.absentUserId))
        .innerJoin(substituteUsers, eq(substituteUsers.id, substitutes.substituteUserId))
        .where(condition),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /** The substitutes of one absent user, or the absences one user substitutes for, newest period first. */
  async ofUser(db: Executor, companyId: number, role: 'absent' | 'substitute', userId: number) {
    const column = role === 'absent' ? substitutes.absentUserId : substitutes.substituteUserId;
    return withPeople(db)
      .where(and(eq(substitutes.companyId, companyId), eq(column, userId)))
      .orderBy(desc(sql`coalesce(${substitutes.fromDate}, '0001-01-01'::date)`), asc(substitutes.id));
  },

  async find(db: Executor, companyId: number, id: number) {
    const [row] = await withPeople(db)
      .where(and(eq(substitutes.companyId, companyId), eq(substitutes.id, id)))
      .limit(1);
    return row ?? null;
  },

  /**
   * The absent user `substituteUserId` may act as on `today`: active, with a substitution of the
   * pair whose period includes the day; null otherwise. One query, as it runs with every request
   * of a logged-as session.
   */
  async activeContextUser(db: Executor, companyId: number, substituteUserId: number, absentUserId: number, today: string): Promise<typeof users.$inferSelect | null> {
    const [row] = await db
      .select({ user: users })
      .from(substitutes)
      .innerJoin(users, and(eq(users.id, substitutes.absentUserId), eq(users.companyId, substitutes.companyId)))
      .where(
        and(
          eq(substitutes.companyId, companyId),
          eq(substitutes.substituteUserId, substituteUserId),
          eq(substitutes.absentUserId, absentUserId),
          eq(users.isActive, true),
          activeOn(today),
        ),
      )
      .limit(1);
    return row?.user ?? null;
  },

  /**
   * The active colleagues `substituteUserId` may act as on `today` (the rule of `activeContextUser`),
   * each once however many periods of the pair cover the day, by surname and name.
   */
  async absentUsersOn(db: Executor, companyId: number, substituteUserId: number, today: string): Promise<(typeof users.$inferSelect)[]> {
    const covered = db
      .select({ id: substitutes.absentUserId })
      .from(substitutes)
      .where(and(eq(substitutes.companyId, companyId), eq(substitutes.substituteUserId, substituteUserId), activeOn(today)));
    return db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true), inArray(users.id, covered)))
      .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  },

  /** Every substitution of the pair, to tell a refused login-as when it would be allowed. */
  async ofPair(db: Executor, companyId: number, substituteUserId: number, absentUserId: number): Promise<SubstituteRow[]> {
    return db
      .select()
      .from(substitutes)
      .where(and(eq(substitutes.companyId, companyId), eq(substitutes.substituteUserId, substituteUserId), eq(substitutes.absentUserId, absentUserId)))
      .orderBy(asc(sql`coalesce(${substitutes.fromDate}, '0001-01-01'::date)`), asc(substitutes.id));
  },

  async insert(db: Executor, companyId: number, values: SubstituteValues): Promise<number> {
    const [row] = await db
      .insert(substitutes)
      .values({ ...values, companyId })
      .returning({ id: substitutes.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: SubstituteValues): Promise<void> {
    await db
      .update(substitutes)
      .set(values)
      .where(and(eq(substitutes.companyId, companyId), eq(substitutes.id, id)));
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(substitutes).where(and(eq(substitutes.companyId, companyId), eq(substitutes.id, id)));
  },

  /** A user of the company with their active flag, or null when the company has no such user. */
  async userState(db: Executor, companyId: number, userId: number): Promise<{ isActive: boolean } | null> {
    const [row] = await db
      .select({ isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },
};
