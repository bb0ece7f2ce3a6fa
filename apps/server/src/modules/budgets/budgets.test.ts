import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { costCentres, delegationOrders, delegationTasks, projects, travelServiceOffers, travelServiceOrderItems, travelServiceOrders } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { budgetOverview } from './budgets.service.ts';
import { updateCompanySettings } from '../../../test/trips.ts';

type Headers = Record<string, string>;

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let c: SettlementCompany;
let other: SettlementCompany;
let accountant: Headers;
let accountantId: number;
let centreId: number;
let projectId: number;
let otherProjectId: number;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
  c = await settlementCompany(t.app, t.db);
  other = await settlementCompany(t.app, t.db);
  const accountantUser = await createUser(t.db, c.company, { permissions: ['reportDelegation'] });
  accountantId = accountantUser.id;
  accountant = await authHeaders(t.app, c.company, accountantUser);
  const [centre] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-B-${c.company.id}`, name: 'Sprzedaż' }).returning();
  centreId = centre!.id;
  const [project, otherProject] = await t.db
    .insert(projects)
    .values([
      { companyId: c.company.id, name: 'Wdrożenie' },
      { companyId: c.company.id, name: 'Serwis' },
    ])
    .returning();
  projectId = project!.id;
  otherProjectId = otherProject!.id;
  const [task] = await t.db.insert(delegationTasks).values({ companyId: c.company.id, namePl: 'Spotkanie z klientem', nameEn: 'Client meeting' }).returning();
  taskId = task!.id;
});
afterAll(async () => t.close());

async function saveBudget(headers: Headers, body: Record<string, unknown>) {
  return api.post('/booking/report/budget/save', headers, { project_id: null, date_from: '2026-04-01', date_to: '2026-04-30', amount: '1000.00', cost_centre_id: centreId, ...body });
}

async function figuresOf(headers: Headers, id: number) {
  const response = await api.get(`/booking/report/budget/list?page_size=200`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((item: { id: number }) => item.id === id)?.figures;
}

/** A one-day trip order to Kraków on 8 April 2026 charged to the cost centre, as the order form saves it. */
function saveOrder(costCentreId: number) {
  return api.post('/delegation-order/save-standard', c.headers.employee, {
    user_id: c.employee.id,
    cost_centre_id: costCentreId,
    task_id: taskId,
    task: null,
    add_description: 'Spotkanie u klienta w Krakowie',
    destinations: [{ place_text: 'Kraków', country_code: 'PL' }],
    destinationText: null,
    start_place_text: 'Warszawa',
    end_place_text: 'Warszawa',
    start_date: '2026-04-08 07:00',
    end_date: '2026-04-08 20:00',
    allowed_transport: ['rail'],
    allowed_transport_cost: '300.00',
    settlement_deadline: null,
    project_id: null,
    external_customer_id: null,
    custom_number: null,
    advances: [],
  });
}

async function ok(response: Awaited<ReturnType<typeof api.post>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A booked travel service of the cost centre with its chosen offer, as the travel-service module leaves it. */
async function bookedService(price: string, currency: string, values: { status?: string; startDate?: string; projectId?: number | null } = {}) {
  const [order] = await t.db
    .insert(travelServiceOrders)
    .values({ companyId: c.company.id, userId: c.employee.id, createdById: c.employee.id, projectId: values.projectId ?? null, status: 'booked', startDate: '2026-04-15', endDate: '2026-04-16' })
    .returning();
  const [item] = await t.db
    .insert(travelServiceOrderItems)
    .values({ companyId: c.company.id, orderId: order!.id, guid: `g-${order!.id}`, sequence: 1, type: 'hotel', status: values.status ?? 'booked', params: {}, costCentreId: centreId, startDate: values.startDate ?? '2026-04-15' })
    .returning();
  const [offer] = await t.db
    .insert(travelServiceOffers)
    .values({ companyId: c.company.id, itemId: item!.id, position: 1, price, currency, requires: {} as never, createdById: c.admin.id })
    .returning();
  await t.db.update(travelServiceOrderItems).set({ selectedOfferId: offer!.id }).where(eq(travelServiceOrderItems.id, item!.id));
  return item!.id;
}

describe('budgets: spent, committed and left move with the documents', () => {
  it('an order counts once accepted at its estimate, and its settlement once settled at the engine total instead', async () => {
    const budget = (await ok(await saveBudget(accountant, {}))).budget;
    expect(budget).toMatchObject({ cost_centre_id: centreId, project_id: null, amount: '1000.00', date_from: '2026-04-01', date_to: '2026-04-30' });
    expect(await figuresOf(accountant, budget.id)).toEqual({ amount: '1000.00', spent: '0.00', committed: '0.00', left: '1000.00', used_percent: '0.0', state: 'ok', unconverted_currencies: [] });

    const saved = await ok(await saveOrder(centreId));
    const order = saved.delegationOrder as { id: number; estimated_total_cost: string };
    expect(Number(order.estimated_total_cost)).toBeGreaterThan(0);
    // A draft and a submitted order commit nothing yet.
    await ok(await api.post('/delegation-order/action', c.headers.employee, { id: order.id, action: 'submit' }));
    expect((await figuresOf(accountant, budget.id)).committed).toBe('0.00');

    await ok(await api.post('/delegation-order/action', c.headers.acceptor, { id: order.id, action: 'accept' }));
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ spent: '0.00', committed: order.estimated_total_cost });

    // The form shows the settlement against the budget, its order's estimate released.
    const state = await api.get(`/booking/report/budget/state?cost_centre_id=${centreId}&date=2026-04-08&amount=295.00&delegation_order_id=${order.id}`, c.headers.employee);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().items).toEqual([
      expect.objectContaining({ budget: expect.objectContaining({ id: budget.id }), figures: expect.objectContaining({ committed: order.estimated_total_cost }), with_document: expect.objectContaining({ committed: '295.00', left: '705.00', state: 'ok' }) }),
    ]);

    const settlement = await ok(await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ delegation_order_id: order.id, cost_centre_id: centreId }, '2026-04-08') }));
    const settlementId = settlement.delegation.id as number;
    expect(settlement.delegation.total_pln).toBe('295.00');
    await ok(await api.post('/delegation/action', c.headers.employee, { id: settlementId, action: 'submit' }));
    await ok(await api.post('/delegation/action', c.headers.acceptor, { id: settlementId, action: 'accept' }));
    // Accepted but not settled: the order is still what is committed, nothing is spent.
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ spent: '0.00', committed: order.estimated_total_cost });

    await ok(await api.post('/delegation/action', c.headers.finance, { id: settlementId, action: 'settle' }));
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ spent: '295.00', committed: '0.00', left: '705.00', used_percent: '29.5', state: 'ok' });

    // Travel services of the cost centre: committed at the chosen offer, a euro offer at the last NBP rate before today (4.2600 of 17 April).
    await bookedService('100.00', 'EUR');
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ spent: '295.00', committed: '426.00', left: '279.00', state: 'ok' });
    await bookedService('79.00', 'PLN');
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ committed: '505.00', left: '200.00', used_percent: '80.0', state: 'warning' });
    // An offer still waiting for acceptance, a cancelled service and one outside the period count nothing.
    await bookedService('500.00', 'PLN', { status: 'offerSelected' });
    await bookedService('500.00', 'PLN', { status: 'bookingCanceled' });
    await bookedService('500.00', 'PLN', { startDate: '2026-05-02' });
    expect((await figuresOf(accountant, budget.id)).committed).toBe('505.00');
    await bookedService('200.01', 'PLN');
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ left: '-0.01', state: 'over' });

    // The dashboard's overview: the budgets of the day with the same figures.
    const overview = await budgetOverview(t.db, c.company.id, '2026-04-20');
    expect(overview.find((item) => item.id === budget.id)?.figures).toMatchObject({ spent: '295.00', committed: '705.01', state: 'over' });
    expect(await budgetOverview(t.db, c.company.id, '2026-05-01')).toEqual([]);
  });

  it("a project's budget counts only that project's documents", async () => {
    const budget = (await ok(await saveBudget(accountant, { project_id: projectId, amount: '500.00' }))).budget;
    expect(budget).toMatchObject({ project_id: projectId, project_name: 'Wdrożenie' });
    await bookedService('120.00', 'PLN', { projectId });
    await bookedService('300.00', 'PLN', { projectId: otherProjectId });
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ committed: '120.00', left: '380.00' });
    const state = (await api.get(`/booking/report/budget/state?cost_centre_id=${centreId}&project_id=${projectId}&date=2026-04-10`, c.headers.employee)).json();
    // The cost centre's own budget first, then the project's.
    expect(state.items.map((item: { budget: { project_id: number | null } }) => item.budget.project_id)).toEqual([null, projectId]);
    expect(state.items[1].with_document).toBeNull();
  });

  it('a foreign currency without any rate is named, not counted', async () => {
    const [centre] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-USD-${c.company.id}` }).returning();
    const budget = (await ok(await saveBudget(accountant, { cost_centre_id: centre!.id }))).budget;
    const itemId = await bookedService('50.00', 'USD');
    await t.db.update(travelServiceOrderItems).set({ costCentreId: centre!.id }).where(eq(travelServiceOrderItems.id, itemId));
    expect(await figuresOf(accountant, budget.id)).toMatchObject({ committed: '0.00', unconverted_currencies: ['USD'] });
  });
});

