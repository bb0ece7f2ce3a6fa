import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { domesticForm, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { delegations, documentNumberTemplates, users, workflows, type ResolvedWorkflowStep } from '../../db/schema/index.ts';
import { COUNT_BOUND } from '../../http/paging.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

/** The company's settlement path: substantive acceptance by one named user, then financial by another, without the permission holders. */
async function namedAcceptorsWorkflow(companyId: number, substantiveId: number, financialId: number): Promise<void> {
  await t.db.insert(workflows).values({
    companyId,
    documentKind: 'delegation',
    definition: {
      nodes: [
        { id: 'start', kind: 'start', next: 'a' },
        { id: 'a', kind: 'acceptSubstantive', acceptor_user_ids: [substantiveId], superior: false, any_holder: false, next: 'b' },
        { id: 'b', kind: 'acceptFinancial', acceptor_user_ids: [financialId], superior: false, any_holder: false, next: 'end' },
        { id: 'end', kind: 'end' },
      ],
    },
  });
}

async function row(id: number) {
  const [found] = await t.db.select().from(delegations).where(eq(delegations.id, id));
  return found!;
}

/** A settlement straight into the table, in any state of the workflow (the list reads no form). */
async function insertSettlement(values: Partial<typeof delegations.$inferInsert> & { companyId: number; userId: number }): Promise<number> {
  const [inserted] = await t.db
    .insert(delegations)
    .values({
      createdById: values.userId,
      startDate: new Date('2026-03-02T06:00:00Z'),
      endDate: new Date('2026-03-02T19:00:00Z'),
      form: { country: [{ country_code: 'PL' }] },
      ...values,
    })
    .returning({ id: delegations.id });
  return inserted!.id;
}

/** Who asks for the list, as the list's rule of spec §4 needs them. */
interface Viewer {
  id: number;
  headers: Headers;
  seesAll: boolean;
  acceptsSubstantive: boolean;
  acceptsFinancial: boolean;
}

interface Seeded {
  id: number;
  userId: number;
  createdById: number;
  status: string;
  stage: string | null;
  workflowSteps: ResolvedWorkflowStep[];
  currentStep: number;
  deciderIds: number[];
  startDate: Date;
  totalPln: string;
}

type Scope = 'all' | 'own' | 'toDecide';

/**
 * The list's rule, written out. `all` is what the workflow lets one open (`canSeeDocument`): one's own
 * settlements (as the employee or their author); once sent, those whose path names one as an acceptor
 * of any step; those one decided; what waits at a stage whose acceptance permission one holds;
 * everything for the administrator. `toDecide` is only what waits for one — as an acceptor of the
 * current step or at a stage one holds — leaving out one's own trips. Deleted ones never show.
 */
function sees(viewer: Viewer, scope: Scope, settlement: Seeded): boolean {
  if (settlement.status === 'deleted') return false;
  const own = settlement.userId === viewer.id || settlement.createdById === viewer.id;
  const waiting = settlement.status === 'submitted' || settlement.status === 'accepted';
  const asApprover = waiting && (settlement.workflowSteps[settlement.currentStep]?.approverIds.includes(viewer.id) ?? false);
  const asHolder =
    (viewer.acceptsSubstantive && settlement.status === 'submitted' && settlement.stage === 'substantive') ||
    (viewer.acceptsFinancial && settlement.status === 'accepted' && settlement.stage === 'financial');
  const onPath = settlement.status !== 'created' && settlement.workflowSteps.some((step) => step.approverIds.includes(viewer.id));
  const decided = settlement.deciderIds.includes(viewer.id);
  if (scope === 'own') return own;
  if (scope === 'toDecide') return (asApprover || asHolder) && settlement.userId !== viewer.id;
  return viewer.seesAll || own || onPath || decided || asHolder;
}

describe('GET /api/delegation/list with every way of seeing a settlement', () => {
  let c: SettlementCompany;
  let viewers: Record<'employee' | 'colleague' | 'acceptor' | 'finance' | 'admin' | 'approver', Viewer>;
  const seeded: Seeded[] = [];
  const surnames = new Map<number, string>();

  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    // An acceptor named in paths who holds no acceptance permission.
    const approver = await createUser(t.db, c.company);
    const people = { employee: c.employee, colleague: c.colleague, acceptor: c.acceptor, finance: c.finance, admin: c.admin, approver };
    for (const [index, person] of Object.values(people).entries()) {
      const surname = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'][index]!;
      await t.db.update(users).set({ surname }).where(eq(users.id, person.id));
      surnames.set(person.id, surname);
    }
    viewers = {
      employee: { id: c.employee.id, headers: c.headers.employee, seesAll: false, acceptsSubstantive: false, acceptsFinancial: false },
      colleague: { id: c.colleague.id, headers: c.headers.colleague, seesAll: false, acceptsSubstantive: false, acceptsFinancial: false },
      acceptor: { id: c.acceptor.id, headers: c.headers.acceptor, seesAll: false, acceptsSubstantive: true, acceptsFinancial: false },
      finance: { id: c.finance.id, headers: c.headers.finance, seesAll: false, acceptsSubstantive: false, acceptsFinancial: true },
      admin: { id: c.admin.id, headers: c.headers.admin, seesAll: true, acceptsSubstantive: false, acceptsFinancial: false },
      approver: { id: approver.id, headers: await authHeaders(t.app, c.company, approver), seesAll: false, acceptsSubstantive: false, acceptsFinancial: false },
    };

    const path = (substantive: number[], financial: number[]): ResolvedWorkflowStep[] => [
      { stage: 'substantive', approverIds: substantive },
      { stage: 'financial', approverIds: financial },
    ];
    const { acceptor, finance, colleague } = c;
    // Every status and stage a settlement passes through, some with acceptors who hold no permission,
    // and states no transition makes today but the rule covers (a path starting with a financial step,
    // an acceptance waiting at a substantive step, a current step past the end of the path). Deciders
    // as the workflow records them, among them holders of a permission who decided off their path.
    const states: Pick<Seeded, 'status' | 'stage' | 'workflowSteps' | 'currentStep' | 'deciderIds'>[] = [
      { status: 'created', stage: null, workflowSteps: [], currentStep: 0, deciderIds: [] },
      { status: 'submitted', stage: 'substantive', workflowSteps: path([acceptor.id], [finance.id]), currentStep: 0, deciderIds: [] },
      { status: 'submitted', stage: 'substantive', workflowSteps: path([approver.id, colleague.id], [finance.id]), currentStep: 0, deciderIds: [] },
      { status: 'submitted', stage: 'financial', workflowSteps: [{ stage: 'financial', approverIds: [approver.id, finance.id] }], currentStep: 0, deciderIds: [] },
      { status: 'accepted', stage: 'financial', workflowSteps: path([acceptor.id], [finance.id]), currentStep: 1, deciderIds: [acceptor.id] },
      { status: 'accepted', stage: 'financial', workflowSteps: path([acceptor.id], [approver.id]), currentStep: 1, deciderIds: [acceptor.id] },
      { status: 'accepted', stage: 'substantive', workflowSteps: path([approver.id], [finance.id]), currentStep: 0, deciderIds: [approver.id] },
      { status: 'settled', stage: null, workflowSteps: path([acceptor.id], [finance.id]), currentStep: 1, deciderIds: [acceptor.id, finance.id] },
      { status: 'rejectedForCorrect', stage: 'substantive', workflowSteps: path([acceptor.id], [finance.id]), currentStep: 0, deciderIds: [acceptor.id] },
      { status: 'deleted', stage: 'substantive', workflowSteps: path([acceptor.id], [approver.id]), currentStep: 0, deciderIds: [acceptor.id] },
      { status: 'cancelled', stage: null, workflowSteps: path([acceptor.id], [finance.id]), currentStep: 0, deciderIds: [acceptor.id] },
      { status: 'submitted', stage: 'substantive', workflowSteps: [{ stage: 'substantive', approverIds: [approver.id] }], currentStep: 1, deciderIds: [] },
      // Settled and returned by holders overriding a path of someone else.
      { status: 'settled', stage: null, workflowSteps: path([approver.id], [approver.id]), currentStep: 1, deciderIds: [acceptor.id, finance.id] },
      { status: 'rejectedForCorrect', stage: 'financial', workflowSteps: path([approver.id], [approver.id]), currentStep: 1, deciderIds: [approver.id, finance.id] },
      // Withdrawn back to a draft: its path no longer shows it, one who decided it still sees it.
      { status: 'created', stage: null, workflowSteps: path([approver.id], [finance.id]), currentStep: 0, deciderIds: [] },
      { status: 'created', stage: null, workflowSteps: path([colleague.id], [finance.id]), currentStep: 0, deciderIds: [acceptor.id] },
    ];
    const owners = [c.employee.id, colleague.id, approver.id, acceptor.id];
    for (let index = 0; index < 128; index++) {
      // Each state with each owner.
      const userId = owners[Math.floor(index / states.length) % owners.length]!;
      // Some typed in for the employee by an administrator or by the acceptor (delegationForOthers).
      const createdById = index % 3 === 0 ? c.admin.id : index % 5 === 0 ? acceptor.id : userId;
      const state = states[index % states.length]!;
      // Several settlements share a start, so ties fall to the id.
      const startDate = new Date(Date.UTC(2026, 2, 1 + (index % 17), 6));
      const totalPln = ((index * 37) % 500).toFixed(2);
      const id = await insertSettlement({ companyId: c.company.id, userId, createdById, startDate, endDate: new Date(startDate.getTime() + 13 * 3_600_000), totalPln, ...state });
      seeded.push({ id, userId, createdById, startDate, totalPln, ...state });
    }
  });

  const sorts = {
    'sort=start_date&order=desc': (a: Seeded, b: Seeded) => b.startDate.getTime() - a.startDate.getTime() || b.id - a.id,
    'sort=start_date&order=asc': (a: Seeded, b: Seeded) => a.startDate.getTime() - b.startDate.getTime() || b.id - a.id,
    'sort=total_pln&order=desc': (a: Seeded, b: Seeded) => Number(b.totalPln) - Number(a.totalPln) || b.id - a.id,
    'sort=employee&order=asc': (a: Seeded, b: Seeded) => surnames.get(a.userId)!.localeCompare(surnames.get(b.userId)!) || b.id - a.id,
  };

  /**
   * Every page of the list in turn, checking the total on each: exact while the matches reach no
   * further than the bound past the page's start, else that reach, said to be a lower bound.
   */
  async function wholeList(viewer: Viewer, query: string, expectedTotal: number): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const response = await api.get(`/delegation/list?${query}&page=${page}&page_size=9`, viewer.headers);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: { id: number }[]; total: number; total_is_exact: boolean };
      const reach = (page - 1) * 9 + COUNT_BOUND;
      const total = expectedTotal <= reach ? { total: expectedTotal, total_is_exact: true } : { total: reach, total_is_exact: false };
      expect({ total: body.total, total_is_exact: body.total_is_exact }, `${query} page ${page}`).toEqual(total);
      ids.push(...body.items.map((item) => item.id));
      if (body.items.length < 9) return ids;
    }
  }

  it('lists and counts for each viewer and scope exactly what the rule shows, in the order asked for, page by page', async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const scope of ['all', 'own', 'toDecide'] as const) {
        for (const [query, compare] of Object.entries(sorts)) {
          const expected = seeded.filter((settlement) => sees(viewer, scope, settlement)).sort(compare).map((settlement) => settlement.id);
          expect(await wholeList(viewer, `scope=${scope}&${query}`, expected.length), `${name} ${scope} ${query}`).toEqual(expected);
        }
      }
    }
  });

  it('applies the filters to every way of seeing a settlement, in the list and in its count', async () => {
    const byDate = sorts['sort=start_date&order=desc'];
    const cases: [string, (settlement: Seeded) => boolean][] = [
      ['status=submitted', (settlement) => settlement.status === 'submitted'],
      ['search=bravo', (settlement) => surnames.get(settlement.userId) === 'Bravo'],
      ['date_from=2026-03-05&date_to=2026-03-08', (settlement) => settlement.startDate >= new Date('2026-03-05T00:00:00Z') && settlement.startDate < new Date('2026-03-09T00:00:00Z')],
    ];
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const scope of ['all', 'toDecide'] as const) {
        for (const [filter, keep] of cases) {
          const expected = seeded.filter((settlement) => sees(viewer, scope, settlement) && keep(settlement)).sort(byDate).map((settlement) => settlement.id);
          expect(await wholeList(viewer, `scope=${scope}&${filter}&sort=start_date&order=desc`, expected.length), `${name} ${scope} ${filter}`).toEqual(expected);
        }
      }
    }
  });
});

