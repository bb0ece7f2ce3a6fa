import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { acceptedOrder, insertVehicle, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { updateCompanySettings } from '../../../test/trips.ts';
import { eq } from 'drizzle-orm';
import { advances, users } from '../../db/schema/index.ts';
import { formatAmount, rateOrigin } from './trip-pdf.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

function hasPdftotext(): boolean {
  try {
    execFileSync('which', ['pdftotext']);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text of a PDF through poppler's `pdftotext`. pdfmake embeds Roboto as Identity-H glyph ids with
 * a ToUnicode map, so the content streams alone do not show the text: without pdftotext the tests
 * check the file's shape only.
 */
function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'delego-pdf-'));
  try {
    const file = path.join(folder, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\u00a0/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A foreign trip from an accepted order: a private car to Berlin, a hotel bill, an advance in EUR. */
function berlinTrip(orderId: number, vehicleId: number) {
  return {
    delegation_order_id: orderId,
    start_date: '2026-03-10 06:00',
    end_date: '2026-03-12 20:00',
    destinationText: 'Berlin',
    task: 'Targi ITB – spotkania z partnerami',
    settlement_date: '2026-03-13',
    transport: [
      {
        transport_type: 'car',
        settlement_type_id: 'lumpSum',
        from_place_text: 'Poznań',
        to_place_text: 'Berlin',
        start_date: '2026-03-10 06:00',
        end_date: '2026-03-10 12:00',
        distance: '280',
        vehicle_id: vehicleId,
      },
      {
        transport_type: 'car',
        settlement_type_id: 'lumpSum',
        from_place_text: 'Berlin',
        to_place_text: 'Poznań',
        start_date: '2026-03-12 14:00',
        end_date: '2026-03-12 20:00',
        distance: '280',
        vehicle_id: vehicleId,
      },
    ],
    country: [
      { country_code: 'PL', in_date: '2026-03-10 06:00', out_date: '2026-03-10 08:00' },
      {
        country_code: 'DE',
        in_date: '2026-03-10 08:00',
        out_date: '2026-03-12 18:00',
        meals_per_doba: [{ breakfast: false, lunch: false, dinner: false }, { breakfast: true, lunch: false, dinner: false }, { breakfast: true, lunch: false, dinner: false }],
        breakfast_count: '2',
        accommodation: [{ settlement_type_id: 'invoiceWorkerPayment', start_date: '2026-03-10 15:00', end_date: '2026-03-12 10:00', amount_in_currency: '240.00', currency: 'EUR', invoice_date: '2026-03-12' }],
      },
      { country_code: 'PL', in_date: '2026-03-12 18:00', out_date: '2026-03-12 20:00' },
    ],
    other: [{ type_id: 'parking', payment_type_id: 'cash', amount_in_currency: '35.00', currency: 'EUR', bill_number: 'P/17', bill_date: '2026-03-11' }],
  };
}

describe('GET /api/delegation/pdf', () => {
  let c: SettlementCompany;
  let settlementId: number;
  let orderId: number;
  let calculated: {
    total_pln: string;
    balance_pln: string;
    mileage_total_pln: string;
    advances_total_pln: string;
    singleCountryCost: { diet_amount: string; total_pln: string; delegation_rate: string }[];
    transport: { amount_pln: string }[];
  };

  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    await t.db.update(users).set({ name: 'Józef', surname: 'Świątek-Żółkiewski', position: 'Kierownik sprzedaży' }).where(eq(users.id, c.employee.id));
    orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, {
      startDate: new Date('2026-03-10T05:00:00Z'),
      endDate: new Date('2026-03-12T19:00:00Z'),
      destinations: [{ place_text: 'Berlin', country_code: 'DE' }],
      allowedTransport: ['car'],
    });
    const [advance] = await t.db
      .insert(advances)
      .values({ companyId: c.company.id, userId: c.employee.id, delegationOrderId: orderId, amountInCurrency: '100.00', currency: 'EUR', paymentType: 'cash', paymentDate: '2026-03-09', status: 'paid' })
      .returning();
    const form = {
      ...berlinTrip(orderId, await insertVehicle(t.db, c.company.id, c.employee.id)),
      advances: [{ id: advance!.id, amount_in_currency: '100.00', currency: 'EUR', payment_type: 'cash', payment_date: '2026-03-09', status: 'paid' }],
    };
    const response = await api.post('/delegation/save-standard', c.headers.employee, { delegation: form });
    expect(response.json().status, response.body).toBe('OK');
    settlementId = response.json().delegation.id;
    calculated = response.json().delegation.calculated;
    expect((await api.post('/delegation/action', c.headers.employee, { id: settlementId, action: 'submit' })).statusCode).toBe(200);
    expect((await api.post('/delegation/action', c.headers.acceptor, { id: settlementId, action: 'accept', comment: 'Zgoda – wyjazd zgodny z planem' })).statusCode).toBe(200);
  });

  it('prints every amount the engine computed, its basis, the decisions and signatures, in Polish', async () => {
    const response = await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.employee);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="rozliczenie-RD_\d+_2026\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdftotext()) return;
    const text = pdfText(response.rawPayload);
    const amount = (value: string) => formatAmount(value).replace(/\u00a0/g, ' ');
    expect(text).toContain('Rozliczenie kosztów podróży służbowej');
    expect(text).toContain('Józef Świątek-Żółkiewski');
    expect(text).toContain('Targi ITB – spotkania z partnerami');
    const germany = calculated.singleCountryCost[1]!;
    for (const value of [calculated.total_pln, calculated.balance_pln, calculated.mileage_total_pln, calculated.advances_total_pln, germany.diet_amount, germany.total_pln, calculated.transport[0]!.amount_pln]) {
      expect(text, value).toContain(amount(value));
    }
    expect(text).toContain('49,00 EUR');
    expect(text).toContain('§ 13 ust. 3');
    expect(text).toContain('280 km × 1,1500 zł/km');
    expect(text).toMatch(/047\/A\/NBP\/2026|04\d\/A\/NBP\/2026/);
    expect(text).toContain('Akceptacja merytoryczna');
    expect(text).toContain('Zgoda – wyjazd zgodny z planem');
    expect(text).toContain('Do wypłaty pracownikowi');
  });

  it('prints bilingual labels in the standardPlEn view and turns landscape pages with rotate270', async () => {
    await updateCompanySettings(t.db, c.company, { document_view: 'standardPlEn', pdf_rotation: 'rotate270' });
    const response = await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.finance);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).toMatch(/\/Rotate 270/);
    if (hasPdftotext()) {
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Rozliczenie kosztów podróży służbowej / Business trip expense report');
      expect(text).toContain('Pracownik / Employee');
      expect(text).toContain('Razem koszty podróży / Total trip costs');
    }
    await updateCompanySettings(t.db, c.company, { document_view: 'standardPl', pdf_rotation: 'keep' });
    const kept = await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.employee);
    expect(kept.rawPayload.toString('latin1')).not.toMatch(/\/Rotate 270/);
  });

  it.skipIf(!hasPdftotext())("prints the settlement and the order with Polish and English labels when the company's document language is bilingual", async () => {
    await updateCompanySettings(t.db, c.company, { document_language: 'plEn', document_view: 'standardPl' });
    const settlement = pdfText((await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.employee)).rawPayload);
    expect(settlement).toContain('Rozliczenie kosztów podróży służbowej / Business trip expense report');
    expect(settlement).toContain('Do wypłaty pracownikowi / To be paid to the employee');
    const order = pdfText((await api.get(`/delegation-order/pdf?id=${orderId}`, c.headers.employee)).rawPayload);
    expect(order).toContain('Polecenie wyjazdu służbowego / Business trip order');
    expect(order).toContain('Samochód / Car');
    await updateCompanySettings(t.db, c.company, { document_language: 'pl' });
    const polish = pdfText((await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.employee)).rawPayload);
    expect(polish).toContain('Rozliczenie kosztów podróży służbowej');
    expect(polish).not.toContain('Business trip expense report');
  });

  it('answers 404 to someone else and to another company', async () => {
    expect((await api.get(`/delegation/pdf?id=${settlementId}`, c.headers.colleague)).statusCode).toBe(404);
    const other = await settlementCompany(t.app, t.db);
    expect((await api.get(`/delegation/pdf?id=${settlementId}`, other.headers.admin)).statusCode).toBe(404);
  });

  it('prints the trip order with its destinations, allowed transport and advances', async () => {
    const response = await api.get(`/delegation-order/pdf?id=${orderId}`, c.headers.employee);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="polecenie-wyjazdu-PW_\d+_2026\.pdf"/);
    if (hasPdftotext()) {
      const text = pdfText(response.rawPayload);
      expect(text).toContain('Polecenie wyjazdu służbowego');
      expect(text).toContain('Berlin (DE)');
      expect(text).toContain('Samochód');
      expect(text).toContain('100,00 EUR');
    }
    expect((await api.get(`/delegation-order/pdf?id=${orderId}`, c.headers.colleague)).statusCode).toBe(404);
  });
});

describe('formatAmount', () => {
  it('writes decimal strings the Polish way without floating point', () => {
    expect(formatAmount('1234567.5')).toBe('1\u00a0234\u00a0567,50');
    expect(formatAmount('-0.37')).toBe('-0,37');
    expect(formatAmount('4.25', 4)).toBe('4,2500');
    expect(formatAmount('280', 0)).toBe('280');
    expect(formatAmount('4.240000', 4)).toBe('4,2400');
    expect(formatAmount('0.123456', 4)).toBe('0,123456');
  });
});

describe('rateOrigin', () => {
  it('names the NBP table of a rate, and a rate entered by hand in words instead of its source code', () => {
    expect(rateOrigin({ rate: '4.2500', table_no: '047/A/NBP/2026', date: '2026-03-09', source: 'nbp' }, false)).toBe('047/A/NBP/2026');
    expect(rateOrigin({ rate: '4.2534', table_no: '', date: '2026-10-16', source: 'manual' }, false)).toBe('kurs ręczny');
    expect(rateOrigin({ rate: '4.2534', table_no: '', date: '2026-10-16', source: 'manual' }, true)).toBe('kurs ręczny / manual rate');
  });
});
