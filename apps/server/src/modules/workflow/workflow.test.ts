import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, asc } from 'drizzle-orm';
import { defaultWorkflow, type WorkflowDefinition } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCompany, createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { auditLog, costCentres, delegationTasks, users } from '../../db/schema/index.ts';
import type { CompanyRecord } from '../company/company.repo.ts';
import { resolveTripApprovers } from './workflow.service.ts';

let t: TestApp;
let company: CompanyRecord;
let admin: { authorization: string };
let employeeHeaders: { authorization: string };
let otherAdmin: { authorization: string };
const ids = { employee: 0, boss: 0, finance: 0, board: 0, centre: 0, task: 0, otherCentre: 0, otherTask: 0, otherUser: 0 };

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T10:00:00Z' });
  company = await createCompany(t.db);
  admin = await authHeaders(t.app, company, await createUser(t.db, company, { permissions: ['companyAdmin'] }));
  const boss = await createUser(t.db, company, { permissions: ['delegationAcceptSubstantive'] });
  const finance = await createUser(t.db, company, { permissions: ['delegationAcceptFinancial'] });
  const board = await createUser(t.db, company);
  const employee = await createUser(t.db, company);
  await t.db.update(users).set({ superiorId: boss.id, name: 'Ewa', surname: 'Pracownik' }).where(eq(users.id, employee.id));
  await t.db.update(users).set({ name: 'Piotr', surname: 'Szef' }).where(eq(users.id, boss.id));
  employeeHeaders = await authHeaders(t.app, company, employee);
  const [centre] = await t.db.insert(costCentres).values({ companyId: company.id, ordinate: 'IT-01', name: 'Informatyka' }).returning();
  const [task] = await t.db.insert(delegationTasks).values({ companyId: company.id, namePl: 'Szkolenie', nameEn: 'Training' }).returning();
  const other = await createCompany(t.db);
  const otherUser = await createUser(t.db, other, { permissions: ['companyAdmin'] });
  otherAdmin = await authHeaders(t.app, other, otherUser);
  const [otherCentre] = await t.db.insert(costCentres).values({ companyId: other.id, ordinate: 'X-01' }).returning();
  const [otherTask] = await t.db.insert(delegationTasks).values({ companyId: other.id, namePl: 'Obce', nameEn: 'Foreign' }).returning();
  Object.assign(ids, {
    employee: employee.id,
    boss: boss.id,
    finance: finance.id,
    board: board.id,
    centre: centre!.id,
    task: task!.id,
    otherCentre: otherCentre!.id,
    otherTask: otherTask!.id,
    otherUser: otherUser.id,
  });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

/** Orders: above 5000 PLN the board member accepts, otherwise the superior. */
const orderFlow = (): WorkflowDefinition => ({
  nodes: [
    { id: 'start', kind: 'start', next: 'cost' },
    { id: 'cost', kind: 'conditionTotalCost', threshold: '5000', then: 'board', else: 'boss' },
    { id: 'board', kind: 'acceptSubstantive', acceptor_user_ids: [ids.board], superior: false, any_holder: false, next: 'end' },
    { id: 'boss', kind: 'acceptSubstantive', acceptor_user_ids: [], superior: true, any_holder: false, next: 'end' },
    { id: 'end', kind: 'end' },
  ],
});
const trip = (overrides: Record<string, unknown> = {}) => ({ employee_id: ids.employee, task_id: null, cost_centre_id: null, total_cost: '100.00', ...overrides });

describe('GET settings/workflow/get-data', () => {
  it("answers the company's users, cost centres and trip reasons", async () => {
    const response = await get('/settings/workflow/get-data', admin);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(Object.keys(data).sort()).toEqual(['cost_centres', 'delegation_tasks', 'users']);
    expect(data.cost_centres).toEqual([{ id: ids.centre, ordinate: 'IT-01', name: 'Informatyka', enabled_for_new: true }]);
    expect(data.delegation_tasks).toEqual([{ id: ids.task, name_pl: 'Szkolenie', name_en: 'Training', enabled_for_new: true }]);
    expect(data.users).toHaveLength(5);
    expect(data.users.find((user: { id: number }) => user.id === ids.employee)).toMatchObject({ name: 'Ewa', surname: 'Pracownik', superior_id: ids.boss, is_active: true });
    expect(data.users.find((user: { id: number }) => user.id === ids.boss)).toMatchObject({ accepts_substantive: true, accepts_financial: false });
    expect(data.users.find((user: { id: number }) => user.id === ids.finance)).toMatchObject({ accepts_substantive: false, accepts_financial: true });
    expect(data.users.some((user: { id: number }) => user.id === ids.otherUser)).toBe(false);
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await get('/settings/workflow/get-data', employeeHeaders)).statusCode).toBe(403);
  });
});