describe('what waits for an acceptor follows the workflow', () => {
  let c: SettlementCompany;
  let first: { id: number; headers: Headers };
  let second: { id: number; headers: Headers };

  beforeAll(async () => {
    // Numbered at acceptance, so that a rejection before it can be stepped back (a numbered document cannot, spec §4).
    c = await settlementCompany(t.app, t.db);
    // A path whose acceptors hold no acceptance permission: only the path shows them the settlement.
    const [substantive, financial] = [await createUser(t.db, c.company), await createUser(t.db, c.company)];
    first = { id: substantive.id, headers: await authHeaders(t.app, c.company, substantive) };
    second = { id: financial.id, headers: await authHeaders(t.app, c.company, financial) };
    await namedAcceptorsWorkflow(c.company.id, first.id, second.id);
  });

  const waitingIds = async (headers: Headers) => ((await api.get('/delegation/list?scope=toDecide', headers)).json().items as { id: number }[]).map((item) => item.id);
  const act = async (headers: Headers, id: number, action: string) => {
    const response = await api.post('/delegation/action', headers, { id, action, ...(action === 'returnForCorrection' || action === 'reject' ? { comment: 'Brak skanów biletów' } : {}) });
    expect(response.statusCode, response.body).toBe(200);
  };
  async function expectWaitingFor(id: number, stage: 'substantive' | 'financial' | null, approver: typeof first | null) {
    const settlement = await row(id);
    expect(settlement.waitingApprovers).toEqual(stage && approver ? { [stage]: [approver.id] } : null);
    expect(await waitingIds(first.headers)).toEqual(approver === first ? [id] : []);
    expect(await waitingIds(second.headers)).toEqual(approver === second ? [id] : []);
  }

  it('after submitting, withdrawing, rejecting, stepping back, accepting, returning, settling', async () => {
    const saved = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm() });
    const id = saved.json().delegation.id as number;
    await expectWaitingFor(id, null, null);
    await act(c.headers.employee, id, 'submit');
    await expectWaitingFor(id, 'substantive', first);
    await act(c.headers.employee, id, 'withdraw');
    await expectWaitingFor(id, null, null);
    await act(c.headers.employee, id, 'submit');
    await act(first.headers, id, 'reject');
    await expectWaitingFor(id, null, null);
    await act(first.headers, id, 'stepBack');
    await expectWaitingFor(id, 'substantive', first);
    await act(first.headers, id, 'accept');
    await expectWaitingFor(id, 'financial', second);
    await act(second.headers, id, 'returnForCorrection');
    await expectWaitingFor(id, null, null);
    await act(c.headers.employee, id, 'submit');
    await expectWaitingFor(id, 'substantive', first);
    await act(first.headers, id, 'accept');
    await act(second.headers, id, 'settle');
    await expectWaitingFor(id, null, null);
  });
});

