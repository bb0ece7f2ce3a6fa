import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUser } from '../../../test/factories.ts';
import { authHeaders } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { createTripCompany, insertOrder, saveTwoStepOrderPath } from '../../../test/trips.ts';
import { delegationOrders, users, type ResolvedWorkflowStep } from '../../db/schema/index.ts';
import { tripWorkflowRepo } from '../trip-workflow/trip-workflow.repo.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = { authorization: string };

async function order(id: number) {
  const [found] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, id));
  return found!;
}

interface Viewer {
  id: number;
  headers: Headers;
  seesAll: boolean;
  acceptsSubstantive: boolean;
}

interface Seeded {
  id: number;
  userId: number;
  createdById: number;
  status: string;
  stage: string | null;
  workflowSteps: ResolvedWorkflowStep[];
  currentStep: number;
  startDate: Date;
  deciders: number[];
}

/** The order waits at its current step for the viewer's decision (the list's `waiting_for_me`). */
function waitsFor(viewer: Viewer, seeded: Seeded): boolean {
  const asked = seeded.workflowSteps[seeded.currentStep]?.approverIds.includes(viewer.id) ?? false;
  return seeded.status === 'submitted' && seeded.stage === 'substantive' && seeded.userId !== viewer.id && (asked || viewer.acceptsSubstantive);
}

/**
 * The rule of who sees an order, written out (the workflow's `canSeeDocument`): its employee and
 * author, the acceptors of its path once sent, whoever decided it, holders of the substantive
 * acceptance permission while it waits for that decision, the administrator; never a deleted one.
 */
function sees(viewer: Viewer, seeded: Seeded): boolean {
  if (seeded.status === 'deleted') return false;
  return (
    viewer.seesAll ||
    seeded.userId === viewer.id ||
    seeded.createdById === viewer.id ||
    (seeded.status !== 'created' && seeded.workflowSteps.some((step) => step.approverIds.includes(viewer.id))) ||
    seeded.deciders.includes(viewer.id) ||
    waitsFor(viewer, seeded)
  );
}

describe('GET /api/delegation-order/list with every way of seeing an order', () => {
  let viewers: Record<string, Viewer>;
  const seeded: Seeded[] = [];
  const surnames = new Map<number, string>();

  beforeAll(async () => {
    const trip = await createTripCompany(t.db);
    const approver = await createUser(t.db, trip.company);
    const people = { employee: trip.employee, colleague: trip.colleague, acceptor: trip.acceptor, finance: trip.finance, admin: trip.admin, approver };
    viewers = {};
    for (const [index, [name, person]] of Object.entries(people).entries()) {
      const surname = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'][index]!;
      await t.db.update(users).set({ surname }).where(eq(users.id, person.id));
      surnames.set(person.id, surname);
      viewers[name] = { id: person.id, headers: await authHeaders(t.app, trip.company, person), seesAll: name === 'admin', acceptsSubstantive: name === 'acceptor' };
    }
    const { acceptor, colleague, finance, admin, employee } = trip;
    const path = (...steps: number[][]): ResolvedWorkflowStep[] => steps.map((approverIds) => ({ stage: 'substantive', approverIds }));
    const states: Pick<Seeded, 'status' | 'stage' | 'workflowSteps' | 'currentStep'>[] = [
      { status: 'created', stage: null, workflowSteps: [], currentStep: 0 },
      // Withdrawn: the path of its last submission stays, its acceptors no longer see it.
      { status: 'created', stage: null, workflowSteps: path([approver.id]), currentStep: 0 },
      { status: 'submitted', stage: 'substantive', workflowSteps: path([acceptor.id]), currentStep: 0 },
      { status: 'submitted', stage: 'substantive', workflowSteps: path([approver.id, colleague.id], [acceptor.id]), currentStep: 0 },
      { status: 'submitted', stage: 'substantive', workflowSteps: path([acceptor.id], [approver.id]), currentStep: 1 },
      { status: 'accepted', stage: null, workflowSteps: path([approver.id]), currentStep: 0 },
      { status: 'rejectedForCorrect', stage: 'substantive', workflowSteps: path([finance.id]), currentStep: 0 },
      { status: 'rejected', stage: 'substantive', workflowSteps: path([acceptor.id]), currentStep: 0 },
      { status: 'cancelled', stage: null, workflowSteps: path([approver.id]), currentStep: 0 },
      { status: 'deleted', stage: null, workflowSteps: path([approver.id]), currentStep: 0 },
    ];
    const owners = [employee.id, colleague.id, approver.id, acceptor.id];
    for (let index = 0; index < 80; index++) {
      const userId = owners[index % owners.length]!;
      const createdById = index % 3 === 0 ? admin.id : userId;
      const state = states[index % states.length]!;
      const startDate = new Date(Date.UTC(2026, 4, 1 + (index % 13), 6));
      const id = await insertOrder(t.db, trip.company.id, userId, { createdById, startDate, endDate: new Date(startDate.getTime() + 10 * 3_600_000), ...state });
      // Decided now and then by someone who is not on its path (any more), some of them twice.
      const decisions = [...(index % 4 === 1 ? [finance.id] : []), ...(index % 7 === 2 ? [colleague.id, colleague.id] : [])];
      const deciders = [...new Set(decisions)];
      for (const decider of decisions) {
        await tripWorkflowRepo.insertDecision(t.db, {
          companyId: trip.company.id,
          kind: 'delegationOrder',
          documentId: id,
          action: 'accept',
          fromStatus: 'submitted',
          toStatus: 'accepted',
          stage: 'substantive',
          step: 0,
          userId: decider,
          contextUserId: decider,
          channel: 'app',
          comment: '',
          now: new Date('2026-04-01T10:00:00Z'),
        });
      }
      expect((await order(id)).deciderIds.sort()).toEqual([...deciders].sort());
      seeded.push({ id, userId, createdById, startDate, deciders, ...state });
    }
  });

  const sorts = {
    'sort=start_date&order=desc': (a: Seeded, b: Seeded) => b.startDate.getTime() - a.startDate.getTime() || b.id - a.id,
    'sort=start_date&order=asc': (a: Seeded, b: Seeded) => a.startDate.getTime() - b.startDate.getTime() || b.id - a.id,
    'sort=employee&order=desc': (a: Seeded, b: Seeded) => surnames.get(b.userId)!.localeCompare(surnames.get(a.userId)!) || b.id - a.id,
  };

  async function wholeList(viewer: Viewer, query: string, expectedTotal: number) {
    const items: { id: number; waiting_for_me: boolean }[] = [];
    for (let page = 1; ; page++) {
      const response = await api.get(`/delegation-order/list?${query}&page=${page}&page_size=8`, viewer.headers);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: { id: number; waiting_for_me: boolean }[]; total: number };
      expect(body.total, `${query} page ${page}`).toBe(expectedTotal);
      items.push(...body.items);
      if (body.items.length < 8) return items;
    }
  }

  it('lists and counts for each viewer exactly what the rule shows, in the order asked for, page by page', async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const [query, compare] of Object.entries(sorts)) {
        const expected = seeded.filter((seededOrder) => sees(viewer, seededOrder)).sort(compare);
        const listed = await wholeList(viewer, query, expected.length);
        expect(listed.map((item) => item.id), `${name} ${query}`).toEqual(expected.map((seededOrder) => seededOrder.id));
        expect(listed.map((item) => item.waiting_for_me), `${name} ${query}`).toEqual(expected.map((seededOrder) => waitsFor(viewer, seededOrder)));
      }
    }
  });

  it('applies the filters to every way of seeing an order, in the list and in its count', async () => {
    const byDate = sorts['sort=start_date&order=desc'];
    const cases: [string, (viewer: Viewer, seededOrder: Seeded) => boolean][] = [
      ['waiting_for_me=true', (viewer, seededOrder) => waitsFor(viewer, seededOrder)],
      ['status=created', (_, seededOrder) => seededOrder.status === 'created'],
      ['search=charlie', (_, seededOrder) => surnames.get(seededOrder.userId) === 'Charlie'],
    ];
    for (const [name, viewer] of Object.entries(viewers)) {
      for (const [filter, keep] of cases) {
        const expected = seeded.filter((seededOrder) => sees(viewer, seededOrder) && keep(viewer, seededOrder)).sort(byDate);
        const listed = await wholeList(viewer, `${filter}&sort=start_date&order=desc`, expected.length);
        expect(listed.map((item) => item.id), `${name} ${filter}`).toEqual(expected.map((seededOrder) => seededOrder.id));
      }
    }
  });
});

