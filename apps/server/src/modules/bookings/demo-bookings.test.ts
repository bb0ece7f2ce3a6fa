import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = apiCalls(t.app);
  await seedDemo(t.db);
  for (const username of ['employee', 'consultant', 'finance']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { company: 'demo', username, password: DEMO_PASSWORD },
    });
    headers[username] = { authorization: `Bearer ${response.json().access_token}` };
  }
});
afterAll(async () => t.close());

describe('demo bookings, invoices and accounting export', () => {
  it('gives Anna bookings of every kind, two invoiced and the Frankfurt flight waiting for its invoice', async () => {
    const mine = (await api.get('/booking/list?page_size=50', headers.employee!)).json().items as {
      kind: string;
      invoice_missing: boolean;
      invoice_ids: number[];
      title: string;
    }[];
    // Her recent trips' bookings and the year's history (demo-history.ts), which adds low-cost flights.
    expect(new Set(mine.map((item) => item.kind))).toEqual(new Set(['flight', 'lowCost', 'hotel', 'rail', 'car']));
    expect(mine.filter((item) => item.invoice_ids.length > 0)).toHaveLength(2);
    expect(mine.filter((item) => item.invoice_missing).map((item) => item.title)).toEqual(
      expect.arrayContaining(['LOT · LO 379']),
    );
    const all = (await api.get('/booking/list?page_size=50', headers.consultant!)).json().items as {
      kind: string;
    }[];
    expect(all.map((item) => item.kind)).toContain('lowCost');
  });

  it('leaves the imported traveller who matches no user waiting for mapping', async () => {
    expect((await api.get('/booking/mapping/list', headers.consultant!)).json().items).toEqual([
      expect.objectContaining({ traveller_name: 'Jan Zieliński', booking_count: 1 }),
    ]);
  });

  it('has Optima categories to choose from, Anna mapped, and a KSeF invoice matched to the Kraków trip', async () => {
    expect(
      (await api.get('/optima/categories', headers.employee!))
        .json()
        .items.map((item: { code: string }) => item.code),
    ).toEqual(['BILETY', 'DELEG-KRAJ', 'DELEG-ZAGR', 'NOCLEGI']);
    expect(
      (await api.get('/optima/employees', headers.finance!))
        .json()
        .items.find((item: { code: string }) => item.code === 'AKOWALSKA'),
    ).toMatchObject({ user_name: 'Anna Kowalska' });
    const ksef = (await api.get('/invoice/list?source=ksef', headers.finance!)).json().items;
    expect(ksef).toEqual([expect.objectContaining({ number: 'R/204/2026', match_status: 'suggested' })]);
  });
});