describe('who decided a settlement or stands on its path keeps it in the list', () => {
  let c: SettlementCompany;
  let other: SettlementCompany;
  let onPath: { id: number; headers: Headers };

  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    other = await settlementCompany(t.app, t.db);
    // Both steps name an acceptor who holds no permission: the holders (acceptor, finance) decide off
    // the path, so only their decisions keep the settlement in their lists once it moves on.
    const approver = await createUser(t.db, c.company);
    onPath = { id: approver.id, headers: await authHeaders(t.app, c.company, approver) };
    await namedAcceptorsWorkflow(c.company.id, approver.id, approver.id);
  });

  const act = async (headers: Headers, id: number, action: string) => {
    const response = await api.post('/delegation/action', headers, { id, action, ...(action === 'returnForCorrection' || action === 'reject' ? { comment: 'Brak skanów biletów' } : {}) });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The whole list of the scope, checking that its total counts exactly those rows. */
  async function listed(headers: Headers, scope: Scope): Promise<number[]> {
    const response = await api.get(`/delegation/list?scope=${scope}&page=1&page_size=100`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: { id: number }[]; total: number };
    expect(body.total).toBe(body.items.length);
    return body.items.map((item) => item.id);
  }
  const opens = async (headers: Headers, id: number) => (await api.post('/delegation/delegation-edit', headers, { id })).statusCode;
  async function expectSeenBy(id: number, expected: { all: Headers[]; toDecide: Headers[] }) {
    const everyone = [c.headers.employee, c.headers.acceptor, c.headers.finance, c.headers.colleague, onPath.headers, other.headers.admin, other.headers.finance];
    for (const [index, headers] of everyone.entries()) {
      expect((await listed(headers, 'all')).includes(id), `viewer ${index} all`).toBe(expected.all.includes(headers));
      expect((await listed(headers, 'toDecide')).includes(id), `viewer ${index} toDecide`).toBe(expected.toDecide.includes(headers));
    }
  }

  it('from draft through return for correction, acceptance and settlement by the holders of the permissions', async () => {
    const saved = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm() });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().delegation.id as number;
    const { employee, acceptor, finance } = c.headers;
    // A draft: only its employee, though its path is known.
    await expectSeenBy(id, { all: [employee], toDecide: [] });

    await act(employee, id, 'submit');
    await expectSeenBy(id, { all: [employee, onPath.headers, acceptor], toDecide: [onPath.headers, acceptor] });
    await act(acceptor, id, 'returnForCorrection');
    expect((await row(id)).deciderIds).toEqual([c.employee.id, c.acceptor.id]);
    // Returned: the acceptor who returned it and the path acceptor keep it; nothing waits for anyone.
    await expectSeenBy(id, { all: [employee, onPath.headers, acceptor], toDecide: [] });

    await act(employee, id, 'submit');
    await act(acceptor, id, 'accept');
    // Waiting for the financial check: the acceptor keeps what they accepted.
    await expectSeenBy(id, { all: [employee, onPath.headers, acceptor, finance], toDecide: [onPath.headers, finance] });

    await act(finance, id, 'settle');
    expect((await row(id)).deciderIds).toEqual([c.employee.id, c.acceptor.id, c.finance.id]);
    // Settled: finance keeps what they settled, and can open it as the list shows.
    await expectSeenBy(id, { all: [employee, onPath.headers, acceptor, finance], toDecide: [] });
    expect(await opens(finance, id)).toBe(200);
    expect(await opens(c.headers.colleague, id)).toBe(404);
  });
});

