import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { updateCompanySettings } from '../../../test/trips.ts';
import { contractors } from '../../db/schema/index.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/optima');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let c: SettlementCompany;
type Headers = Record<string, string>;
let accountant: Headers;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  c = await settlementCompany(t.app, t.db, { modules: { accounting_export: 2 } });
  accountant = await authHeaders(
    t.app,
    c.company,
    await createUser(t.db, c.company, { permissions: ['reportDelegation', 'viewInvoices'] }),
  );
});
afterAll(async () => t.close());

function upload(url: string, headers: Headers, fileName: string, content: Buffer) {
  const boundary = '----delegoOptimaBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'REJESTR_ZAKUPU_VAT',
});
/** The file as data, with every generated GUID shown as `{guid}` (the imported ones stay). */
function parsed(xml: string, keep: readonly string[]): unknown {
  return JSON.parse(JSON.stringify(parser.parse(xml)), (_key, value: unknown) =>
    typeof value === 'string' && GUID.test(value) && !keep.includes(value) ? '{guid}' : value,
  );
}

describe('Optima settings and dictionaries', () => {
  it('saves the identifiers and registers, and imports categories, contractors and employees from Optima’s export', async () => {
    const saved = await api.post('/optima/settings/save', accountant, {
      source_database_id: 'DELEGO',
      target_database_id: 'KSIEG01',
      purchase_register: 'ZAKUP',
      settlement_register: 'DELEGACJE',
      default_category_code: 'HOTEL',
      payment_form: 'przelew',
      company_tax_id: '526-025-02-74',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.company_tax_id).toBe('5260250274');
    const imported = await upload('/optima/import', accountant, 'optima.xml', fixture('dictionaries.xml'));
    expect(imported.json()).toEqual({
      categories: { created: 2, updated: 0 },
      contractors: { created: 1, updated: 0 },
      employees: { created: 1, updated: 0 },
    });
    expect(
      (await upload('/optima/import', accountant, 'optima.xml', fixture('dictionaries.xml'))).json()
        .categories,
    ).toEqual({ created: 0, updated: 2 });
    expect(
      (await api.get('/optima/categories', c.headers.employee))
        .json()
        .items.map((item: { code: string; description: string }) => `${item.code}:${item.description}`),
    ).toEqual(['DELEG:Podróże służbowe – delegacje', 'HOTEL:Noclegi']);
    expect((await api.get('/optima/contractors', accountant)).json().items).toEqual([
      expect.objectContaining({
        code: 'HOTWAW',
        name: 'Hotel Wawel Kraków Sp. z o.o.',
        tax_id: '7010004397',
        city: 'Kraków',
      }),
    ]);
    expect(await lastAuditRow(t.db, c.company.id, 'optima.import')).toMatchObject({
      after: { file_name: 'optima.xml' },
    });
  });

  it('refuses a file that is not Optima’s and imports nothing', async () => {
    const ksef = await upload(
      '/optima/import',
      accountant,
      'x.xml',
      Buffer.from(
        '<?xml version="1.0"?><Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"><Fa/></Faktura>',
      ),
    );
    expect(ksef.json().issues).toEqual([{ path: ['file'], code: 'optima.notOptima' }]);
    expect(
      (await upload('/optima/import', accountant, 'x.csv', Buffer.from('a,b\n1,2'))).json().issues,
    ).toEqual([{ path: ['file'], code: 'optima.notXml' }]);
    const version = fixture('dictionaries.xml')
      .toString('utf8')
      .replaceAll('<WERSJA>2.00</WERSJA>', '<WERSJA>9</WERSJA>');
    expect((await upload('/optima/import', accountant, 'v.xml', Buffer.from(version))).json().issues).toEqual(
      [{ path: ['file'], code: 'optima.unsupportedVersion' }],
    );
  });

  it('gives a company contractor chosen from the active ones the Optima contractor’s code', async () => {
    const [chosen] = await t.db
      .insert(contractors)
      .values({ companyId: c.company.id, name: 'Hotel Wawel (umowa ramowa)' })
      .returning({ id: contractors.id });
    await t.db.insert(contractors).values({ companyId: c.company.id, name: 'Dawny kontrahent', isActive: false });
    const before = (await api.get('/optima/contractors', accountant)).json();
    expect(before.choices).toContainEqual({ id: chosen!.id, name: 'Hotel Wawel (umowa ramowa)' });
    expect(before.choices.map((choice: { name: string }) => choice.name)).not.toContain('Dawny kontrahent');
    const optimaContractor = before.items.find((item: { code: string }) => item.code === 'HOTWAW');
    expect(
      (await api.post('/optima/contractors/map', accountant, { id: optimaContractor.id, contractor_id: chosen!.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api.get('/optima/contractors', accountant)).json().items.find((item: { code: string }) => item.code === 'HOTWAW'),
    ).toMatchObject({ contractor_id: chosen!.id, contractor_name: 'Hotel Wawel (umowa ramowa)' });
  });

  it('maps an Optima employee to a user, and refuses an unknown user', async () => {
    const answer = (await api.get('/optima/employees', accountant)).json();
    const employee = answer.items[0];
    expect(employee).toMatchObject({ code: 'JTESTOWY', user_id: null });
    expect(answer.users.map((user: { id: number }) => user.id)).toContain(c.employee.id);
    expect(
      (await api.post('/optima/employees/map', accountant, { id: employee.id, user_id: c.employee.id }))
        .statusCode,
    ).toBe(200);
    expect((await api.get('/optima/employees', accountant)).json().items[0]).toMatchObject({
      user_id: c.employee.id,
    });
    expect(
      (await api.post('/optima/employees/map', accountant, { id: employee.id, user_id: 999_999 })).json()
        .issues,
    ).toEqual([{ path: ['user_id'], code: 'validation.unknownReference' }]);
  });

  it('is closed without reportDelegation, without the module, and to another company', async () => {
    expect((await api.get('/optima/settings', c.headers.employee)).statusCode).toBe(403);
    const off = await createCompany(t.db);
    const offUser = await authHeaders(
      t.app,
      off,
      await createUser(t.db, off, { permissions: ['reportDelegation'] }),
    );
    expect((await api.get('/optima/settings', offUser)).json().code).toBe('MODULE_DISABLED');
    const other = await createCompany(t.db, { modules: { accounting_export: 2 } });
    const otherAccountant = await authHeaders(
      t.app,
      other,
      await createUser(t.db, other, { permissions: ['reportDelegation'] }),
    );
    const employee = (await api.get('/optima/employees', accountant)).json().items[0];
    expect(
      (await api.post('/optima/employees/map', otherAccountant, { id: employee.id, user_id: null }))
        .statusCode,
    ).toBe(404);
  });
});

describe('optima/export-invoices', () => {
  let invoiceId: number;
  let settlementId: number;
  beforeAll(async () => {
    const invoice = await api.post('/invoice/save', accountant, {
      number: 'FV/2026/03/0412',
      issue_date: '2026-03-12',
      sale_date: '2026-03-12',
      received_date: '2026-03-13',
      due_date: '2026-03-26',
      seller_name: 'Hotel Wawel Kraków Sp. z o.o.',
      seller_tax_id: '7010004397',
      seller_address: 'ul. Poselska 22, 31-002 Kraków',
      seller_country: 'PL',
      currency: 'PLN',
      vat_lines: [{ rate: '8', net: '500.00', vat: '40.00' }],
    });
    invoiceId = invoice.json().invoice.id;
    const saved = (
      await api.post('/delegation/save-standard', c.headers.employee, {
        delegation: domesticForm({ optima_category_code: 'DELEG' }),
      })
    ).json();
    expect(saved.status, JSON.stringify(saved)).toBe('OK');
    settlementId = saved.delegation.id;
    for (const [who, action] of [
      [c.headers.employee, 'submit'],
      [c.headers.acceptor, 'accept'],
      [c.headers.finance, 'settle'],
    ] as const) {
      expect((await api.post('/delegation/action', who, { id: settlementId, action })).statusCode).toBe(200);
    }
  });

  it('answers the offline XML of the invoice and the settlement, as the hand-written fixture says, in UTF-8 with Polish characters', async () => {
    const response = await api.get(
      `/optima/export-invoices?invoice_ids=${invoiceId}&delegation_ids=${settlementId}`,
      accountant,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="optima-2026-04-20-\d{6}\.xml"/,
    );
    const xml = response.rawPayload.toString('utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<ROOT xmlns="http://www.comarch.pl/cdn/optima/offline">');
    expect(xml).toContain('<NAZWA1>Hotel Wawel Kraków Sp. z o.o.</NAZWA1>');
    const imported = ['7c9e6679-7425-40de-944b-e07fc1f90ae7', '0b3f2a1c-9d8e-4f7a-b6c5-d4e3f2a1b0c9'];
    expect(parsed(xml, imported)).toEqual(parsed(fixture('expected-export.xml').toString('utf8'), imported));
    const entries = (
      parser.parse(xml) as {
        ROOT: {
          REJESTRY_ZAKUPU_VAT: {
            REJESTR_ZAKUPU_VAT: { ID_ZRODLA: string; POZYCJE: { POZYCJA: { NETTO: string } } }[];
          };
        };
      }
    ).ROOT.REJESTRY_ZAKUPU_VAT.REJESTR_ZAKUPU_VAT;
    expect(entries).toHaveLength(2);
    expect(entries[0]!.POZYCJE.POZYCJA.NETTO).toMatch(/^\d+\.\d{2}$/);
    expect(new Set(entries.map((entry) => entry.ID_ZRODLA)).size).toBe(2);

    // The same documents exported again carry the same source ids, so Optima recognises them.
    const again = await api.get(
      `/optima/export-invoices?invoice_ids=${invoiceId}&delegation_ids=${settlementId}`,
      accountant,
    );
    const ids = (text: string) =>
      [...text.matchAll(/<ID_ZRODLA(?:_PLAT)?>([^<]+)</g)].map((match) => match[1]);
    expect(ids(again.rawPayload.toString('utf8'))).toEqual(ids(xml));
    expect(await lastAuditRow(t.db, c.company.id, 'optima.export')).toMatchObject({
      after: { invoice_ids: [invoiceId], delegation_ids: [settlementId] },
    });
  });

  it('lists what was exported and when, and filters by exported', async () => {
    const invoicesList = (
      await api.get('/optima/documents?type=invoice&date_from=2026-03-01&date_to=2026-03-31', accountant)
    ).json().items;
    expect(invoicesList).toEqual([
      expect.objectContaining({ id: invoiceId, exported_at: expect.any(String), category_code: null }),
    ]);
    expect((await api.get('/optima/documents?type=invoice&exported=false', accountant)).json().items).toEqual(
      [],
    );
    const settlements = (await api.get('/optima/documents?type=delegation&status=settled', accountant)).json()
      .items;
    expect(settlements).toEqual([
      expect.objectContaining({
        id: settlementId,
        number: 'RD/1/2026',
        party: 'Jan Testowy',
        amount: '295.00',
        category_code: 'DELEG',
        blocker: null,
      }),
    ]);
    expect((await api.get('/optima/exports', accountant)).json().items[0]).toMatchObject({
      invoice_count: 1,
      delegation_count: 1,
    });
  });

  it('refuses nothing chosen, another company’s invoice, an unaccepted settlement and an employee without an Optima code', async () => {
    expect((await api.get('/optima/export-invoices?invoice_ids=', accountant)).json().issues).toEqual([
      { path: ['invoice_ids'], code: 'optima.nothingChosen' },
    ]);
    const other = await createCompany(t.db, { modules: { accounting_export: 2 } });
    const otherAccountant = await authHeaders(
      t.app,
      other,
      await createUser(t.db, other, { permissions: ['reportDelegation'] }),
    );
    expect(
      (await api.get(`/optima/export-invoices?invoice_ids=${invoiceId}`, otherAccountant)).statusCode,
    ).toBe(404);
    const draft = (
      await api.post('/delegation/save-standard', c.headers.colleague, {
        delegation: domesticForm({}, '2026-03-11'),
      })
    ).json();
    const refused = await api.get(
      `/optima/export-invoices?invoice_ids=&delegation_ids=${draft.delegation.id}`,
      accountant,
    );
    expect(refused.json().issues.map((issue: { code: string }) => issue.code)).toEqual([
      'optima.settlementNotAccepted',
      'optima.employeeNotMapped',
    ]);
  });

  it('refuses a settlement category that was not imported from Optima', async () => {
    await updateCompanySettings(t.db, c.company, {});
    const response = (
      await api.post('/delegation/save-standard', c.headers.employee, {
        delegation: domesticForm({ optima_category_code: 'NOPE' }, '2026-03-18'),
      })
    ).json();
    expect(response.issues).toEqual([
      { path: ['optima_category_code'], code: 'validation.unknownReference' },
    ]);
  });
});
