import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { createTripCompany, insertOrder } from '../../../test/trips.ts';
import { costCentreBudgets, costCentres } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
type Headers = Record<string, string>;
let headers: Record<'acceptor' | 'finance' | 'admin' | 'employee' | 'otherAdmin', Headers>;
let trip: Awaited<ReturnType<typeof createTripCompany>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  trip = await createTripCompany(t.db);
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

  it("shows this month's spending (Warsaw month, by the trip's first day) against the budget's share of the month, pro rata of the period by days", async () => {
    const [centre] = await t.db.insert(costCentres).values({ companyId: trip.company.id, ordinate: 'MPK-150', name: 'Serwis' }).returning();
    // 15 March to 13 June: 91 days, 30 of them in April: the month's share of 9100 zł is 3000 zł.
    await t.db.insert(costCentreBudgets).values({ companyId: trip.company.id, costCentreId: centre!.id, dateFrom: '2026-03-15', dateTo: '2026-06-13', amount: '9100.00' });
    const order = (startDate: string, estimate: string) =>
      insertOrder(t.db, trip.company.id, trip.employee.id, { costCentreId: centre!.id, status: 'accepted', startDate: new Date(startDate), endDate: new Date(startDate), estimatedTotalCost: estimate });
    // 00:30 on 1 April in Warsaw (summer time) is April's; 23:30 on 31 March is March's; May's trip is next month's.
    await order('2026-03-31T22:30:00Z', '2500.00');
    await order('2026-03-31T21:30:00Z', '700.00');
    await order('2026-05-04T06:00:00Z', '400.00');
    await order('2026-04-20T06:00:00Z', '500.01');
    const body = (await api.get('/dashboard/budgets', headers.finance)).json<{
      items: { cost_centre_ordinate: string; figures: { committed: string }; month: { from: string; to: string; figures: { amount: string; spent: string; committed: string; left: string; used_percent: string; state: string } } }[];
    }>();
    const budget = body.items.find((item) => item.cost_centre_ordinate === 'MPK-150')!;
    expect(budget.figures.committed).toBe('4100.01');
    expect(budget.month).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      figures: { amount: '3000.00', spent: '0.00', committed: '3000.01', left: '-0.01', used_percent: '100.0', state: 'over', unconverted_currencies: [] },
    });
    // The year's budget: 50 000 zł × 30 / 365 days.
    expect(body.items.find((item) => item.cost_centre_ordinate === 'MPK-100')!.month.figures).toMatchObject({ amount: '4109.59', spent: '0.00', committed: '0.00', state: 'ok' });
  });

  it('is not for an employee who decides nothing', async () => {
    expect((await api.get('/dashboard/budgets', headers.employee)).statusCode).toBe(403);
  });

  it("never shows another company's budgets", async () => {
    const body = (await api.get('/dashboard/budgets', headers.otherAdmin)).json<{ items: { cost_centre_ordinate: string }[] }>();
    expect(body.items.map((item) => item.cost_centre_ordinate)).toEqual(['MPK-900']);
  });
});