describe('workflow load and save', () => {
  it('gives a company without a saved path the default one', async () => {
    const order = (await get('/settings/workflow/get?document_kind=delegationOrder', admin)).json();
    expect(order).toEqual({
      document_kind: 'delegationOrder',
      definition: defaultWorkflow('delegationOrder', { superiorIsAcceptor: false }),
      version: 0,
      is_default: true,
      updated_at: null,
    });
    const settlement = (await get('/settings/workflow/get?document_kind=delegation', admin)).json();
    expect(settlement.definition.nodes.map((node: { kind: string }) => node.kind)).toEqual(['start', 'acceptSubstantive', 'acceptFinancial', 'end']);
  });

  it('saves a valid path with a new version and an audit row, then refuses a stale version', async () => {
    const saved = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition: orderFlow(), version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().workflow).toMatchObject({ version: 1, is_default: false, definition: orderFlow() });
    const loaded = (await get('/settings/workflow/get?document_kind=delegationOrder', admin)).json();
    expect(loaded).toMatchObject({ version: 1, is_default: false, definition: orderFlow() });

    const again = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition: orderFlow(), version: 1 });
    expect(again.json().workflow.version).toBe(2);
    const stale = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition: orderFlow(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().issues).toEqual([{ path: ['version'], code: 'workflow.versionConflict', params: { version: 2 } }]);

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.entityType, 'workflow'))).orderBy(asc(auditLog.id));
    expect(audit.map((row) => [row.action, row.entityId])).toEqual([
      ['workflow.save', 'delegationOrder'],
      ['workflow.save', 'delegationOrder'],
    ]);
  });

  it('refuses each graph rule at the node and field it concerns', async () => {
    const definition = orderFlow();
    definition.nodes[3] = { id: 'boss', kind: 'acceptSubstantive', acceptor_user_ids: [], superior: false, any_holder: false, next: 'end' };
    definition.nodes[1] = { id: 'cost', kind: 'conditionTotalCost', threshold: '-1', then: 'board', else: null };
    const response = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition, version: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: ['definition', 'nodes', 1, 'else'], code: 'workflow.missingNext' },
      { path: ['definition', 'nodes', 1, 'threshold'], code: 'workflow.thresholdInvalid' },
      { path: ['definition', 'nodes', 3, 'acceptor_user_ids'], code: 'workflow.acceptorRequired' },
      { path: ['definition', 'nodes', 3], code: 'workflow.unreachable' },
    ]);
  });

  it('refuses a loop and a financial step in an order', async () => {
    const loop = orderFlow();
    loop.nodes[2] = { id: 'board', kind: 'acceptSubstantive', acceptor_user_ids: [ids.board], superior: false, any_holder: false, next: 'cost' };
    const looped = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition: loop, version: 2 });
    expect(looped.json().issues).toEqual([{ path: ['definition', 'nodes', 2, 'next'], code: 'workflow.loop' }]);
    const financial = await post('/settings/workflow/save', admin, {
      document_kind: 'delegationOrder',
      definition: defaultWorkflow('delegation', { superiorIsAcceptor: true }),
      version: 2,
    });
    expect(financial.json().issues).toEqual([{ path: ['definition', 'nodes', 2], code: 'workflow.financialNotAllowed' }]);
  });

  it('refuses malformed definitions at their path', async () => {
    const response = await post('/settings/workflow/save', admin, { document_kind: 'delegationOrder', definition: { nodes: [{ id: 'start', kind: 'start' }] }, version: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path.slice(0, 3)).toEqual(['definition', 'nodes', 0]);
    const kind = await post('/settings/workflow/save', admin, { document_kind: 'invoice', definition: orderFlow(), version: 2 });
    expect(kind.json().issues[0].path).toEqual(['document_kind']);
  });

  it("refuses another company's people, purposes and cost centres as if unknown, and changes nothing", async () => {
    const definition: WorkflowDefinition = {
      nodes: [
        { id: 'start', kind: 'start', next: 'purpose' },
        { id: 'purpose', kind: 'conditionPurpose', task_ids: [ids.otherTask], then: 'centre', else: 'centre' },
        { id: 'centre', kind: 'conditionCostCentre', cost_centre_ids: [ids.otherCentre], then: 'a', else: 'a' },
        { id: 'a', kind: 'acceptSubstantive', acceptor_user_ids: [ids.otherUser], superior: false, any_holder: false, next: 'end' },
        { id: 'end', kind: 'end' },
      ],
    };
    const response = await post('/settings/workflow/save', admin, { document_kind: 'delegation', definition, version: 0 });
    expect(response.json().issues).toEqual([
      { path: ['definition', 'nodes', 1, 'task_ids'], code: 'workflow.unknownPurpose', params: { id: ids.otherTask } },
      { path: ['definition', 'nodes', 2, 'cost_centre_ids'], code: 'workflow.unknownCostCentre', params: { id: ids.otherCentre } },
      { path: ['definition', 'nodes', 3, 'acceptor_user_ids'], code: 'workflow.unknownUser', params: { id: ids.otherUser } },
      { path: ['definition', 'nodes', 4], code: 'workflow.pathWithoutFinancial' },
    ]);
    expect((await get('/settings/workflow/get?document_kind=delegation', admin)).json().is_default).toBe(true);
    // The other company's own path is untouched by this company's saves.
    expect((await get('/settings/workflow/get?document_kind=delegationOrder', otherAdmin)).json().is_default).toBe(true);
  });

  it('resets to the default with an audit row', async () => {
    await post('/settings/workflow/save', admin, { document_kind: 'delegation', definition: defaultWorkflow('delegation', { superiorIsAcceptor: true }), version: 0 });
    const reset = await post('/settings/workflow/reset', admin, { document_kind: 'delegation' });
    expect(reset.json().workflow).toMatchObject({ is_default: true, version: 0 });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, 'workflow.reset')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a user without companyAdmin', async () => {
    expect((await get('/settings/workflow/get?document_kind=delegation', employeeHeaders)).statusCode).toBe(403);
    expect((await post('/settings/workflow/save', employeeHeaders, { document_kind: 'delegationOrder', definition: orderFlow(), version: 0 })).statusCode).toBe(403);
    expect((await post('/settings/workflow/reset', employeeHeaders, { document_kind: 'delegationOrder' })).statusCode).toBe(403);
    expect((await post('/settings/workflow/preview', employeeHeaders, { document_kind: 'delegationOrder', trip: trip() })).statusCode).toBe(403);
  });
});

