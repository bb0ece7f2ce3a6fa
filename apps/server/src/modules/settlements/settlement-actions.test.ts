import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { acceptedOrder, domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { delegations, documentDecisions } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
type Person = 'employee' | 'acceptor' | 'finance' | 'admin' | 'colleague';

let dayCounter = 0;
/** A fresh day of 2026 for each settlement, so the employee's settlements never overlap. */
function nextDay(): string {
  dayCounter += 1;
  const date = new Date(Date.UTC(2026, 0, 5 + dayCounter));
  return date.toISOString().slice(0, 10);
}

async function create(c: SettlementCompany, who: Person = 'employee'): Promise<number> {
  const response = await api.post('/delegation/save-standard', c.headers[who], { delegation: domesticForm({}, nextDay()) });
  const body = response.json();
  expect(body.status).toBe('OK');
  return body.delegation.id as number;
}

const act = (headers: Headers, id: number, action: string, extra: Record<string, unknown> = {}) => api.post('/delegation/action', headers, { id, action, ...extra });

async function expectDone(headers: Headers, id: number, action: string, status: string, stage: string | null, extra: Record<string, unknown> = {}) {
  const response = await act(headers, id, action, extra);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 'OK', delegation: { id, status, stage } });
  return response.json().delegation as { allowedActions: string[]; number: string | null; version: number };
}

async function expectRefused(headers: Headers, id: number, action: string, status: number, refusal?: string) {
  const before = await row(id);
  const response = await act(headers, id, action);
  expect(response.statusCode, response.body).toBe(status);
  if (refusal) expect(response.json().params.refusal).toBe(refusal);
  const after = await row(id);
  expect({ status: after.status, version: after.version }).toEqual({ status: before.status, version: before.version });
}

async function row(id: number) {
  const [found] = await t.db.select().from(delegations).where(eq(delegations.id, id));
  return found!;
}

