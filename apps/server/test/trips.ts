import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemSettingsSchema, type SystemSettingsInput } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { actionTokens, companies, delegationOrders, documentNumberTemplates, mailOutbox, users, workflows } from '../src/db/schema/index.ts';
import type { AuthenticatedContext } from '../src/http/request-context.ts';
import type { CompanyRecord } from '../src/modules/company/company.repo.ts';
import { createCompany, createUser } from './factories.ts';
import { authHeaders } from './sessions.ts';

/**
 * A company ready for trip documents: number templates for orders and settlements, an employee
 * whose superior is the acceptor, a financial acceptor, an administrator and a colleague.
 */
export async function createTripCompany(db: Database, settings: SystemSettingsInput = {}) {
  const company = await createCompany(db, settings);
  await db.insert(documentNumberTemplates).values([
    { companyId: company.id, documentType: 'delegationOrder', resetType: 'yearly', mask: 'PW/[N]/[YYYY]' },
    { companyId: company.id, documentType: 'delegation', resetType: 'yearly', mask: 'RD/[N]/[YYYY]' },
  ]);
  const acceptor = await createUser(db, company, { permissions: ['delegationAcceptSubstantive', 'delegationForOthers'] });
  const finance = await createUser(db, company, { permissions: ['delegationAcceptFinancial'] });
  const admin = await createUser(db, company, { permissions: ['companyAdmin', 'delegationForOthers'] });
  const employee = await createUser(db, company, { permissions: [] });
  const colleague = await createUser(db, company, { permissions: [] });
  await db.update(users).set({ superiorId: acceptor.id }).where(and(eq(users.companyId, company.id), eq(users.id, employee.id)));
  await db.update(users).set({ superiorId: acceptor.id }).where(and(eq(users.companyId, company.id), eq(users.id, colleague.id)));
  return { company, acceptor, finance, admin, employee, colleague };
}

/** Changes some of the company's settings (in the database and in `company`); sessions read them on each request. */
export async function updateCompanySettings(db: Database, company: CompanyRecord, settings: SystemSettingsInput): Promise<void> {
  const merged = systemSettingsSchema.parse({ ...company.settings, ...settings, modules: { ...company.settings.modules, ...settings.modules } });
  await db.update(companies).set({ settings: merged }).where(eq(companies.id, company.id));
  Object.assign(company.settings, merged);
}

/** A trip order as saved by the form, straight into the table (workflow tests do not need the form). */
export async function insertOrder(
  db: Database,
  companyId: number,
  userId: number,
  values: Partial<typeof delegationOrders.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(delegationOrders)
    .values({
      companyId,
      userId,
      createdById: userId,
      startDate: new Date('2026-05-04T06:00:00Z'),
      endDate: new Date('2026-05-06T16:00:00Z'),
      destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
      task: 'Spotkanie z klientem w sprawie wdrożenia',
      ...values,
    })
    .returning({ id: delegationOrders.id });
  return row!.id;
}

/** A path of two substantive steps, by `first` and then by `second`. */
export async function saveTwoStepOrderPath(db: Database, companyId: number, first: number, second: number): Promise<void> {
  await db.insert(workflows).values({
    companyId,
    documentKind: 'delegationOrder',
    definition: {
      nodes: [
        { id: 'start', kind: 'start', next: 'a' },
        { id: 'a', kind: 'acceptSubstantive', acceptor_user_ids: [first], superior: false, any_holder: false, next: 'b' },
        { id: 'b', kind: 'acceptSubstantive', acceptor_user_ids: [second], superior: false, any_holder: false, next: 'end' },
        { id: 'end', kind: 'end' },
      ],
    },
  });
}

/** The request context of a signed-in user, as the routes hand it to services. */
export async function contextOf(app: FastifyInstance, company: { code: string }, user: { login: string }): Promise<AuthenticatedContext> {
  const { authorization } = await authHeaders(app, company, user);
  const actor = await app.services.auth.authenticate(authorization.slice('Bearer '.length));
  return { requestId: `test-${user.login}`, ip: '127.0.0.1', userAgent: 'vitest', actor };
}

export async function outboxOf(db: Database, companyId: number) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.companyId, companyId)).orderBy(asc(mailOutbox.id));
}

export async function actionTokensOf(db: Database, companyId: number) {
  return db.select().from(actionTokens).where(eq(actionTokens.companyId, companyId)).orderBy(asc(actionTokens.id));
}

/** The one-time token inside an e-mail's decision link. */
export function tokenFromMail(text: string, kind: 'delegationOrder' | 'delegation' = 'delegationOrder'): string {
  const match = new RegExp(`/action-by-link/${kind}/decision/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no decision link in: ${text}`);
  return match[1]!;
}