describe('the budget report', () => {
  it("shows every budget of the range with the view's spent, committed, left and used, to the grosz", async () => {
    const view = (await ok(await api.get('/booking/report/budget/list?page_size=200', accountant))).items as {
      cost_centre_ordinate: string;
      project_name: string | null;
      date_from: string;
      figures: { amount: string; spent: string; committed: string; left: string; used_percent: string | null; unconverted_currencies: string[] };
    }[];
    // The budgets above hold a settled settlement, an accepted order's estimate, euro and PLN services, a project's services and an unconverted currency.
    expect(view.length).toBeGreaterThanOrEqual(3);
    const created = await ok(
      await api.post('/report/create', accountant, {
        report_type: 'budgetReport',
        date_type: 'trip',
        date_from: '2026-04-01',
        date_to: '2026-04-30',
        cost_centre_ids: [],
        organization_unit_ids: [],
        project_ids: [],
        user_ids: [],
        file_format: 'csv',
      }),
    );
    await t.app.services.reports.idle();
    const file = await api.get(`/report/download?id=${created.report.id}`, accountant);
    expect(file.statusCode, file.body).toBe(200);
    const [, ...rows] = file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(';'));
    rows.pop();
    const decimal = (cell: string) => cell.replace(',', '.');
    const reported = rows.map(([centre, project, from, , amount, spent, committed, left, used, unconverted]) => ({
      key: `${centre}|${project}|${from}`,
      figures: { amount: decimal(amount!), spent: decimal(spent!), committed: decimal(committed!), left: decimal(left!), used_percent: used ? decimal(used) : null, unconverted_currencies: unconverted ? unconverted.split(', ') : [] },
    }));
    const shown = view.map((item) => ({ key: `${item.cost_centre_ordinate}|${item.project_name ?? ''}|${item.date_from}`, figures: item.figures }));
    expect(reported.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      shown.map(({ key, figures: { amount, spent, committed, left, used_percent, unconverted_currencies } }) => ({ key, figures: { amount, spent, committed, left, used_percent, unconverted_currencies } })).sort((a, b) => a.key.localeCompare(b.key)),
    );
  });
});