describe('settlement workflow through the trip workflow', () => {
  let c: SettlementCompany;
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
  });

  it('goes created → submitted → accepted → settled, with decisions, a number at acceptance and an audit row', async () => {
    const id = await create(c);
    const submitted = await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    expect(submitted.allowedActions).toEqual(['withdraw', 'cancel']);
    const accepted = await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial', { comment: 'Zgodnie z planem' });
    expect(accepted.number).toMatch(/^RD\/\d+\/2026$/);
    const settled = await expectDone(c.headers.finance, id, 'settle', 'settled', null);
    // Numbered since the acceptance: nobody may step it back any more (spec §4).
    expect(settled.allowedActions).toEqual([]);
    const decisions = await t.db.select().from(documentDecisions).where(and(eq(documentDecisions.documentKind, 'delegation'), eq(documentDecisions.documentId, id))).orderBy(documentDecisions.id);
    expect(decisions.map((decision) => [decision.action, decision.toStatus, decision.userId])).toEqual([
      ['submit', 'submitted', c.employee.id],
      ['accept', 'accepted', c.acceptor.id],
      ['settle', 'settled', c.finance.id],
    ]);
    expect(decisions[1]!.comment).toBe('Zgodnie z planem');
    expect(await lastAuditRow(t.db, c.company.id, 'delegation.settle')).toMatchObject({ entityId: String(id) });
    // The decision history comes with the document.
    const loaded = (await api.post('/delegation/delegation-edit', c.headers.employee, { id })).json().delegation;
    expect(loaded.decisions.map((decision: { action: string }) => decision.action)).toEqual(['submit', 'accept', 'settle']);
  });

  it('refuses decisions to those not entitled (403) and in the wrong status (409)', async () => {
    const id = await create(c);
    await expectRefused(c.headers.employee, id, 'accept', 409, 'document.refused.status');
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    await expectRefused(c.headers.employee, id, 'accept', 403, 'document.refused.notEntitled');
    await expectRefused(c.headers.finance, id, 'accept', 403, 'document.refused.notEntitled');
    await expectRefused(c.headers.acceptor, id, 'settle', 409, 'document.refused.status');
    await expectRefused(c.headers.employee, id, 'submit', 409, 'document.refused.status');
    await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial');
    await expectRefused(c.headers.acceptor, id, 'settle', 403, 'document.refused.notEntitled');
    await expectRefused(c.headers.employee, id, 'settle', 403, 'document.refused.notEntitled');
    await expectRefused(c.headers.employee, id, 'delete', 409, 'document.refused.status');
    // Spec §6: the refusal names its reason from the catalogue, which the web shows instead of the generic dialog.
    expect((await act(c.headers.acceptor, id, 'settle')).json().messages).toEqual(['No permissions over delegation']);
  });

  it("refuses to save another worker's settlement to someone who only sees it, with 'no permissions over delegation'", async () => {
    const id = await create(c);
    const loaded = (await api.post('/delegation/delegation-edit', c.headers.employee, { id })).json().delegation;
    const refused = await api.post('/delegation/save-standard', c.headers.admin, { delegation: { ...domesticForm({}, '2026-01-01'), id }, version: loaded.version });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', messages: ['No permissions over delegation'] });
    expect((await row(id)).version).toBe(loaded.version);
  });

  it('rejects without correction: the settlement is closed for the employee', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    const rejected = await expectDone(c.headers.acceptor, id, 'reject', 'rejected', 'substantive', { comment: 'Podróż nieuzasadniona' });
    // The acceptor may still take the decision back; the employee can do nothing more with it.
    expect(rejected.allowedActions).toEqual(['stepBack']);
    const employeeView = (await api.post('/delegation/delegation-edit', c.headers.employee, { id })).json().delegation;
    expect(employeeView.allowedActions).toEqual([]);
    const afterRejection = await act(c.headers.employee, id, 'submit');
    expect(afterRejection.statusCode).toBe(409);
  });

  it('returns for correction: the employee corrects, saves and submits again', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    const returned = await expectDone(c.headers.acceptor, id, 'returnForCorrection', 'rejectedForCorrect', 'substantive', { comment: 'Brak biletu powrotnego' });
    expect(returned.allowedActions).toEqual(['stepBack', 'cancel']);
    const loaded = (await api.post('/delegation/delegation-edit', c.headers.employee, { id })).json().delegation;
    expect(loaded.allowedActions).toEqual(expect.arrayContaining(['edit', 'submit']));
    const corrected = await api.post('/delegation/save-standard', c.headers.employee, { delegation: { ...loaded.form, destinationText: 'Kraków – poprawione' }, version: loaded.version });
    expect(corrected.json().status).toBe('OK');
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    // The financial acceptor may return it too.
    await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial');
    await expectDone(c.headers.finance, id, 'returnForCorrection', 'rejectedForCorrect', 'financial', { comment: 'Brak skanów biletów' });
  });

  it('returns for correction and rejects only with a reason of at least 10 characters, at the substantive and the financial step', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    const refusedFor = async (headers: Headers, action: string, comment: string | undefined, code: string) => {
      const response = await act(headers, id, action, comment === undefined ? {} : { comment });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toEqual([{ path: ['comment'], code }]);
    };
    await refusedFor(c.headers.acceptor, 'returnForCorrection', undefined, 'global.error.required');
    await refusedFor(c.headers.acceptor, 'reject', 'Za mało', 'validation.minLength10');
    await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial');
    await refusedFor(c.headers.finance, 'returnForCorrection', '   ', 'global.error.required');
    await refusedFor(c.headers.finance, 'reject', 'Brak VAT', 'validation.minLength10');
    await expectDone(c.headers.finance, id, 'returnForCorrection', 'rejectedForCorrect', 'financial', { comment: 'Brak faktury za hotel' });
  });

  it('lets the owner withdraw a submitted settlement, cancel it and delete one without a number', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    await expectDone(c.headers.employee, id, 'withdraw', 'created', null);
    await expectRefused(c.headers.acceptor, id, 'withdraw', 404);
    await expectDone(c.headers.employee, id, 'cancel', 'cancelled', null);
    await expectDone(c.headers.employee, id, 'delete', 'deleted', null);
    expect((await api.get('/delegation/list', c.headers.employee)).json().items.map((item: { id: number }) => item.id)).not.toContain(id);
    expect((await api.post('/delegation/delegation-edit', c.headers.employee, { id })).statusCode).toBe(404);
  });

  it('refuses a stepped back acceptance that would break the numbering (the number came with it)', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial');
    await expectRefused(c.headers.acceptor, id, 'stepBack', 409, 'document.refused.numberingContinuity');
    await expectDone(c.headers.finance, id, 'settle', 'settled', null);
    await expectRefused(c.headers.finance, id, 'stepBack', 409, 'document.refused.numberingContinuity');
  });

  it('lets the last decider step back a rejection given before any number, and nobody else', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    await expectDone(c.headers.acceptor, id, 'reject', 'rejected', 'substantive', { comment: 'Podróż nieuzasadniona' });
    await expectRefused(c.headers.employee, id, 'stepBack', 403, 'document.refused.notEntitled');
    const back = await expectDone(c.headers.acceptor, id, 'stepBack', 'submitted', 'substantive');
    expect(back.number).toBeNull();
  });

  it('answers 404 to someone else and to another company, and 409 to a stale version', async () => {
    const id = await create(c);
    await expectRefused(c.headers.colleague, id, 'submit', 404);
    const other = await settlementCompany(t.app, t.db);
    await expectRefused(other.headers.admin, id, 'cancel', 404);
    const stale = await act(c.headers.employee, id, 'submit', { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    // The administrator sees it but decides nothing on a draft.
    await expectRefused(c.headers.admin, id, 'submit', 403, 'document.refused.notEntitled');
  });
});

