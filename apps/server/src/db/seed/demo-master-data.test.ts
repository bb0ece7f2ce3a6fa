import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(async () => t.close());

async function headersOf(username: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company: 'demo', username, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${response.json().access_token}` };
}
const get = async (url: string, headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: `/api${url}`, headers })).json();

describe('demo master data', () => {
  it('gives the administrator cost centres with users and budgets, the structure and a contractor with a project', async () => {
    const admin = await headersOf('administrator');
    const centres = await get('/settings/cost-centre/list', admin);
    expect(centres.items.map((item: { ordinate: string }) => item.ordinate)).toEqual(['MPK-100', 'MPK-200', 'MPK-300']);
    // The sales cost centre's own budget and the CRM project's.
    expect(centres.items[0]).toMatchObject({ user_count: 2, budget_count: 2 });
    const tree = await get('/settings/organizational-structure/tree', admin);
    expect(tree.units.find((unit: { is_main: boolean }) => unit.is_main)).toMatchObject({ name: 'Demo Sp. z o.o.', child_count: 3 });
    expect((await get('/settings/project/list', admin)).items[0]).toMatchObject({ name: 'Wdrożenie CRM', contractor_name: 'Acme Polska Sp. z o.o.' });
    expect((await get('/settings/travel-service/acceptors', admin)).items.map((item: { login: string }) => item.login)).toEqual(['acceptor']);
  });

  it('gives the budgets a year of documents: marketing near its end (at least 80 %, amber), sales with room, a project budget within sales', async () => {
    const admin = await headersOf('administrator');
    const budgets = (await get('/booking/report/budget/list?page_size=50', admin)).items as { cost_centre_ordinate: string; project_name: string | null; figures: { state: string; used_percent: string; spent: string } }[];
    const of = (ordinate: string, project: string | null = null) => budgets.find((row) => row.cost_centre_ordinate === ordinate && row.project_name === project)!;
    expect(budgets).toHaveLength(4);
    expect(of('MPK-200').figures.state).toBe('warning');
    expect(Number(of('MPK-200').figures.used_percent)).toBeGreaterThanOrEqual(80);
    expect(Number(of('MPK-200').figures.spent)).toBeGreaterThan(0);
    expect(of('MPK-100').figures.state).toBe('ok');
    expect(Number(of('MPK-100').figures.spent)).toBeGreaterThan(0);
    expect(of('MPK-100', 'Wdrożenie CRM').figures.state).toBe('ok');
  });

  it('shows the employee the trip reasons, their own and the company vehicles, and the trip policy', async () => {
    const employee = await headersOf('employee');
    expect((await get('/delegation-info/delegation-task', employee)).items).toHaveLength(4);
    const plates = (await get('/vehicle/list', employee)).items.map((item: { plates: string }) => item.plates);
    expect(plates.sort()).toEqual(['WA 5Y123', 'WX 12345']);
    expect((await get('/delegation-info/pages', employee)).items[0]).toMatchObject({ alias: 'trip-policy', title_pl: 'Polityka podróży' });
  });

  it('has numbering templates for orders and settlements, so the first acceptance gets a number', async () => {
    const admin = await headersOf('administrator');
    const templates = (await get('/settings/document-number-template/list', admin)).items as { document_type: string; mask: string; is_active: boolean }[];
    expect(templates.filter((item) => item.is_active).map((item) => [item.document_type, item.mask]).sort()).toEqual([
      ['delegation', 'RD/[000N]/[YYYY]'],
      ['delegationOrder', 'PW/[000N]/[YYYY]'],
    ]);
  });
});