describe('who decided an order', () => {
  it('is kept with every decision, so a decider keeps seeing the order after it left their path', async () => {
    const trip = await createTripCompany(t.db);
    const [first, second] = [await createUser(t.db, trip.company), await createUser(t.db, trip.company)];
    await saveTwoStepOrderPath(t.db, trip.company.id, first.id, second.id);
    const headers = {
      employee: await authHeaders(t.app, trip.company, trip.employee),
      first: await authHeaders(t.app, trip.company, first),
      second: await authHeaders(t.app, trip.company, second),
    };
    const id = await insertOrder(t.db, trip.company.id, trip.employee.id);
    const act = async (who: Headers, action: string) => {
      const response = await api.post('/delegation-order/action', who, { id, action, ...(action === 'returnForCorrection' ? { comment: 'Popraw daty powrotu' } : {}) });
      expect(response.statusCode, response.body).toBe(200);
    };
    const listIds = async (who: Headers) => ((await api.get('/delegation-order/list', who)).json().items as { id: number }[]).map((item) => item.id);
    const deciders = async () => (await order(id)).deciderIds.sort((a, b) => a - b);

    expect(await deciders()).toEqual([]);
    expect([await listIds(headers.first), await listIds(headers.second)]).toEqual([[], []]);
    await act(headers.employee, 'submit');
    expect(await deciders()).toEqual([trip.employee.id]);
    // Both acceptors of the path see it once it is sent.
    expect([await listIds(headers.first), await listIds(headers.second)]).toEqual([[id], [id]]);
    await act(headers.first, 'accept');
    expect(await deciders()).toEqual([trip.employee.id, first.id].sort((a, b) => a - b));
    await act(headers.second, 'returnForCorrection');
    expect(await deciders()).toEqual([trip.employee.id, first.id, second.id].sort((a, b) => a - b));
    await act(headers.second, 'stepBack');
    expect((await order(id)).status).toBe('submitted');
    // Deciding again adds nobody twice.
    expect(await deciders()).toEqual([trip.employee.id, first.id, second.id].sort((a, b) => a - b));
    await act(headers.employee, 'withdraw');
    // A draft again: its path's acceptors see it only because they decided it.
    expect((await order(id)).pathApproverIds).toBeNull();
    expect([await listIds(headers.first), await listIds(headers.second)]).toEqual([[id], [id]]);
    const stranger = await createUser(t.db, trip.company);
    expect(await listIds(await authHeaders(t.app, trip.company, stranger))).toEqual([]);
  });
});