describe('preview: who would approve this', () => {
  it('resolves the steps of a sample trip under the editor graph', async () => {
    const cheap = await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', definition: orderFlow(), trip: trip({ total_cost: '4999.99' }) });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json()).toEqual({
      node_ids: ['start', 'cost', 'boss', 'end'],
      issues: [],
      steps: [{ node_id: 'boss', kind: 'substantive', fallback: false, acceptors: [{ user_id: ids.boss, name: 'Piotr', surname: 'Szef', source: 'superior' }] }],
    });
    const expensive = (await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', definition: orderFlow(), trip: trip({ total_cost: '7000' }) })).json();
    expect(expensive.steps[0].acceptors.map((acceptor: { user_id: number }) => acceptor.user_id)).toEqual([ids.board]);
  });

  it("uses the saved or default path and branches on the trip's purpose and cost centre", async () => {
    const settlement = (await post('/settings/workflow/preview', admin, { document_kind: 'delegation', trip: trip({ task_id: ids.task, cost_centre_id: ids.centre }) })).json();
    expect(settlement.steps.map((step: { kind: string; acceptors: { user_id: number }[] }) => [step.kind, step.acceptors.map((acceptor) => acceptor.user_id)])).toEqual([
      ['substantive', [ids.boss]],
      ['financial', [ids.finance]],
    ]);
  });

  it('reports the problems of an invalid graph instead of steps', async () => {
    const broken = orderFlow();
    broken.nodes[3] = { id: 'boss', kind: 'acceptSubstantive', acceptor_user_ids: [], superior: false, any_holder: false, next: 'end' };
    const response = (await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', definition: broken, trip: trip() })).json();
    expect(response.steps).toEqual([]);
    expect(response.issues).toEqual([{ path: ['nodes', 3, 'acceptor_user_ids'], code: 'workflow.acceptorRequired' }]);
  });

  it("answers 404 for another company's employee, purpose or cost centre", async () => {
    expect((await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', trip: trip({ employee_id: ids.otherUser }) })).statusCode).toBe(404);
    expect((await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', trip: trip({ task_id: ids.otherTask }) })).statusCode).toBe(404);
    expect((await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', trip: trip({ cost_centre_id: ids.otherCentre }) })).statusCode).toBe(404);
  });

  it('refuses a malformed total cost at its field', async () => {
    const response = await post('/settings/workflow/preview', admin, { document_kind: 'delegationOrder', trip: trip({ total_cost: '12,50' }) });
    expect(response.json().issues).toEqual([expect.objectContaining({ path: ['trip', 'total_cost'], code: 'workflow.totalCostFormat' })]);
  });

  it('is what the document workflow calls to find the acceptors of a trip', async () => {
    const result = await resolveTripApprovers(t.db, company, 'delegationOrder', trip({ total_cost: '9000' }), '2026-03-10');
    expect(result.steps.map((step) => step.acceptors.map((acceptor) => acceptor.user_id))).toEqual([[ids.board]]);
  });
});
