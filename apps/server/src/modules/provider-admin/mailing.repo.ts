import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COMPANY_CODE, deliveryStateOfOutbox, type MailingDeliveryState, type MailingRecipientRule, type MailingStatus } from '@delego/domain';
import type { Executor, Transaction } from '../../db/client.ts';
import { companies, mailingDeliveries, mailingListRules, mailingLists, mailings, roles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';
import type { OutboxOutcome } from '../mail/outbox.repo.ts';

/** Options of the recipient pickers: a screenful, the search narrows them. */
const OPTION_LIMIT = 20;

const notProviderCompany = ne(sql`lower(${companies.code})`, ADMIN_COMPANY_CODE);
const fullName = sql<string>`${users.name} || ' ' || ${users.surname}`;

export interface RuleView {
  kind: 'company' | 'role' | 'user';
  company_id: number | null;
  company_name: string | null;
  role_name: string | null;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
}

export interface ListFilter {
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
}

/**
 * Who the rules name among the customers' users (never the provider's own company): every user of a
 * named company, the holders of a role of that name (unblocked, held directly) in one or every company,
 * and named persons. Whether a company or user is active is the caller's to weigh.
 */
function rulesCondition(rules: readonly MailingRecipientRule[]): SQL {
  const companyIds = rules.flatMap((rule) => (rule.kind === 'company' ? [rule.company_id] : []));
  const userIds = rules.flatMap((rule) => (rule.kind === 'user' ? [rule.user_id] : []));
  const named: SQL[] = [];
  if (companyIds.length > 0) named.push(inArray(users.companyId, companyIds));
  if (userIds.length > 0) named.push(inArray(users.id, userIds));
  for (const rule of rules) {
    if (rule.kind !== 'role') continue;
    const inCompany = rule.company_id === null ? sql`` : sql` AND r.company_id = ${rule.company_id}`;
    named.push(
      sql`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                  WHERE ur.user_id = ${users.id} AND NOT r.is_blocked AND lower(r.name) = ${rule.role_name.trim().toLowerCase()}${inCompany})`,
    );
  }
  return and(notProviderCompany, named.length > 0 ? or(...named) : sql`false`)!;
}

const reachable = sql`${companies.isActive} AND ${users.isActive} AND trim(${users.email}) <> ''`;
const addressKey = sql`lower(trim(${users.email}))`;

export const mailingRepo = {
  // —— lists ——

  async listLists(db: Executor, ownerId: number, filter: ListFilter, page: { offset: number; limit: number }) {
    const where = and(eq(mailingLists.companyId, ownerId), filter.search ? ilike(mailingLists.name, containsPattern(filter.search)) : undefined);
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumn = filter.sort === 'updated_at' ? mailingLists.updatedAt : sql`lower(${mailingLists.name})`;
    const mailingCount = sql<number>`(SELECT count(*)::int FROM mailings m WHERE m.list_id = "mailing_lists"."id")`;
    const [items, [total]] = await Promise.all([
      db
        .select({ list: mailingLists, mailingCount })
        .from(mailingLists)
        .where(where)
        .orderBy(direction(sortColumn), asc(mailingLists.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(mailingLists).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findList(db: Executor, ownerId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select()
      .from(mailingLists)
      .where(and(eq(mailingLists.companyId, ownerId), eq(mailingLists.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async isListNameTaken(db: Executor, ownerId: number, name: string, exceptId: number | null): Promise<boolean> {
    const [row] = await db
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(and(eq(mailingLists.companyId, ownerId), eq(sql`lower(${mailingLists.name})`, name.trim().toLowerCase()), exceptId === null ? undefined : ne(mailingLists.id, exceptId)))
      .limit(1);
    return row !== undefined;
  },

  async insertList(tx: Transaction, ownerId: number, name: string): Promise<number> {
    const [row] = await tx.insert(mailingLists).values({ companyId: ownerId, name }).returning({ id: mailingLists.id });
    return row!.id;
  },

  async renameList(tx: Transaction, ownerId: number, id: number, name: string): Promise<void> {
    await tx
      .update(mailingLists)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(mailingLists.companyId, ownerId), eq(mailingLists.id, id)));
  },

  async replaceRules(tx: Transaction, listId: number, rules: readonly MailingRecipientRule[]): Promise<void> {
    await tx.delete(mailingListRules).where(eq(mailingListRules.listId, listId));
    if (rules.length === 0) return;
    await tx.insert(mailingListRules).values(
      rules.map((rule) => ({
        listId,
        kind: rule.kind,
        targetCompanyId: rule.kind === 'user' ? null : rule.company_id,
        roleName: rule.kind === 'role' ? rule.role_name : null,
        targetUserId: rule.kind === 'user' ? rule.user_id : null,
      })),
    );
  },

  async deleteList(tx: Transaction, ownerId: number, id: number): Promise<void> {
    await tx.delete(mailingLists).where(and(eq(mailingLists.companyId, ownerId), eq(mailingLists.id, id)));
  },

  async mailingsOfList(db: Executor, listId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(mailings).where(eq(mailings.listId, listId));
    return row?.value ?? 0;
  },

  async draftsUsingList(db: Executor, listId: number): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(mailings)
      .where(and(eq(mailings.listId, listId), eq(mailings.status, 'draft')));
    return row?.value ?? 0;
  },

  /** The lists' rules as stored, in the order they were given. */
  async rulesOf(db: Executor, listIds: readonly number[]): Promise<Map<number, { rule: MailingRecipientRule; view: RuleView }[]>> {
    const byList = new Map<number, { rule: MailingRecipientRule; view: RuleView }[]>();
    if (listIds.length === 0) return byList;
    const rows = await db
      .select({ rule: mailingListRules, companyName: companies.name, userName: fullName, userEmail: users.email })
      .from(mailingListRules)
      .leftJoin(companies, eq(companies.id, mailingListRules.targetCompanyId))
      .leftJoin(users, eq(users.id, mailingListRules.targetUserId))
      .where(inArray(mailingListRules.listId, [...listIds]))
      .orderBy(asc(mailingListRules.id));
    for (const { rule, companyName, userName, userEmail } of rows) {
      const domainRule: MailingRecipientRule =
        rule.kind === 'company'
          ? { kind: 'company', company_id: rule.targetCompanyId! }
          : rule.kind === 'role'
            ? { kind: 'role', role_name: rule.roleName!, company_id: rule.targetCompanyId }
            : { kind: 'user', user_id: rule.targetUserId! };
      const view: RuleView = {
        kind: domainRule.kind,
        company_id: rule.targetCompanyId,
        company_name: companyName,
        role_name: rule.roleName,
        user_id: rule.targetUserId,
        user_name: rule.targetUserId === null ? null : userName,
        user_email: rule.targetUserId === null ? null : userEmail,
      };
      const list = byList.get(rule.listId) ?? [];
      list.push({ rule: domainRule, view });
      byList.set(rule.listId, list);
    }
    return byList;
  },

  /** The companies and persons the rules name that are not customers' (unknown, or the provider's own). */
  async unknownTargets(db: Executor, rules: readonly MailingRecipientRule[]): Promise<{ companyIds: Set<number>; userIds: Set<number> }> {
    const companyIds = [...new Set(rules.flatMap((rule) => (rule.kind !== 'user' && rule.company_id !== null ? [rule.company_id] : [])))];
    const userIds = [...new Set(rules.flatMap((rule) => (rule.kind === 'user' ? [rule.user_id] : [])))];
    const [foundCompanies, foundUsers] = await Promise.all([
      companyIds.length === 0 ? [] : db.select({ id: companies.id }).from(companies).where(and(inArray(companies.id, companyIds), notProviderCompany)),
      userIds.length === 0
        ? []
        : db
            .select({ id: users.id })
            .from(users)
            .innerJoin(companies, eq(companies.id, users.companyId))
            .where(and(inArray(users.id, userIds), notProviderCompany)),
    ]);
    const knownCompanies = new Set(foundCompanies.map((row) => row.id));
    const knownUsers = new Set(foundUsers.map((row) => row.id));
    return { companyIds: new Set(companyIds.filter((id) => !knownCompanies.has(id))), userIds: new Set(userIds.filter((id) => !knownUsers.has(id))) };
  },

  // —— recipients ——

  /** How many addresses the rules reach now, and how many accounts they leave out (disabled company, inactive user) or fold together (a shared address). */
  async preview(db: Executor, rules: readonly MailingRecipientRule[]) {
    const [row] = await db
      .select({
        recipients: sql<number>`count(DISTINCT ${addressKey}) FILTER (WHERE ${reachable})::int`,
        reachableAccounts: sql<number>`count(*) FILTER (WHERE ${reachable})::int`,
        disabledCompany: sql<number>`count(*) FILTER (WHERE NOT ${companies.isActive})::int`,
        inactiveUser: sql<number>`count(*) FILTER (WHERE ${companies.isActive} AND NOT ${users.isActive})::int`,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(rulesCondition(rules));
    return {
      recipients: row?.recipients ?? 0,
      excluded_disabled_company: row?.disabledCompany ?? 0,
      excluded_inactive_user: row?.inactiveUser ?? 0,
      duplicate_addresses: (row?.reachableAccounts ?? 0) - (row?.recipients ?? 0),
    };
  },

  /** One account per address the rules reach now (of accounts sharing one, the oldest), with its language. */
  async recipients(db: Executor, rules: readonly MailingRecipientRule[]) {
    return db
      .selectDistinctOn([addressKey], { userId: users.id, email: sql<string>`trim(${users.email})`, language: users.language })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(rulesCondition(rules), reachable))
      .orderBy(addressKey, asc(users.id));
  },

  async companyOptions(db: Executor, search: string | undefined) {
    const pattern = search ? containsPattern(search) : null;
    return db
      .select({ id: companies.id, code: companies.code, name: companies.name, is_active: companies.isActive })
      .from(companies)
      .where(and(notProviderCompany, pattern ? or(ilike(companies.code, pattern), ilike(companies.name, pattern)) : undefined))
      .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
      .limit(OPTION_LIMIT);
  },

  /** Role names of the customers' companies (each company names its own), with how many companies use each. */
  async roleOptions(db: Executor, search: string | undefined, companyId: number | undefined) {
    const key = sql`lower(${roles.name})`;
    return db
      .select({ name: sql<string>`min(${roles.name})`, company_count: sql<number>`count(DISTINCT ${roles.companyId})::int` })
      .from(roles)
      .innerJoin(companies, eq(companies.id, roles.companyId))
      .where(
        and(
          notProviderCompany,
          eq(roles.isBlocked, false),
          search ? ilike(roles.name, containsPattern(search)) : undefined,
          companyId === undefined ? undefined : eq(roles.companyId, companyId),
        ),
      )
      .groupBy(key)
      .orderBy(sql`count(DISTINCT ${roles.companyId}) DESC`, key)
      .limit(OPTION_LIMIT);
  },

  async userOptions(db: Executor, search: string | undefined) {
    const pattern = search ? containsPattern(search) : null;
    return db
      .select({ id: users.id, name: fullName, email: users.email, company_name: companies.name, is_active: users.isActive, company_is_active: companies.isActive })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(notProviderCompany, pattern ? or(ilike(fullName, pattern), ilike(users.login, pattern), ilike(users.email, pattern)) : undefined))
      .orderBy(asc(sql`lower(${users.surname})`), asc(sql`lower(${users.name})`), asc(users.id))
      .limit(OPTION_LIMIT);
  },

  // —— mailings ——

  async listMailings(db: Executor, ownerId: number, filter: ListFilter, page: { offset: number; limit: number }) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(mailings.companyId, ownerId),
      pattern ? or(ilike(mailings.subjectPl, pattern), ilike(mailings.subjectEn, pattern), ilike(mailings.listName, pattern)) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumn = filter.sort === 'subject' ? sql`lower(${mailings.subjectPl})` : mailings.createdAt;
    const [items, [total]] = await Promise.all([
      db
        .select({ mailing: mailings, author: fullName })
        .from(mailings)
        .innerJoin(users, eq(users.id, mailings.createdBy))
        .where(where)
        .orderBy(direction(sortColumn), direction(mailings.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(mailings).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findMailing(db: Executor, ownerId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select({ mailing: mailings, author: fullName })
      .from(mailings)
      .innerJoin(users, eq(users.id, mailings.createdBy))
      .where(and(eq(mailings.companyId, ownerId), eq(mailings.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update', { of: mailings }) : await query;
    return row ?? null;
  },

  async insertMailing(tx: Transaction, values: typeof mailings.$inferInsert): Promise<number> {
    const [row] = await tx.insert(mailings).values(values).returning({ id: mailings.id });
    return row!.id;
  },

  async updateMailing(tx: Transaction, ownerId: number, id: number, values: Partial<typeof mailings.$inferInsert>): Promise<void> {
    await tx
      .update(mailings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(mailings.companyId, ownerId), eq(mailings.id, id)));
  },

  async deleteMailing(tx: Transaction, ownerId: number, id: number): Promise<void> {
    await tx.delete(mailings).where(and(eq(mailings.companyId, ownerId), eq(mailings.id, id)));
  },

  async insertDeliveries(tx: Transaction, mailingId: number, rows: { userId: number; email: string; language: 'pl' | 'en'; outboxId: number }[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(mailingDeliveries).values(rows.slice(start, start + 500).map((row) => ({ mailingId, ...row })));
    }
  },

  /** Deliveries counted by state, per mailing. */
  async progressOf(db: Executor, mailingIds: readonly number[]): Promise<Map<number, Record<MailingDeliveryState, number>>> {
    const byMailing = new Map<number, Record<MailingDeliveryState, number>>();
    if (mailingIds.length === 0) return byMailing;
    const rows = await db
      .select({ mailingId: mailingDeliveries.mailingId, state: mailingDeliveries.state, value: count() })
      .from(mailingDeliveries)
      .where(inArray(mailingDeliveries.mailingId, [...mailingIds]))
      .groupBy(mailingDeliveries.mailingId, mailingDeliveries.state);
    for (const row of rows) {
      const counts = byMailing.get(row.mailingId) ?? { queued: 0, sent: 0, failed: 0 };
      counts[row.state as MailingDeliveryState] = row.value;
      byMailing.set(row.mailingId, counts);
    }
    return byMailing;
  },

  async listDeliveries(
    db: Executor,
    mailingId: number,
    filter: ListFilter & { state: 'all' | MailingDeliveryState },
    page: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(mailingDeliveries.mailingId, mailingId),
      filter.state === 'all' ? undefined : eq(mailingDeliveries.state, filter.state),
      pattern ? or(ilike(mailingDeliveries.email, pattern), ilike(fullName, pattern), ilike(companies.name, pattern)) : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumn =
      filter.sort === 'email' ? mailingDeliveries.email : filter.sort === 'state' ? mailingDeliveries.state : sql`lower(${users.surname} || ' ' || ${users.name})`;
    const from = () =>
      db
        .select({ delivery: mailingDeliveries, userName: fullName, companyName: companies.name })
        .from(mailingDeliveries)
        .innerJoin(users, eq(users.id, mailingDeliveries.userId))
        .innerJoin(companies, eq(companies.id, users.companyId));
    const [items, [total]] = await Promise.all([
      from().where(where).orderBy(direction(sortColumn), asc(mailingDeliveries.id)).offset(page.offset).limit(page.limit),
      db
        .select({ value: count() })
        .from(mailingDeliveries)
        .innerJoin(users, eq(users.id, mailingDeliveries.userId))
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  /**
   * The outbox worker's round, in its transaction: each delivery takes its message's state, and a mailing
   * with no message left waiting is sent. Messages of other modules match no delivery and change nothing.
   */
  async recordOutcomes(tx: Transaction, outcomes: readonly OutboxOutcome[]): Promise<void> {
    const touched = await tx
      .select({ id: mailingDeliveries.id, outboxId: mailingDeliveries.outboxId, mailingId: mailingDeliveries.mailingId })
      .from(mailingDeliveries)
      .where(inArray(mailingDeliveries.outboxId, outcomes.map((outcome) => outcome.id)));
    if (touched.length === 0) return;
    const byOutbox = new Map(outcomes.map((outcome) => [outcome.id, outcome]));
    for (const delivery of touched) {
      const outcome = byOutbox.get(delivery.outboxId!)!;
      const state = deliveryStateOfOutbox(outcome.status);
      await tx
        .update(mailingDeliveries)
        .set({ state, error: outcome.error, sentAt: state === 'sent' ? sql`now()` : null })
        .where(eq(mailingDeliveries.id, delivery.id));
    }
    const mailingIds = [...new Set(touched.map((delivery) => delivery.mailingId))];
    await tx
      .update(mailings)
      .set({ status: 'sent' satisfies MailingStatus, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          inArray(mailings.id, mailingIds),
          eq(mailings.status, 'sending'),
          // Spelled out: in an UPDATE the builder leaves the column unqualified, and inside the subquery it would name the delivery's id.
          sql`NOT EXISTS (SELECT 1 FROM mailing_deliveries d WHERE d.mailing_id = "mailings"."id" AND d.state = 'queued')`,
        ),
      );
  },
};
