import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESPONSE_PERMISSION_BY_TYPE, TRAVEL_ORDER_STATUSES, addDaysToLocalDate, defaultSystemSettings, parseDelegationForm, toLocalDate } from '@delego/domain';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signIn } from '../../../test/sessions.ts';
import { advances, auditLog, companies, delegationOrders, delegations, documentDecisions, exchangeRates, mailOutbox, savedTemplates, vehicles } from '../schema/index.ts';
import { companyRepo, type CompanyRecord } from '../../modules/company/company.repo.ts';
import { calculateAndValidate } from '../../modules/settlement-calculation/rate-book-loader.ts';
import { createCompanyRatesCache } from '../../modules/settlement-calculation/company-rates-cache.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';
import { DEMO_SEED_REQUEST_ID } from './demo-trips.ts';

let t: TestApp;
let demo: CompanyRecord;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { storage: t.storage });
  demo = (await companyRepo.findByCode(t.db, 'demo'))!;
});
afterAll(async () => t.close());

const login = (company: string, username: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { company, username, password: DEMO_PASSWORD } });

describe('demo data', () => {
  it.each([
    ['employee', ['travelOrderSelf'], ['companyAdmin', 'delegationAcceptSubstantive']],
    ['acceptor', ['delegationAcceptSubstantive'], ['companyAdmin', 'delegationAcceptFinancial']],
    ['finance', ['delegationAcceptFinancial', 'reportDelegation'], ['companyAdmin']],
    ['consultant', ['travelOrder', 'travelOrderResponseFlight', 'viewInvoices'], ['companyAdmin']],
    ['administrator', ['companyAdmin'], ['SuperAdmin']],
  ])('lets the demo %s log in with fitting permissions', async (username, granted, refused) => {
    const response = await login('demo', username);
    expect(response.statusCode).toBe(200);
    const permissions = response.json().user_properties.permissions;
    for (const name of granted) expect(permissions[name]).toBe(true);
    for (const name of refused) expect(permissions[name]).toBe(false);
  });

  it('leads the provider administrator to set up two-factor sign-in at the first sign-in, with no session before it', async () => {
    const response = await login('admin', 'superadmin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ second_step: 'enrolment', sign_in_token: expect.any(String) });
  });

  it('gives the provider administrator a negative user id in the admin context', async () => {
    const props = (await signIn(t.app, { code: 'admin' }, { login: 'superadmin' }, DEMO_PASSWORD)).user_properties;
    expect(props.user_id).toBeLessThan(0);
    expect(props.is_admin_context).toBe(true);
    expect(props.permissions.SuperAdmin).toBe(true);
  });

  it('adds the superadmin also when the provider-admin company existed before the seed', async () => {
    const other = await createTestApp();
    try {
      await other.db
        .insert(companies)
        .values({ code: 'admin', name: 'Administracja', settings: defaultSystemSettings() })
        .onConflictDoNothing();
      await seedDemo(other.db);
      // On PostgreSQL every app of the run shares one database, where `t` has already set up the superadmin's
      // authenticator under its own server secret; only `t` can sign the superadmin in there.
      const sharesDatabase = Boolean(inject('testDatabaseUrl'));
      const session = await signIn(sharesDatabase ? t.app : other.app, { code: 'admin' }, { login: 'superadmin' }, DEMO_PASSWORD);
      expect(session.user_properties.permissions.SuperAdmin).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('lets the demo administrator open the booking mapping, which an employee may not', async () => {
    const mapping = async (username: string) => t.app.inject({ method: 'GET', url: '/api/booking/mapping/list', headers: await headersOf(username) });
    expect((await mapping('administrator')).statusCode).toBe(200);
    expect((await mapping('employee')).statusCode).toBe(403);
  });

  it("has the demo company's administrator turn on the maps distance check, so far-off kilometres ask for a comment", async () => {
    const employee = await headersOf('employee');
    const [ownCar] = await t.db.select().from(vehicles).where(and(eq(vehicles.companyId, demo.id), eq(vehicles.plates, 'WA 5Y123')));
    const day = '2025-01-15';
    const car = (from: string, to: string, start: string, end: string) => ({
      transport_type: 'car',
      settlement_type_id: 'lumpSum',
      from_place_text: from,
      to_place_text: to,
      start_date: `${day} ${start}`,
      end_date: `${day} ${end}`,
      // Warszawa–Kraków is about 300 km by road (302.4 km estimated without a maps service).
      distance: '150',
      vehicle_id: ownCar!.id,
    });
    const body = await post('/delegation/save-standard', employee, {
      delegation: {
        start_date: `${day} 07:00`,
        end_date: `${day} 20:00`,
        destinationText: 'Kraków',
        task: 'Spotkanie z klientem',
        transport: [car('Warszawa', 'Kraków', '07:00', '10:00'), car('Kraków', 'Warszawa', '17:00', '20:00')],
        country: [{ country_code: 'PL', in_date: `${day} 07:00`, out_date: `${day} 20:00` }],
      },
    });
    expect(body.status).toBe('validationError');
    expect(body.issues.map((issue: { path: unknown[]; code: string }) => [issue.path.join('.'), issue.code])).toEqual([
      ['transport.0.comment', 'delegation.distanceCommentRequired'],
      ['transport.1.comment', 'delegation.distanceCommentRequired'],
    ]);
  });

  it('loads only once', async () => {
    expect(await seedDemo(t.db)).toBe(false);
  });
});

async function headersOf(username: string) {
  const response = await login('demo', username);
  return { authorization: `Bearer ${response.json().access_token}` };
}
const get = async (url: string, headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const post = async (url: string, headers: Record<string, string>, payload: object) => {
  const response = await t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The numbers a yearly `PREFIX/[000N]/[YYYY]` template gives documents numbered at these instants, in that order. */
function yearlyNumbers(prefix: string, numberedAt: Date[]): string[] {
  const counters = new Map<string, number>();
  return numberedAt.map((at) => {
    const year = toLocalDate(at).slice(0, 4);
    const next = (counters.get(year) ?? 0) + 1;
    counters.set(year, next);
    return `${prefix}/${String(next).padStart(4, '0')}/${year}`;
  });
}

/** When the demo company's documents of a kind were accepted on substance (the event that numbers them), oldest first. */
async function acceptanceTimes(kind: 'delegationOrder' | 'delegation'): Promise<Date[]> {
  const rows = await t.db
    .select({ createdAt: documentDecisions.createdAt })
    .from(documentDecisions)
    .where(and(eq(documentDecisions.companyId, demo.id), eq(documentDecisions.documentKind, kind), eq(documentDecisions.action, 'accept'), eq(documentDecisions.toStatus, 'accepted')))
    .orderBy(asc(documentDecisions.createdAt), asc(documentDecisions.id));
  return rows.map((row) => row.createdAt);
}

describe('demo substitutes', () => {
  it('lets the finance user log in as the absent acceptor at once, and shows his later absence as planned', async () => {
    const finance = await login('demo', 'finance');
    expect(finance.json().user_properties).toMatchObject({ substitute_user_count: 1, can_login_as: true });
    const headers = { authorization: `Bearer ${finance.json().access_token}` };
    const acceptor = (await login('demo', 'acceptor')).json().user_properties;
    const switched = await t.app.inject({ method: 'POST', url: '/api/user-substitute/login-as', headers, payload: { absent_user_id: acceptor.user_id } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().user_properties).toMatchObject({ context_user_login: 'acceptor', context_user_permissions: { delegationAcceptSubstantive: true } });

    const today = toLocalDate(new Date());
    const own = await t.app.inject({ method: 'GET', url: '/api/user-substitute/list', headers: { authorization: `Bearer ${(await login('demo', 'acceptor')).json().access_token}` } });
    const absences = own.json().my_substitutes as { state: string; date_from: string; date_to: string; substitute_user: { login: string } }[];
    expect(absences.map((row) => [row.state, row.substitute_user.login])).toEqual(
      expect.arrayContaining([
        ['current', 'finance'],
        ['upcoming', 'administrator'],
      ]),
    );
    const current = absences.find((row) => row.state === 'current')!;
    expect([current.date_from, current.date_to]).toEqual([addDaysToLocalDate(today, -7), addDaysToLocalDate(today, 7)]);
  });

  it("shows the acceptor's permissions handed over for his absences: current to the finance user, upcoming to the administrator", async () => {
    const given = await get('/user-substitute/deputy-auth/list?direction=given', await headersOf('acceptor'));
    const transfers = given.items as { state: string; permission_name: string; to_user: { login: string } }[];
    expect(transfers.map((row) => [row.state, row.permission_name, row.to_user.login]).sort()).toEqual([
      ['current', 'travelServiceAccept', 'finance'],
      ['upcoming', 'delegationForOthers', 'administrator'],
    ]);
    expect((await login('demo', 'finance')).json().user_properties.permissions).toMatchObject({ travelServiceAccept: true });
  });
});

describe('demo trips', () => {
  it('shows Anna Kowalska an order in each state, numbered from the order template when accepted', async () => {
    const list = await get('/delegation-order/list?sort=start_date&order=asc&page_size=50', await headersOf('employee'));
    const [berlin, krakow, frankfurt] = yearlyNumbers('PW', await acceptanceTimes('delegationOrder'));
    expect(list.items.map((item: { destination: string; status: string; number: string | null; employee: { fullName: string } }) => [item.destination, item.status, item.number, item.employee.fullName])).toEqual([
      ['Berlin (DE)', 'accepted', berlin, 'Anna Kowalska'],
      ['Kraków (PL)', 'accepted', krakow, 'Anna Kowalska'],
      ['Wrocław (PL)', 'submitted', null, 'Anna Kowalska'],
      ['Frankfurt nad Menem (DE)', 'accepted', frankfurt, 'Anna Kowalska'],
      ['Poznań (PL)', 'created', null, 'Anna Kowalska'],
    ]);
    expect(frankfurt).toMatch(/^PW\/\d{4}\/\d{4}$/);
  });

  it("puts the sent order on the acceptor's waiting list and offers the accepted Frankfurt order, its EUR advance paid, for settling", async () => {
    const acceptor = await get('/delegation-order/list?waiting_for_me=true', await headersOf('acceptor'));
    expect(acceptor.items.map((item: { destination: string; allowedActions: string[] }) => [item.destination, item.allowedActions.includes('accept')])).toEqual([['Wrocław (PL)', true]]);

    const employee = await headersOf('employee');
    const settleable = await get('/delegation/available-orders', employee);
    const frankfurt = yearlyNumbers('PW', await acceptanceTimes('delegationOrder'))[2];
    expect(settleable.items.map((item: { number: string; destination_text: string }) => [item.number, item.destination_text])).toEqual([[frankfurt, 'Frankfurt nad Menem']]);

    const mine = await get('/delegation-advance/list?scope=mine', employee);
    const shown = mine.items.map((item: { amount_in_currency: string; currency: string; status: string; order: { number: string } }) => [item.order.number, item.amount_in_currency, item.currency, item.status]);
    expect(shown).toHaveLength(3);
    expect(shown).toEqual(expect.arrayContaining([[frankfurt, '300.00', 'EUR', 'paid']]));
  });

  it("attaches the trip's cost estimate to the Wrocław advance, which she, the acceptor and finance can open", async () => {
    const mine = await get('/delegation-advance/list?scope=mine', await headersOf('employee'));
    const wroclaw = mine.items.find((item: { order: { destination: string } }) => item.order.destination === 'Wrocław (PL)');
    expect([wroclaw.amount_in_currency, wroclaw.status, wroclaw.allowedActions]).toEqual(['750.00', 'unknown', []]);
    expect(wroclaw.files.map((file: { file_name: string; content_type: string }) => [file.file_name, file.content_type])).toEqual([['kosztorys-wroclaw.pdf', 'application/pdf']]);
    const toDecide = await get('/delegation-advance/list?scope=toDecide', await headersOf('finance'));
    expect(toDecide.items.find((item: { id: number }) => item.id === wroclaw.id).files).toEqual(wroclaw.files);
    for (const username of ['employee', 'acceptor', 'finance']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/delegation-advance/attachment/download?id=${wroclaw.files[0].id}`, headers: await headersOf(username) });
      expect(response.statusCode, username).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('shows her settlements settled, waiting for the acceptor, and returned for correction with the comment, numbered from the settlement template when accepted', async () => {
    const employee = await headersOf('employee');
    const list = await get('/delegation/list?scope=own&sort=start_date&order=asc', employee);
    // The year of settled day trips (demo-history.ts) was accepted before the recent trips, so it took the first numbers.
    const numbers = yearlyNumbers('RD', await acceptanceTimes('delegation'));
    const [berlin, gdansk] = numbers.slice(-2);
    const [berlinOrder, krakowOrder] = yearlyNumbers('PW', await acceptanceTimes('delegationOrder'));
    type Row = { destination_text: string; status: string; stage: string | null; number: string | null; delegation_order_number: string | null };
    const history = list.items.slice(0, -3);
    expect(history.map((item: Row) => [item.status, item.stage, item.number, item.delegation_order_number])).toEqual(numbers.slice(0, -2).map((number) => ['settled', null, number, null]));
    expect(history).toHaveLength(11);
    expect(list.items.slice(-3).map((item: Row) => [item.destination_text, item.status, item.stage, item.number, item.delegation_order_number])).toEqual([
      ['Berlin', 'settled', null, berlin, berlinOrder],
      ['Kraków', 'submitted', 'substantive', null, krakowOrder],
      ['Gdańsk', 'rejectedForCorrect', 'financial', gdansk, null],
    ]);

    const waiting = await get('/delegation/list?scope=toDecide', await headersOf('acceptor'));
    expect(waiting.items.map((item: { destination_text: string }) => item.destination_text)).toEqual(['Kraków']);

    const returned = list.items.at(-1);
    const { delegation } = await post('/delegation/delegation-edit', employee, { id: returned.id });
    expect(delegation.decisions.at(-1)).toMatchObject({ action: 'returnForCorrection', user_name: 'Katarzyna Wiśniewska', comment: expect.stringContaining('Brak skanów biletów') });
    expect(delegation.allowedActions).toEqual(expect.arrayContaining(['edit', 'submit']));
  });

  it('records every decision with an audit row of the demo user who made it', async () => {
    const decisions = await t.db.select().from(documentDecisions).where(eq(documentDecisions.companyId, demo.id)).orderBy(asc(documentDecisions.id));
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.companyId, demo.id), eq(auditLog.requestId, DEMO_SEED_REQUEST_ID))).orderBy(asc(auditLog.id));
    const transitions = audited.filter((row) => /^(delegationOrder|delegation)\.(submit|accept|settle|returnForCorrection)$/.test(row.action));
    expect(decisions.map((row) => [`${row.documentKind}.${row.action}`, String(row.documentId), row.userId])).toEqual(transitions.map((row) => [row.action, row.entityId, row.userId]));
    // The recent trips' decisions, and submit, accept and settle of each of the year's eleven settled day trips.
    expect(decisions.map((row) => row.action).sort()).toEqual([...Array(7 + 11).fill('submit'), ...Array(5 + 11).fill('accept'), 'returnForCorrection', ...Array(1 + 11).fill('settle')].sort());
    expect(audited.filter((row) => row.action === 'advance.markPaid')).toHaveLength(2);
  });

  it('keeps the totals of the settled foreign settlement equal to a fresh calculation by the engine, with the private car and the EUR rates', async () => {
    const [settled] = await t.db.select().from(delegations).where(and(eq(delegations.companyId, demo.id), eq(delegations.status, 'settled'), eq(delegations.destinationText, 'Berlin')));
    const form = parseDelegationForm(settled!.form).delegation!;
    const fresh = await calculateAndValidate(t.db, createCompanyRatesCache(), { companyId: demo.id, ratesVersion: demo.ratesVersion, employeeId: settled!.userId, delegation: form, settings: demo.settings, settlementDate: settled!.settlementDate! });
    expect(fresh.issues).toEqual([]);
    expect(fresh.calculated).toEqual(settled!.calculated);
    expect([settled!.totalPln, settled!.balancePln]).toEqual([fresh.calculated.total_pln, fresh.calculated.balance_pln]);
    // 2 × 575 km × 1.15 zł/km, her own car over 900 cm³.
    expect(fresh.calculated.mileage_total_pln).toBe('1322.50');
    expect(fresh.calculated.singleCountryCost.map((part) => part.country_code)).toEqual(['PL', 'DE', 'PL']);
    expect(fresh.calculated.advances.map((advance) => [advance.amount, advance.currency, advance.conversions[0]?.exchange_rate?.source])).toEqual([['100.00', 'EUR', 'manual']]);
  });

  it('e-mails nobody while seeding and leaves the company e-mailing about what happens next', async () => {
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.companyId, demo.id))).toEqual([]);
    expect(demo.settings.email_notification_mode).toBe('notify');
  });

  it('lays the past trips before the seed day and the future ones after it, on working days, with manual EUR rates only for the weeks before', async () => {
    const today = toLocalDate(new Date());
    const orders = await t.db.select().from(delegationOrders).where(eq(delegationOrders.companyId, demo.id));
    const byPlace = new Map(orders.map((order) => [order.destinations[0]!.place_text, order]));
    for (const place of ['Berlin', 'Kraków']) expect(toLocalDate(byPlace.get(place)!.endDate) < today, place).toBe(true);
    for (const place of ['Wrocław', 'Frankfurt nad Menem', 'Poznań']) expect(toLocalDate(byPlace.get(place)!.startDate) > today, place).toBe(true);
    const weekdays = orders.map((order) => new Date(`${toLocalDate(order.startDate)}T12:00:00Z`).getUTCDay());
    expect(weekdays.every((weekday) => weekday >= 1 && weekday <= 5)).toBe(true);

    const rates = await t.db.select().from(exchangeRates).where(eq(exchangeRates.companyId, demo.id));
    expect(rates.length).toBeGreaterThan(30);
    expect(rates.every((rate) => rate.currency === 'EUR' && rate.source === 'manual' && rate.tableNo === null)).toBe(true);
    // The last week is left to the NBP import and to rates an administrator enters.
    expect(rates.every((rate) => rate.rateDate < addDaysToLocalDate(today, -7))).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const tables = [delegationOrders, delegations, advances, documentDecisions, exchangeRates, mailOutbox, savedTemplates];
    const rowCount = async (query: Promise<{ value: number }[]>) => (await query)[0]!.value;
    // Audit rows of the seed only: other test files sharing a PostgreSQL database log the demo users in meanwhile.
    const counts = () =>
      Promise.all([
        ...tables.map((table) => rowCount(t.db.select({ value: count() }).from(table).where(eq(table.companyId, demo.id)))),
        rowCount(t.db.select({ value: count() }).from(auditLog).where(and(eq(auditLog.companyId, demo.id), eq(auditLog.requestId, DEMO_SEED_REQUEST_ID)))),
      ]);
    const before = await counts();
    expect(before.slice(0, 5).every((value) => value > 0)).toBe(true);
    expect(before.at(-1)).toBeGreaterThan(0);
    expect(await seedDemo(t.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('demo travel services', () => {
  const adminHeaders = async (username: string) => ({ authorization: `Bearer ${(await signIn(t.app, { code: 'admin' }, { login: username }, DEMO_PASSWORD)).access_token}` });

  it('lets the provider consultant log in to the admin context and answer every service type', async () => {
    const props = (await signIn(t.app, { code: 'admin' }, { login: 'consultant' }, DEMO_PASSWORD)).user_properties;
    expect(props.is_admin_context).toBe(true);
    for (const name of Object.values(RESPONSE_PERMISSION_BY_TYPE)) expect(props.permissions[name], name).toBe(true);
    expect(props.permissions.SuperAdmin).toBe(false);
  });

  it('shows Anna Kowalska travel-service orders in every order status, and the consultant sees them all', async () => {
    const mine = await get('/travel-service/list?page_size=100', await headersOf('employee'));
    const statuses = new Set(mine.items.map((row: { status: string }) => row.status));
    expect([...statuses].sort()).toEqual([...TRAVEL_ORDER_STATUSES].sort());
    const consultant = await get(`/admin/travel-service-admin/list?page_size=100&company_id=${demo.id}`, await adminHeaders('consultant'));
    expect(consultant.total).toBe(mine.total);
  });

  it('links the accepted flight and hotel for the Frankfurt fair to the accepted Frankfurt trip order, with the chosen offers waiting to be booked', async () => {
    const headers = await headersOf('employee');
    const list = await get('/travel-service/list?page_size=100&status=acceptedByClient', headers);
    expect(list.items).toHaveLength(1);
    const { travelServiceOrder: order } = await get(`/travel-service/get-service-order?id=${list.items[0].id}`, headers);
    const [trip] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.id, order.delegation_order_id));
    expect(trip).toMatchObject({ status: 'accepted', userId: order.user.id });
    expect(trip!.destinations[0]!.place_text).toBe('Frankfurt nad Menem');
    expect(order.travelServiceOrderItems.map((item: { type: string; status: string; selected_offer_id: number | null }) => [item.type, item.status, item.selected_offer_id !== null])).toEqual([
      ['flight', 'acceptedByClient', true],
      ['hotel', 'acceptedByClient', true],
    ]);
  });

  it('leaves a hotel of a stay already past booked and waiting for the consultant to buy it out', async () => {
    const headers = await headersOf('employee');
    const waiting = (await get('/travel-service/list?page_size=100&status=buyoutRequested', headers)).items as { id: number; end_date: string }[];
    const today = toLocalDate(new Date());
    const past = waiting.filter((row) => row.end_date < today);
    expect(past).toHaveLength(1);
    const { travelServiceOrder: order } = await get(`/travel-service/get-service-order?id=${past[0]!.id}`, headers);
    expect(order.travelServiceOrderItems.map((item: { type: string; status: string; booking: { reference: string } | null }) => [item.type, item.status, item.booking?.reference])).toEqual([
      ['hotel', 'buyoutRequested', 'LUB-30817'],
    ]);
  });

  it('books and buys out through the services: the bought train is a booking, the rejected order carries the acceptor’s reason', async () => {
    const headers = await headersOf('employee');
    const bought = (await get('/travel-service/list?page_size=100&status=bought', headers)).items[0];
    const { travelServiceOrder: order } = await get(`/travel-service/get-service-order?id=${bought.id}`, headers);
    expect(order.travelServiceOrderItems[0].booking).toMatchObject({ reference: 'IC-77120431', booking_id: expect.any(Number) });
    const rejected = (await get('/travel-service/list?page_size=100&status=rejectedByClient', headers)).items[0];
    const { travelServiceOrder: rejectedOrder } = await get(`/travel-service/get-service-order?id=${rejected.id}`, headers);
    expect(rejectedOrder.history.some((event: { action: string; comment: string }) => event.action === 'reject' && event.comment.length >= 10)).toBe(true);
  });
});

describe('second demo company', () => {
  // Signed in as a person would, through the second step where the account has one (the provider's users).
  const headersOf = async (company: string, username: string) => ({ authorization: `Bearer ${(await signIn(t.app, { code: company }, { login: username }, DEMO_PASSWORD)).access_token}` });

  it('is made by the provider with its own administrator and employees, and listed beside the demo company', async () => {
    const administrator = await login('beta', 'administrator');
    expect(administrator.statusCode).toBe(200);
    expect(administrator.json().user_properties).toMatchObject({ company_name: 'Beta Logistyka S.A.', permissions: { companyAdmin: true } });
    const users = await t.app.inject({ method: 'GET', url: '/api/settings/users/list?sort=login', headers: await headersOf('beta', 'administrator') });
    expect(users.json().items.map((user: { login: string }) => user.login)).toEqual(['administrator', 'employee', 'mwrobel', 'tkaczmarek']);
    expect((await login('beta', 'employee')).statusCode).toBe(200);
    const companies = await t.app.inject({ method: 'GET', url: '/api/admin/companies/list', headers: await headersOf('admin', 'superadmin') });
    expect(companies.json().items.map((company: { code: string }) => company.code)).toEqual(expect.arrayContaining(['beta', 'demo']));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.create'));
    expect(audit.some((row) => (row.after as { code?: string } | null)?.code === 'beta')).toBe(true);
  });

  it("cannot read the demo company's objects by id, nor the demo company beta's", async () => {
    const beta = await headersOf('beta', 'administrator');
    const demoAdmin = await headersOf('demo', 'administrator');
    const [demoOrder] = await t.db.select().from(delegationOrders).where(eq(delegationOrders.companyId, demo.id)).limit(1);
    const [demoSettlement] = await t.db.select().from(delegations).where(eq(delegations.companyId, demo.id)).limit(1);
    const demoUsers = await t.app.inject({ method: 'GET', url: '/api/settings/users/list', headers: demoAdmin });
    const demoUserId = demoUsers.json().items[0].id as number;
    const betaUsers = await t.app.inject({ method: 'GET', url: '/api/settings/users/list', headers: beta });
    const betaUserId = betaUsers.json().items[0].id as number;
    const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
    expect((await post('/settings/users/edit', beta, { id: demoUserId })).statusCode).toBe(404);
    expect((await post('/delegation-order/delegation-order-edit', beta, { id: demoOrder!.id })).statusCode).toBe(404);
    expect((await post('/delegation/delegation-edit', beta, { id: demoSettlement!.id })).statusCode).toBe(404);
    expect((await post('/settings/users/set-active', beta, { id: demoUserId, is_active: false })).statusCode).toBe(404);
    expect((await post('/settings/users/edit', demoAdmin, { id: betaUserId })).statusCode).toBe(404);
    expect((await post('/settings/users/edit', demoAdmin, { id: demoUserId })).statusCode).toBe(200);
  });
});

describe('demo mailing', () => {
  it("shows the provider a list of every company's administrators and a mailing sent to them through the outbox", async () => {
    const headers = { authorization: `Bearer ${(await signIn(t.app, { code: 'admin' }, { login: 'superadmin' }, DEMO_PASSWORD)).access_token}` };
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url: `/api${url}`, headers })).json();
    const lists = await get(`/admin/mailing-list/list?search=${encodeURIComponent('Administratorzy wszystkich firm')}`);
    expect(lists.items).toEqual([expect.objectContaining({ name: 'Administratorzy wszystkich firm', mailing_count: 1, rules: [expect.objectContaining({ kind: 'role', role_name: 'Administrator firmy', company_id: null })] })]);
    const mailing = (await get('/admin/mailing/list?search=mailingowych')).items[0];
    expect(mailing).toMatchObject({ list_name: 'Administratorzy wszystkich firm', created_by: 'Super Administrator' });
    await t.app.services.outbox.drain();
    const deliveries = await get(`/admin/mailing/deliveries?id=${mailing.id}&page_size=200`);
    const byCompany = new Map(deliveries.items.map((delivery: { company_name: string; state: string }) => [delivery.company_name, delivery.state]));
    expect(byCompany.get('Beta Logistyka S.A.')).toBe('sent');
    expect(byCompany.get(demo.name)).toBe('sent');
    expect(await get(`/admin/mailing/progress?id=${mailing.id}`)).toMatchObject({ status: 'sent', queued: 0, failed: 0 });
  });
});
