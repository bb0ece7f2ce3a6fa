import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, asc } from 'drizzle-orm';
import { AppError } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders, settingsCallers } from '../../../test/sessions.ts';
import { auditLog } from '../../db/schema/index.ts';
import { assignNumber } from './numbering.service.ts';

let t: TestApp;
let admin: { authorization: string };
let employee: { authorization: string };
let otherAdmin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, employee, otherAdmin } = await settingsCallers(t));
});
afterAll(async () => t.close());

interface TemplateBody {
  id?: number;
  document_type: string;
  reset_type: string;
  mask: string;
  description: string;
  is_active: boolean;
}
const body = (overrides: Partial<TemplateBody> = {}): TemplateBody => ({
  document_type: 'delegationOrder',
  reset_type: 'yearly',
  mask: 'PW/[N]/[YYYY]',
  description: 'Polecenia wyjazdu',
  is_active: true,
  ...overrides,
});
const save = (headers: Record<string, string>, payload: TemplateBody) => t.app.inject({ method: 'POST', url: '/api/settings/document-number-template/save', headers, payload });
const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
const list = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/settings/document-number-template/list${query}`, headers });

/** A company of its own with one template, for the numbering service tests. */
async function companyWithTemplate(template: Partial<TemplateBody>) {
  const company = await createCompany(t.db);
  const headers = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  const response = await save(headers, body(template));
  expect(response.statusCode).toBe(200);
  return { company, headers, template: response.json().template as { id: number } };
}

describe('document number templates', () => {
  it('creates, lists, loads, edits and deletes a template with audit rows', async () => {
    const created = await save(admin, body());
    expect(created.statusCode).toBe(200);
    const template = created.json().template;
    expect(template).toMatchObject({ document_type: 'delegationOrder', reset_type: 'yearly', mask: 'PW/[N]/[YYYY]', is_active: true, issued_count: 0 });

    const listed = (await list(admin, '?search=PW')).json();
    expect(listed.items.map((item: { id: number }) => item.id)).toContain(template.id);
    const loaded = (await post('/settings/document-number-template/edit', admin, { id: template.id })).json();
    expect(loaded).toEqual({ template, counters: [] });

    const edited = (await save(admin, body({ id: template.id, mask: 'PW/[000N]/[YY]', description: 'Nowy wzór' }))).json().template;
    expect(edited).toMatchObject({ mask: 'PW/[000N]/[YY]', description: 'Nowy wzór' });
    expect((await post('/settings/document-number-template/delete', admin, { id: template.id })).statusCode).toBe(200);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'numberTemplate'), eq(auditLog.entityId, String(template.id)))).orderBy(asc(auditLog.id));
    expect(actions.map((row) => row.action)).toEqual(['numberTemplate.create', 'numberTemplate.update', 'numberTemplate.delete']);
  });

  it.each([
    ['a number tag', { mask: 'PW/[YYYY]' }, 'numbering.mask.numberTagRequired'],
    ['a year tag with a yearly reset', { mask: 'PW/[N]' }, 'numbering.mask.yearTagRequired'],
    ['a month tag with a monthly reset', { mask: 'PW/[N]/[YYYY]', reset_type: 'monthly' }, 'numbering.mask.monthTagRequired'],
    ['the domestic/foreign tag with a national-separated reset', { mask: 'PW/[N]/[YYYY]', reset_type: 'yearlyNationalSeparated' }, 'numbering.mask.nationalTagRequired'],
    ['known tags', { mask: 'PW/[N]/[ROK]', reset_type: 'static' }, 'numbering.mask.unknownTag'],
    ['[ORDER] only on settlements', { mask: '[ORDER]', reset_type: 'static' }, 'numbering.mask.orderTagOnlyForDelegation'],
    ['a mask', { mask: ' ' }, 'global.error.required'],
    ['a single number tag', { mask: '[N]/[00N]/[YYYY]' }, 'numbering.mask.singleNumberTag'],
    ['closed tags', { mask: 'PW/[N]/[YYYY', reset_type: 'static' }, 'numbering.mask.unclosedTag'],
    ['a mask of at most 60 characters', { mask: `${'P'.repeat(60)}/[N]/[YYYY]` }, 'numbering.mask.tooLong'],
  ])('requires %s, at the mask field', async (_rule, overrides, code) => {
    const response = await save(admin, body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([expect.objectContaining({ path: ['mask'], code })]);
  });

  it('refuses a description over 500 characters at its field', async () => {
    const response = await save(admin, body({ description: 'x'.repeat(501) }));
    expect(response.json().issues).toEqual([{ path: ['description'], code: 'numbering.descriptionTooLong', params: { max: 500 } }]);
  });

  it('refuses unknown document and reset types at their fields', async () => {
    const response = await save(admin, body({ document_type: 'invoice', reset_type: 'daily' }));
    expect(response.json().issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(['document_type', 'reset_type']);
  });

  it('keeps one active template per document type', async () => {
    const first = (await save(admin, body({ document_type: 'generalDocument', mask: 'DOK/[N]/[YYYY]' }))).json().template;
    const second = await save(admin, body({ document_type: 'generalDocument', mask: 'D/[N]/[YYYY]' }));
    expect(second.json().issues).toEqual([{ path: ['document_type'], code: 'numbering.activeTemplateExists' }]);
    expect((await save(admin, body({ document_type: 'generalDocument', mask: 'D/[N]/[YYYY]', is_active: false }))).statusCode).toBe(200);
    expect((await save(admin, body({ id: first.id, document_type: 'generalDocument', mask: 'DOK/[N]/[YYYY]' }))).statusCode).toBe(200);
  });

  it('fixes the mask of a template that has given numbers, and refuses to delete it', async () => {
    const { company, headers, template } = await companyWithTemplate({ document_type: 'delegation', mask: 'R/[N]/[YYYY]' });
    await t.db.transaction((tx) => assignNumber(tx, company.id, 'delegation', { date: '2026-05-04', isForeign: false }));
    const loaded = (await post('/settings/document-number-template/edit', headers, { id: template.id })).json();
    expect(loaded.template.issued_count).toBe(1);
    expect(loaded.counters).toEqual([{ period_key: '2026', scope_key: 'all', last_value: 1 }]);

    const changed = await save(headers, body({ id: template.id, document_type: 'delegation', mask: 'R/[0N]/[YYYY]' }));
    expect(changed.json().issues).toEqual([{ path: ['mask'], code: 'numbering.templateInUse', params: { issued: 1 } }]);
    expect((await save(headers, body({ id: template.id, document_type: 'delegation', mask: 'R/[N]/[YYYY]', description: 'Opis', is_active: false }))).statusCode).toBe(200);
    const deleted = await post('/settings/document-number-template/delete', headers, { id: template.id });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().issues).toEqual([{ path: ['id'], code: 'numbering.templateInUse', params: { issued: 1 } }]);
  });

  it("answers 404 for another company's template and changes nothing", async () => {
    const template = (await save(admin, body({ document_type: 'delegation', mask: 'S/[N]/[YYYY]' }))).json().template;
    expect((await post('/settings/document-number-template/edit', otherAdmin, { id: template.id })).statusCode).toBe(404);
    expect((await save(otherAdmin, body({ id: template.id, document_type: 'delegation', mask: 'X/[N]/[YYYY]' }))).statusCode).toBe(404);
    expect((await post('/settings/document-number-template/delete', otherAdmin, { id: template.id })).statusCode).toBe(404);
    expect((await list(otherAdmin)).json().total).toBe(0);
    expect((await post('/settings/document-number-template/edit', admin, { id: template.id })).json().template.mask).toBe('S/[N]/[YYYY]');
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await list(employee)).statusCode).toBe(403);
    expect((await save(employee, body())).statusCode).toBe(403);
    expect((await post('/settings/document-number-template/edit', employee, { id: 1 })).statusCode).toBe(403);
    expect((await post('/settings/document-number-template/delete', employee, { id: 1 })).statusCode).toBe(403);
  });
});

describe('assignNumber', () => {
  it('numbers per period and scope, resetting with the year and separating domestic from foreign', async () => {
    const { company } = await companyWithTemplate({ document_type: 'delegationOrder', reset_type: 'yearlyNationalSeparated', mask: 'P[KZ]/[00N]/[YYYY]' });
    const give = (date: string, isForeign: boolean) => t.db.transaction((tx) => assignNumber(tx, company.id, 'delegationOrder', { date, isForeign }));
    expect((await give('2026-01-05', false)).number).toBe('PK/001/2026');
    expect((await give('2026-02-05', false)).number).toBe('PK/002/2026');
    expect((await give('2026-02-05', true)).number).toBe('PZ/001/2026');
    const nextYear = await give('2027-01-02', false);
    expect(nextYear).toMatchObject({ number: 'PK/001/2027', periodKey: '2027', scopeKey: 'domestic', sequence: 1 });
  });

  it('falls back to the general template and reports a missing template', async () => {
    const { company } = await companyWithTemplate({ document_type: 'generalDocument', reset_type: 'static', mask: 'DOK-[N]' });
    const general = await t.db.transaction((tx) => assignNumber(tx, company.id, 'delegation', { date: '2026-01-05', isForeign: false }));
    expect(general.number).toBe('DOK-1');
    const empty = await createCompany(t.db);
    const missing = await t.db.transaction((tx) => assignNumber(tx, empty.id, 'delegation', { date: '2026-01-05', isForeign: false })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).issues).toEqual([{ path: ['number'], code: 'numbering.templateMissing', params: { document_type: 'delegation' } }]);
  });

  it("copies the linked order's number without a counter", async () => {
    const { company } = await companyWithTemplate({ document_type: 'delegation', reset_type: 'static', mask: 'R/[ORDER]' });
    const copied = await t.db.transaction((tx) => assignNumber(tx, company.id, 'delegation', { date: '2026-01-05', isForeign: false, orderNumber: 'PW/7/2026' }));
    expect(copied).toMatchObject({ number: 'R/PW/7/2026', sequence: 0 });
    const missing = await t.db.transaction((tx) => assignNumber(tx, company.id, 'delegation', { date: '2026-01-05', isForeign: false })).catch((error: unknown) => error);
    expect((missing as AppError).issues[0]?.code).toBe('numbering.orderNumberMissing');
  });

  it('gives the number back when the transaction rolls back, so numbering stays gap-free', async () => {
    const { company } = await companyWithTemplate({ document_type: 'delegationOrder', reset_type: 'static', mask: 'G-[N]' });
    await t.db
      .transaction(async (tx) => {
        await assignNumber(tx, company.id, 'delegationOrder', { date: '2026-01-05', isForeign: false });
        throw new Error('the document could not be saved');
      })
      .catch(() => undefined);
    const next = await t.db.transaction((tx) => assignNumber(tx, company.id, 'delegationOrder', { date: '2026-01-05', isForeign: false }));
    expect(next.number).toBe('G-1');
  });

  it('gives 50 parallel submissions 50 different numbers without gaps', async () => {
    const { company } = await companyWithTemplate({ document_type: 'delegationOrder', reset_type: 'monthly', mask: 'PW/[N]/[MM]/[YYYY]' });
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.db.transaction(async (tx) => {
          const assigned = await assignNumber(tx, company.id, 'delegationOrder', { date: '2026-06-15', isForeign: false });
          // Work after taking the number, as a document save does, keeps the row locked meanwhile.
          await tx.select({ id: auditLog.id }).from(auditLog).limit(1);
          return assigned.number;
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(50);
    const sequences = numbers.map((number) => Number(number.split('/')[1])).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });
});