describe('numbered at submission', () => {
  let c: SettlementCompany;
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db, { numbering_base_date: 'sendDate' });
  });

  it('refuses to step back an acceptance or a financial return once the number came at sending, not only at acceptance', async () => {
    const id = await create(c);
    const submitted = await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    expect(submitted.number).toMatch(/^RD\/\d+\/2026$/);
    const accepted = await expectDone(c.headers.acceptor, id, 'accept', 'accepted', 'financial');
    expect(accepted.allowedActions).not.toContain('stepBack');
    await expectRefused(c.headers.acceptor, id, 'stepBack', 409, 'document.refused.numberingContinuity');
    await expectDone(c.headers.finance, id, 'returnForCorrection', 'rejectedForCorrect', 'financial', { comment: 'Brak faktury za hotel' });
    await expectRefused(c.headers.finance, id, 'stepBack', 409, 'document.refused.numberingContinuity');
    const response = await act(c.headers.finance, id, 'stepBack');
    expect(response.json().messages).toEqual(['Cannot step back because of numbering continuity']);
  });

  it('refuses to delete a settlement that has its permanent number', async () => {
    const id = await create(c);
    await expectDone(c.headers.employee, id, 'submit', 'submitted', 'substantive');
    await expectDone(c.headers.employee, id, 'withdraw', 'created', null);
    await expectRefused(c.headers.employee, id, 'delete', 409, 'document.refused.permanentNumber');
  });

  it('gives 50 settlements submitted at once unique, gap-free numbers', async () => {
    const d = await settlementCompany(t.app, t.db, { numbering_base_date: 'sendDate' });
    const base = domesticForm();
    const inserted = await t.db
      .insert(delegations)
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          companyId: d.company.id,
          userId: d.employee.id,
          createdById: d.employee.id,
          startDate: new Date(Date.UTC(2026, 0, 1 + index, 6)),
          endDate: new Date(Date.UTC(2026, 0, 1 + index, 19)),
          form: base,
          totalPln: '295.00',
          balancePln: '295.00',
        })),
      )
      .returning({ id: delegations.id });
    const ids = inserted.map((entry) => entry.id);
    const answers = await Promise.all(ids.map((id) => act(d.headers.employee, id, 'submit')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(ids.map(() => 200));
    const rows = await t.db.select({ number: delegations.number, status: delegations.status }).from(delegations).where(inArray(delegations.id, ids));
    expect(rows.every((entry) => entry.status === 'submitted')).toBe(true);
    const sequence = rows.map((entry) => Number(/^RD\/(\d+)\/2026$/.exec(entry.number ?? '')?.[1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });
});

describe('synchronised numbers (is_synchro_numbers)', () => {
  it("gives a settlement made from a trip order the order's number, and one without an order the settlement template's", async () => {
    const c = await settlementCompany(t.app, t.db, { is_synchro_numbers: 1, numbering_base_date: 'sendDate', numbering_assignment: 'autoEditable' });
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { number: 'PW/77/2026' }, '2026-03-10');
    const saved = (await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ delegation_order_id: orderId }, '2026-03-10') })).json();
    expect(saved.status, JSON.stringify(saved)).toBe('OK');
    // The form proposes the order's number from the start.
    expect(saved.delegation.number).toBe('PW/77/2026');
    const submitted = await expectDone(c.headers.employee, saved.delegation.id, 'submit', 'submitted', 'substantive');
    expect(submitted.number).toBe('PW/77/2026');
    expect(await row(saved.delegation.id)).toMatchObject({ number: 'PW/77/2026', isNumberPermanent: true });
    const independent = await create(c);
    expect((await expectDone(c.headers.employee, independent, 'submit', 'submitted', 'substantive')).number).toBe('RD/1/2026');
  });

  it("keeps the settlement template's numbering when the setting is off", async () => {
    const c = await settlementCompany(t.app, t.db, { is_synchro_numbers: 0, numbering_base_date: 'sendDate' });
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { number: 'PW/78/2026' }, '2026-03-11');
    const saved = (await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ delegation_order_id: orderId }, '2026-03-11') })).json();
    expect(saved.status, JSON.stringify(saved)).toBe('OK');
    expect((await expectDone(c.headers.employee, saved.delegation.id, 'submit', 'submitted', 'substantive')).number).toBe('RD/1/2026');
  });
});
