import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { createTripCompany } from '../../../test/trips.ts';
import { costCentreBudgets, costCentres } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
type Headers = Record<string, string>;
let headers: Record<'acceptor' | 'finance' | 'admin' | 'employee' | 'otherAdmin', Headers>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  const trip = await createTripCompany(t.db);
  const other = await createTripCompany(t.db);
  for (const [company, ordinate] of [
    [trip.company, 'MPK-100'],
    [other.company, 'MPK-900'],
  ] as const) {
    const [centre] = await t.db.insert(costCentres).values({ companyId: company.id, ordinate, name: ordinate }).returning();
    await t.db.insert(costCentreBudgets).values([
      { companyId: company.id, costCentreId: centre!.id, dateFrom: '2026-01-01', dateTo: '2026-12-31', amount: '50000.00' },
      { companyId: company.id, costCentreId: centre!.id, dateFrom: '2025-01-01', dateTo: '2025-12-31', amount: '10000.00' },
    ]);
  }
  headers = {
    acceptor: await authHeaders(t.app, trip.company, trip.acceptor),
    finance: await authHeaders(t.app, trip.company, trip.finance),
    admin: await authHeaders(t.app, trip.company, trip.admin),
    employee: await authHeaders(t.app, trip.company, trip.employee),
    otherAdmin: await authHeaders(t.app, other.company, other.admin),
  };
});
afterAll(async () => t.close());

describe('dashboard budgets', () => {
  it.each(['acceptor', 'finance', 'admin'] as const)('shows the %s the budgets in force today with their figures', async (who) => {
    const response = await api.get('/dashboard/budgets', headers[who]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ day: string; items: { cost_centre_ordinate: string; date_from: string; figures: { amount: string; spent: string; left: string; state: string } }[] }>();
    expect(body.day).toBe('2026-04-20');
    expect(body.items.map((item) => [item.cost_centre_ordinate, item.date_from, item.figures.amount, item.figures.spent, item.figures.left, item.figures.state])).toEqual([
      ['MPK-100', '2026-01-01', '50000.00', '0.00', '50000.00', 'ok'],
    ]);
  });

  it('is not for an employee who decides nothing', async () => {
    expect((await api.get('/dashboard/budgets', headers.employee)).statusCode).toBe(403);
  });

  it("never shows another company's budgets", async () => {
    const body = (await api.get('/dashboard/budgets', headers.otherAdmin)).json<{ items: { cost_centre_ordinate: string }[] }>();
    expect(body.items.map((item) => item.cost_centre_ordinate)).toEqual(['MPK-900']);
  });
});