describe('whether a settlement goes abroad', () => {
  it('follows its country parts, and numbers it as a foreign trip', async () => {
    const c = await settlementCompany(t.app, t.db);
    await t.db
      .update(documentNumberTemplates)
      .set({ mask: 'R[KZ]/[N]/[YYYY]' })
      .where(and(eq(documentNumberTemplates.companyId, c.company.id), eq(documentNumberTemplates.documentType, 'delegation')));
    const abroad = await insertSettlement({ companyId: c.company.id, userId: c.employee.id, form: { country: [{ country_code: 'PL' }, { country_code: 'DE' }, { country_code: 'PL' }] } });
    const lowerCase = await insertSettlement({ companyId: c.company.id, userId: c.employee.id, form: { country: [{ country_code: 'pl' }, { country_code: 'cz' }] } });
    const home = await insertSettlement({ companyId: c.company.id, userId: c.employee.id, form: { country: [{ country_code: 'PL' }, { country_code: 'pl' }] } });
    const noParts = await insertSettlement({ companyId: c.company.id, userId: c.employee.id, form: {} });
    expect([(await row(abroad)).isForeign, (await row(lowerCase)).isForeign, (await row(home)).isForeign, (await row(noParts)).isForeign]).toEqual([true, true, false, false]);

    // A saved form changes it.
    await t.db.update(delegations).set({ form: { country: [{ country_code: 'PL' }] } }).where(eq(delegations.id, lowerCase));
    expect((await row(lowerCase)).isForeign).toBe(false);

    for (const id of [abroad, home]) {
      await t.db.update(delegations).set({ startDate: new Date(`2026-03-${id === abroad ? '02' : '03'}T06:00:00Z`), endDate: new Date(`2026-03-${id === abroad ? '02' : '03'}T19:00:00Z`) }).where(eq(delegations.id, id));
      expect((await api.post('/delegation/action', c.headers.employee, { id, action: 'submit' })).statusCode).toBe(200);
      expect((await api.post('/delegation/action', c.headers.acceptor, { id, action: 'accept' })).statusCode).toBe(200);
    }
    expect((await row(abroad)).number).toMatch(/^RZ\/\d+\/2026$/);
    expect((await row(home)).number).toMatch(/^RK\/\d+\/2026$/);
  });
});