describe('budgets: forms and validation', () => {
  it('refuses an amount of zero, a period ending before it starts and an overlapping period, each at its field', async () => {
    const zero = await saveBudget(accountant, { amount: '0.00', date_from: '2027-01-01', date_to: '2027-01-31' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().issues).toEqual([expect.objectContaining({ path: ['amount'], code: 'validation.amountPositive' })]);
    const reversed = await saveBudget(accountant, { date_from: '2027-02-10', date_to: '2027-02-01' });
    expect(reversed.json().issues).toEqual([expect.objectContaining({ path: ['date_to'], code: 'validation.dateRange' })]);
    const notNumber = await saveBudget(accountant, { amount: '12,5', date_from: '2027-01-01', date_to: '2027-01-31' });
    expect(notNumber.json().issues).toEqual([expect.objectContaining({ path: ['amount'], code: 'validation.amount' })]);

    await ok(await saveBudget(accountant, { date_from: '2027-03-01', date_to: '2027-03-31' }));
    const overlap = await saveBudget(accountant, { date_from: '2027-03-31', date_to: '2027-04-30' });
    expect(overlap.json().issues).toEqual([{ path: ['date_from'], code: 'costCentreBudget.overlap', params: { from: '2027-03-01', to: '2027-03-31' } }]);
    // A project's budget may lie within the cost centre's.
    await ok(await saveBudget(accountant, { date_from: '2027-03-01', date_to: '2027-03-31', project_id: otherProjectId }));
  });

  it('edits and deletes a budget, with audit rows, and loads it for the edit form', async () => {
    const created = (await ok(await saveBudget(c.headers.admin, { date_from: '2027-06-01', date_to: '2027-06-30' }))).budget;
    const edited = (await ok(await saveBudget(accountant, { id: created.id, date_from: '2027-06-01', date_to: '2027-06-30', amount: '2500.50' }))).budget;
    expect(edited).toMatchObject({ id: created.id, amount: '2500.50' });
    expect((await lastAuditRow(t.db, c.company.id, 'costCentreBudget.update'))?.entityId).toBe(String(created.id));
    expect((await api.get(`/booking/report/budget/get?id=${created.id}`, accountant)).json().budget).toEqual(edited);
    await ok(await api.post('/booking/report/budget/delete', accountant, { id: created.id }));
    expect((await api.get(`/booking/report/budget/get?id=${created.id}`, accountant)).statusCode).toBe(404);
  });

  it('offers the company’s cost centres and projects only', async () => {
    const options = (await api.get('/booking/report/budget/form-options', accountant)).json();
    expect(options.cost_centres).toEqual(expect.arrayContaining([{ id: centreId, name: `MPK-B-${c.company.id} – Sprzedaż` }]));
    expect(options.projects.map((project: { id: number }) => project.id).sort()).toEqual([projectId, otherProjectId].sort());
  });
});

describe('budgets: permissions and other companies', () => {
  it('opens the budgets to reportDelegation and companyAdmin only; the state to any user of the company', async () => {
    expect((await api.get('/booking/report/budget/list', c.headers.employee)).statusCode).toBe(403);
    expect((await saveBudget(c.headers.employee, { date_from: '2028-01-01', date_to: '2028-01-31' })).statusCode).toBe(403);
    expect((await api.get('/booking/report/budget/list', c.headers.admin)).statusCode).toBe(200);
    expect((await api.get(`/booking/report/budget/state?cost_centre_id=${centreId}&date=2026-04-08`, c.headers.colleague)).statusCode).toBe(200);
  });

  it("never shows or changes another company's budgets", async () => {
    const ours = (await ok(await saveBudget(accountant, { date_from: '2028-02-01', date_to: '2028-02-28' }))).budget;
    const theirAdmin = other.headers.admin;
    const theirList = (await api.get('/booking/report/budget/list?page_size=200', theirAdmin)).json();
    expect(theirList.items.map((item: { id: number }) => item.id)).not.toContain(ours.id);
    expect((await api.get(`/booking/report/budget/get?id=${ours.id}`, theirAdmin)).statusCode).toBe(404);
    expect((await api.post('/booking/report/budget/delete', theirAdmin, { id: ours.id })).statusCode).toBe(404);
    expect((await api.post('/booking/report/budget/save', theirAdmin, { id: ours.id, cost_centre_id: centreId, project_id: null, date_from: '2028-02-01', date_to: '2028-02-28', amount: '1.00' })).statusCode).toBe(404);
    // Their own budget cannot name our cost centre or project.
    const naming = await api.post('/booking/report/budget/save', theirAdmin, { cost_centre_id: centreId, project_id: null, date_from: '2028-02-01', date_to: '2028-02-28', amount: '1.00' });
    expect(naming.statusCode).toBe(404);
    const namingProject = await api.post('/booking/report/budget/save', theirAdmin, { cost_centre_id: centreId, project_id: projectId, date_from: '2028-02-01', date_to: '2028-02-28', amount: '1.00' });
    expect(namingProject.statusCode).toBe(404);
    expect((await api.get(`/booking/report/budget/state?cost_centre_id=${centreId}&date=2028-02-10`, other.headers.employee)).json().items).toEqual([]);
    expect((await api.get('/booking/report/budget/form-options', theirAdmin)).json().cost_centres.map((row: { id: number }) => row.id)).not.toContain(centreId);
  });
});

describe('a trip document above its budget', () => {
  async function submittedOrderOverBudget() {
    const [centre] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-X-${Math.floor(Math.random() * 1e6)}` }).returning();
    await ok(await saveBudget(accountant, { cost_centre_id: centre!.id, amount: '1.00' }));
    const order = (await ok(await saveOrder(centre!.id))).delegationOrder as { id: number };
    const state = (await api.get(`/booking/report/budget/state?cost_centre_id=${centre!.id}&date=2026-04-08&amount=50.00`, c.headers.employee)).json();
    expect(state.items[0].with_document.state).toBe('over');
    await ok(await api.post('/delegation-order/action', c.headers.employee, { id: order.id, action: 'submit' }));
    const [row] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, order.id));
    return { id: order.id, steps: row!.workflowSteps, rule: state.exceeded_rule as string };
  }

  it('only warns when the company chose so: the path has no budget step', async () => {
    await updateCompanySettings(t.db, c.company, { budget_exceeded_rule: 'warn' });
    const order = await submittedOrderOverBudget();
    expect(order.rule).toBe('warn');
    expect(order.steps.map((step) => step.label)).not.toContain('budget');
  });

  it('asks the budget keepers for one more acceptance when the company chose so, after the path’s own', async () => {
    await updateCompanySettings(t.db, c.company, { budget_exceeded_rule: 'accept' });
    try {
      const order = await submittedOrderOverBudget();
      expect(order.rule).toBe('accept');
      expect(order.steps.at(-1)).toEqual({ stage: 'substantive', approverIds: [accountantId], label: 'budget' });
      const viewOf = async (headers: Record<string, string>) => (await ok(await api.post('/delegation-order/delegation-order-edit', headers, { id: order.id }))).delegationOrder as { waiting_for_budget: boolean; current_approvers: { id: number }[] };
      expect((await viewOf(c.headers.acceptor)).waiting_for_budget).toBe(false);
      await ok(await api.post('/delegation-order/action', c.headers.acceptor, { id: order.id, action: 'accept' }));
      const [waiting] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, order.id));
      expect(waiting!.status).toBe('submitted');
      // The order and the list say it now waits for the budget acceptance, and the view names the budget keepers.
      const view = await viewOf(accountant);
      expect(view.waiting_for_budget).toBe(true);
      expect(view.current_approvers.map((person) => person.id)).toEqual([accountantId]);
      const listed = (await ok(await api.get('/delegation-order/list?page=1&page_size=100', c.headers.employee))).items as { id: number; waiting_for_budget: boolean }[];
      expect(listed.find((item) => item.id === order.id)?.waiting_for_budget).toBe(true);
      await ok(await api.post('/delegation-order/action', accountant, { id: order.id, action: 'accept' }));
      const [accepted] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, order.id));
      expect(accepted!.status).toBe('accepted');

      // Within its budget, the same company's order takes its usual path.
      const [roomy] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-Y-${c.company.id}` }).returning();
      await ok(await saveBudget(accountant, { cost_centre_id: roomy!.id, amount: '100000.00' }));
      const within = (await ok(await saveOrder(roomy!.id))).delegationOrder as { id: number };
      await ok(await api.post('/delegation-order/action', c.headers.employee, { id: within.id, action: 'submit' }));
      const [row] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, within.id));
      expect(row!.workflowSteps.map((step) => step.label)).not.toContain('budget');
    } finally {
      await updateCompanySettings(t.db, c.company, { budget_exceeded_rule: 'warn' });
    }
  });
  it('shows a settlement above its budget as waiting for the budget keepers after the substantive acceptance, naming them, before finance', async () => {
    await updateCompanySettings(t.db, c.company, { budget_exceeded_rule: 'accept' });
    try {
      const [centre] = await t.db.insert(costCentres).values({ companyId: c.company.id, ordinate: `MPK-S-${Math.floor(Math.random() * 1e6)}` }).returning();
      await ok(await saveBudget(accountant, { cost_centre_id: centre!.id, amount: '1.00' }));
      // A day of its own: the employee's trip of 8 April is settled above.
      const saved = await ok(await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({ cost_centre_id: centre!.id }, '2026-04-14') }));
      expect(saved.status, JSON.stringify(saved)).toBe('OK');
      const id = saved.delegation.id as number;
      await ok(await api.post('/delegation/action', c.headers.employee, { id, action: 'submit' }));
      type View = { status: string; waiting_for_budget: boolean; budget_approvers: string[] };
      const viewOf = async () => (await ok(await api.post('/delegation/delegation-edit', c.headers.employee, { id }))).delegation as View;
      expect(await viewOf()).toMatchObject({ waiting_for_budget: false, budget_approvers: [] });

      await ok(await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' }));
      expect(await viewOf()).toMatchObject({ status: 'submitted', waiting_for_budget: true, budget_approvers: ['Jan Testowy'] });
      const listed = (await ok(await api.get('/delegation/list?page=1&page_size=100', c.headers.employee))).items as { id: number; waiting_for_budget: boolean }[];
      expect(listed.find((item) => item.id === id)?.waiting_for_budget).toBe(true);

      // The budget keeper accepts: the settlement goes on to finance and no longer waits for the budget.
      await ok(await api.post('/delegation/action', accountant, { id, action: 'accept' }));
      expect(await viewOf()).toMatchObject({ status: 'accepted', waiting_for_budget: false, budget_approvers: [] });
    } finally {
      await updateCompanySettings(t.db, c.company, { budget_exceeded_rule: 'warn' });
    }
  });
});
