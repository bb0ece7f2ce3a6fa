import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls, lastAuditRow } from '../../../test/api-helpers.ts';
import { acceptedOrder, domesticForm, insertVehicle, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { updateCompanySettings } from '../../../test/trips.ts';
import { insertBooking } from '../../../test/bookings.ts';
import { createGoogleDistanceProvider } from '../../integrations/maps/google-distance-provider.ts';
import { settlementsRepo } from './settlements.repo.ts';
import { advances, costCentres, delegations, locations, travelServiceOffers, travelServiceOrderItems, travelServiceOrders } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-04-20T10:00:00Z' });
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;

const save = (headers: Headers, delegation: Record<string, unknown>, version?: number) =>
  api.post('/delegation/save-standard', headers, version === undefined ? { delegation } : { delegation, version });

async function saved(headers: Headers, delegation: Record<string, unknown>) {
  const response = await save(headers, delegation);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ status: 'OK' });
  return body.delegation as { id: number; version: number; status: string; form: Record<string, unknown>; calculated: { total_pln: string }; total_pln: string };
}

const issueCodes = (body: { issues: { path: (string | number)[]; code: string }[] }) => body.issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);

async function costCentre(companyId: number, ordinate: string) {
  const [row] = await t.db.insert(costCentres).values({ companyId, ordinate }).returning();
  return row!.id;
}

describe('POST /api/delegation/save-standard', () => {
  let c: SettlementCompany;
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
  });

  it('saves a new settlement with the engine calculation, its totals and an audit row', async () => {
    const delegation = await saved(c.headers.employee, domesticForm());
    expect(delegation).toMatchObject({ status: 'created', total_pln: '295.00', version: 1 });
    expect(delegation.calculated.total_pln).toBe('295.00');
    expect(delegation.form).toMatchObject({ id: delegation.id, user_id: c.employee.id, destinationText: 'Kraków' });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, delegation.id));
    expect(row).toMatchObject({ userId: c.employee.id, createdById: c.employee.id, totalPln: '295.00', balancePln: '295.00', status: 'created', settlementDate: '2026-04-20' });
    expect((row!.calculated as { singleCountryCost: { delegation_rate: string }[] }).singleCountryCost[0]!.delegation_rate).toBe('45.00');
    const audit = await lastAuditRow(t.db, c.company.id, 'delegation.create');
    expect(audit).toMatchObject({ entityType: 'delegation', entityId: String(delegation.id), userId: c.employee.id });
  });

  it('updates a saved settlement at the version loaded and refuses a stale version', async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-02'));
    const updated = await save(c.headers.employee, { ...domesticForm({ destinationText: 'Kraków i Wieliczka' }, '2026-03-02'), id: first.id }, first.version);
    expect(updated.json()).toMatchObject({ status: 'OK', delegation: { version: 2, form: { destinationText: 'Kraków i Wieliczka' } } });
    const stale = await save(c.headers.employee, { ...domesticForm({}, '2026-03-02'), id: first.id }, first.version);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ status: 'unknownError', code: 'CONFLICT', message: 'The record was changed by someone else' });
    expect(await lastAuditRow(t.db, c.company.id, 'delegation.update')).toMatchObject({ entityId: String(first.id) });
  });

  it('refuses an edit that does not name the version it was made on, and keeps what was saved', async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-27'));
    const body = (await save(c.headers.employee, { ...domesticForm({ destinationText: 'Gdzie indziej' }, '2026-03-27'), id: first.id })).json();
    expect(body).toMatchObject({ status: 'validationError', issues: [{ path: ['version'], code: 'validation.required' }] });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, first.id));
    expect(row).toMatchObject({ version: 1, destinationText: 'Kraków' });
  });

  it('answers validationError with the form issues at their fields and keeps what was saved', async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-03'));
    const broken = domesticForm({ end_date: '2026-03-03 06:00', transport: [] }, '2026-03-03');
    const response = await save(c.headers.employee, { ...broken, id: first.id }, first.version);
    const body = response.json();
    expect(body).toMatchObject({ status: 'validationError', code: 'VALIDATION_FAILED', message: 'Form not validated, check and correct errors before saving' });
    expect(issueCodes(body)).toEqual(expect.arrayContaining(['end_date:validation.endBeforeStart', 'transport:validation.minTransportSegments']));
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, first.id));
    expect(row).toMatchObject({ version: 1, totalPln: '295.00' });
    expect((row!.form as { transport: unknown[] }).transport).toHaveLength(2);
  });

  it('answers shape errors as validationError too', async () => {
    const body = (await save(c.headers.employee, { start_date: 7, transport: 'none' })).json();
    expect(body.status).toBe('validationError');
    expect(body.issues.map((issue: { path: string[] }) => issue.path[0])).toEqual(expect.arrayContaining(['start_date', 'transport']));
  });

  it("refuses another settlement of the employee at the same time ('employee has another delegation at that time')", async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-04'));
    const overlapping = domesticForm({ start_date: '2026-03-04 19:00', end_date: '2026-03-05 20:00' }, '2026-03-05');
    overlapping.transport[0]!.start_date = '2026-03-04 19:00';
    overlapping.country[0]!.in_date = '2026-03-04 19:00';
    const body = (await save(c.headers.employee, overlapping)).json();
    expect(body.status).toBe('validationError');
    // A draft has no number yet: the message names it by its dates, never by an internal id.
    expect(body.issues).toEqual([{ path: ['start_date'], code: 'delegation.otherUnnumberedDelegationAtThatTime', params: { start: '2026-03-04 07:00', end: '2026-03-04 20:00' } }]);
    // A colleague may travel at the same time, and the same settlement may be saved again.
    expect((await save(c.headers.colleague, domesticForm({}, '2026-03-04'))).json().status).toBe('OK');
    expect((await save(c.headers.employee, { ...domesticForm({}, '2026-03-04'), id: first.id }, first.version)).json().status).toBe('OK');
  });

  it('saves exactly one of 100 parallel overlapping settlements of one employee', async () => {
    const traveller = await settlementCompany(t.app, t.db);
    const attempts = Array.from({ length: 100 }, (_, index) => {
      const form = domesticForm({ destinationText: `Kraków ${index}` }, '2026-03-17');
      return save(traveller.headers.employee, form);
    });
    const answers = (await Promise.all(attempts)).map((response) => response.json() as { status: string; issues?: { code: string }[] });
    expect(answers.filter((answer) => answer.status === 'OK')).toHaveLength(1);
    expect(answers.filter((answer) => answer.issues?.some((issue) => issue.code === 'delegation.otherUnnumberedDelegationAtThatTime'))).toHaveLength(99);
    const rows = await t.db.select().from(delegations).where(eq(delegations.userId, traveller.employee.id));
    expect(rows).toHaveLength(1);
  });

  it('lets someone with delegationForOthers settle for a colleague, and nobody else', async () => {
    const forColleague = await saved(c.headers.acceptor, domesticForm({ user_id: c.colleague.id }, '2026-03-06'));
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, forColleague.id));
    expect(row).toMatchObject({ userId: c.colleague.id, createdById: c.acceptor.id });
    const refused = (await save(c.headers.employee, domesticForm({ user_id: c.colleague.id }, '2026-03-07'))).json();
    expect(issueCodes(refused)).toEqual(['user_id:delegation.noRightToSettleEmployee']);
  });

  it('refuses to change the employee of a saved settlement (unauthorised field change)', async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-09'));
    const body = (await save(c.headers.employee, { ...domesticForm({}, '2026-03-09'), id: first.id, user_id: c.colleague.id }, first.version)).json();
    expect(issueCodes(body)).toEqual(['user_id:delegation.unauthorisedFieldChange']);
  });

  it('refuses a cost centre, project or purpose that does not exist in the company', async () => {
    const body = (await save(c.headers.employee, domesticForm({ cost_centre_id: 999999, project_id: 999999, task_id: 999999 }, '2026-03-11'))).json();
    expect(issueCodes(body)).toEqual(['cost_centre_id:validation.unknownReference', 'project_id:validation.unknownReference', 'task_id:validation.unknownReference']);
  });

  it('answers 404 for a settlement the user may not see and for another company', async () => {
    const mine = await saved(c.headers.employee, domesticForm({}, '2026-03-12'));
    expect((await save(c.headers.colleague, { ...domesticForm({}, '2026-03-12'), id: mine.id })).statusCode).toBe(404);
    const other = await settlementCompany(t.app, t.db);
    expect((await save(other.headers.admin, { ...domesticForm({}, '2026-03-12'), id: mine.id })).statusCode).toBe(404);
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, mine.id));
    expect(row!.version).toBe(1);
  });

  it('refuses to save a submitted settlement (its data are locked)', async () => {
    const mine = await saved(c.headers.employee, domesticForm({}, '2026-03-13'));
    expect((await api.post('/delegation/action', c.headers.employee, { id: mine.id, action: 'submit' })).statusCode).toBe(200);
    const body = (await save(c.headers.employee, { ...domesticForm({}, '2026-03-13'), id: mine.id })).json();
    expect(body).toEqual({ status: 'unknownError', code: 'document.refused.status', message: 'Action not allowed in the current status of the document' });
  });

  it('refuses a booking attached twice in the form, already attached to another settlement, of another employee or unknown', async () => {
    const ticket = await insertBooking(t.db, c.company.id, c.employee.id, { startAt: new Date('2026-03-16T06:00:00Z'), endAt: new Date('2026-03-16T09:00:00Z') });
    const twice = domesticForm({}, '2026-03-16');
    twice.transport[0] = { ...twice.transport[0]!, settlement_type_id: 'booking', booking_id: ticket } as (typeof twice.transport)[number];
    twice.transport[1] = { ...twice.transport[1]!, settlement_type_id: 'booking', booking_id: ticket } as (typeof twice.transport)[number];
    expect(issueCodes((await save(c.headers.employee, twice)).json())).toEqual(['transport.1.booking_id:delegation.bookingAlreadyAttached']);
    // One return ticket fills the way there and the way back.
    const returnTicket = await insertBooking(t.db, c.company.id, c.employee.id, { isReturnRoute: true });
    const both = domesticForm({ booking: [{ booking_id: returnTicket, label: 'PKP' }] }, '2026-03-16');
    both.transport[0] = { ...both.transport[0]!, settlement_type_id: 'booking', booking_id: returnTicket } as (typeof both.transport)[number];
    both.transport[1] = { ...both.transport[1]!, settlement_type_id: 'booking', booking_id: returnTicket } as (typeof both.transport)[number];
    const bothBody = (await save(c.headers.employee, both)).json();
    expect(bothBody.status, JSON.stringify(bothBody)).toBe('OK');
    expect((await api.post('/delegation/action', c.headers.employee, { id: bothBody.delegation.id, action: 'delete' })).statusCode).toBe(200);

    const hotel = await insertBooking(t.db, c.company.id, c.employee.id, { kind: 'hotel', name: 'Hotel Wawel' });
    const holder = await saved(c.headers.employee, domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-16'));
    const second = (await save(c.headers.employee, domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-17'))).json();
    expect(second.issues).toEqual([{ path: ['booking', 0, 'booking_id'], code: 'delegation.bookingAlreadyAttached' }]);
    expect(issueCodes((await save(c.headers.colleague, domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-18'))).json())).toContain('booking.0.booking_id:delegation.bookingOfAnotherEmployee');
    expect(issueCodes((await save(c.headers.employee, domesticForm({ booking: [{ booking_id: 999_999, label: 'x' }] }, '2026-03-18'))).json())).toEqual(['booking.0.booking_id:validation.unknownReference']);
    // Deleting the first settlement frees the booking.
    expect((await api.post('/delegation/action', c.headers.employee, { id: holder.id, action: 'delete' })).statusCode).toBe(200);
    expect((await save(c.headers.employee, domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-17'))).json().status).toBe('OK');
  });

  it('says while the user types (form-field-changed) that a booking is already attached to another settlement, as the save does, in one query', async () => {
    const changed = async (headers: Headers, delegation: Record<string, unknown>) => {
      const response = await api.post('/delegation/form-field-changed', headers, { delegation });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().validation as { path: (string | number)[]; code: string; params?: Record<string, unknown> }[]).filter((issue) => issue.code === 'delegation.bookingAlreadyAttached');
    };
    const hotel = await insertBooking(t.db, c.company.id, c.employee.id, { kind: 'hotel', name: 'Hotel Bristol' });
    const holder = await saved(c.headers.employee, domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-19'));
    const again = domesticForm({ booking: [{ booking_id: hotel, label: 'Hotel' }] }, '2026-03-20');

    const held = vi.spyOn(settlementsRepo, 'bookingsTakenElsewhere');
    const live = await changed(c.headers.employee, again);
    expect(held).toHaveBeenCalledTimes(1);
    expect(live).toEqual([{ path: ['booking', 0, 'booking_id'], code: 'delegation.bookingAlreadyAttached' }]);
    // A form naming no booking asks nothing.
    held.mockClear();
    expect(await changed(c.headers.employee, domesticForm({}, '2026-03-20'))).toEqual([]);
    expect(held).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    // The save says the same.
    expect((await save(c.headers.employee, again)).json().issues).toEqual(live);
    // The settlement holding the booking does not hold it against itself.
    expect(await changed(c.headers.employee, { ...holder.form, id: holder.id })).toEqual([]);
    // Someone who may not settle for the employee learns nothing of the employee's settlements.
    expect(await changed(c.headers.colleague, { ...again, user_id: c.employee.id })).toEqual([]);
    expect((await api.post('/delegation/action', c.headers.employee, { id: holder.id, action: 'delete' })).statusCode).toBe(200);
    expect(await changed(c.headers.employee, again)).toEqual([]);
  });

  it('answers 401 without a session and 400 for unknown keys beside the form', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/delegation/save-standard', payload: { delegation: {} } })).statusCode).toBe(401);
    expect((await api.post('/delegation/save-standard', c.headers.employee, { delegation: {}, extra: 1 })).statusCode).toBe(400);
  });
});

describe('settlement from a trip order', () => {
  let c: SettlementCompany;
  let centre: number;
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    centre = await costCentre(c.company.id, `MPK-${c.company.id}`);
  });

  it('imports the services bought for the order: the bought train as a booked segment and the hotel with its breakfasts, not services still on offer', async () => {
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { startPlaceText: 'Warszawa', endPlaceText: 'Warszawa' }, '2026-03-17');
    const [krakow] = await t.db.select().from(locations).where(and(eq(locations.countryCode, 'PL'), eq(locations.type, 'city'))).limit(1);
    const [travelOrder] = await t.db.insert(travelServiceOrders).values({ companyId: c.company.id, userId: c.employee.id, createdById: c.employee.id, delegationOrderId: orderId, startDate: '2026-03-17', endDate: '2026-03-18' }).returning();
    const item = async (type: string, sequence: number, params: Record<string, unknown>, parts: unknown[], bought: boolean) => {
      const [row] = await t.db.insert(travelServiceOrderItems).values({ companyId: c.company.id, orderId: travelOrder!.id, guid: `g-${sequence}`, sequence, type, params, startDate: '2026-03-17', endDate: '2026-03-18', bookingReference: `REF-${sequence}` }).returning();
      const [offer] = await t.db.insert(travelServiceOffers).values({ companyId: c.company.id, itemId: row!.id, position: 0, price: '100.00', parts: parts as never, requires: { email: false, phone: false, document_number: false, document_expiry: false, birth_date: false, middle_name: false, nationality: false, issue_place: false, residence_address: false }, createdById: c.employee.id }).returning();
      const bookingId = bought ? await insertBooking(t.db, c.company.id, c.employee.id, { kind: type === 'hotel' ? 'hotel' : 'rail', source: 'travelService' }) : null;
      await t.db.update(travelServiceOrderItems).set({ selectedOfferId: offer!.id, bookingId }).where(eq(travelServiceOrderItems.id, row!.id));
      return bookingId;
    };
    const train = await item('rail', 1, {}, [{ kind: 'leg', carrier: 'PKP Intercity', number: 'EIC 1300', from_text: 'Warszawa Centralna', to_text: 'Kraków Główny', departure: '2026-03-17 07:10', arrival: '2026-03-17 09:40', seat_class: '2' }], true);
    const hotel = await item('hotel', 2, { place_id: krakow!.id, is_breakfast: true }, [{ kind: 'room', hotel_name: 'Hotel Saski', address: 'Kraków', room_type: null, check_in: '2026-03-17', check_out: '2026-03-18', is_breakfast: true, cancel_until: null }], true);
    await item('rail', 3, {}, [{ kind: 'leg', carrier: 'PKP Intercity', number: 'EIC 1301', from_text: 'Kraków Główny', to_text: 'Warszawa Centralna', departure: '2026-03-18 17:10', arrival: '2026-03-18 19:40', seat_class: '2' }], false);

    const order = (await api.post('/delegation/delegation-order-import', c.headers.employee, { id: orderId })).json().delegationOrder;
    expect(order.bought_services).toEqual([
      {
        booking_id: train,
        kind: 'rail',
        label: 'PKP Intercity · Warszawa Centralna → Kraków Główny',
        reference: 'REF-1',
        legs: [{ from_text: 'Warszawa Centralna', to_text: 'Kraków Główny', departure: '2026-03-17 07:10', arrival: '2026-03-17 09:40' }],
        stay: null,
      },
      {
        booking_id: hotel,
        kind: 'hotel',
        label: 'Hotel Saski',
        reference: 'REF-2',
        legs: [],
        stay: { hotel_name: 'Hotel Saski', check_in: '2026-03-17', check_out: '2026-03-18', breakfast_included: true, country_code: 'PL' },
      },
    ]);
  });

  it('imports an accepted order without a settlement with everything it knows, and the allowed transport types on edit', async () => {
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { costCentreId: centre, task: 'Targi', startPlaceText: 'Warszawa' });
    await t.db.insert(advances).values({ companyId: c.company.id, userId: c.employee.id, delegationOrderId: orderId, amountInCurrency: '200.00', currency: 'PLN', paymentType: 'cash', paymentDate: '2026-03-09', status: 'paid' });
    const response = await api.post('/delegation/delegation-order-import', c.headers.employee, { id: orderId });
    expect(response.statusCode).toBe(200);
    const order = response.json().delegationOrder;
    expect(order).toMatchObject({
      id: orderId,
      user_id: c.employee.id,
      start_date: '2026-03-10 07:00',
      end_date: '2026-03-10 20:00',
      cost_centre_id: centre,
      task: 'Targi',
      destinations: [{ place_text: 'Kraków', country_code: 'PL' }],
      allowed_transport: ['rail'],
      advances: [{ amount_in_currency: '200.00', currency: 'PLN', payment_type: 'cash', payment_date: '2026-03-09', status: 'paid' }],
    });

    const advanceId = order.advances[0].id;
    const settlement = await saved(
      c.headers.employee,
      domesticForm({ delegation_order_id: orderId, cost_centre_id: centre, advances: [{ id: advanceId, amount_in_currency: '999.00', currency: 'PLN', payment_type: 'cash', payment_date: '2026-03-09', status: 'paid' }] }),
    );
    // The order's advance keeps the order's amount and is handed over to the settlement.
    expect(settlement).toMatchObject({ total_pln: '295.00' });
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, settlement.id));
    expect(row).toMatchObject({ delegationOrderId: orderId, balancePln: '95.00' });
    const [advance] = await t.db.select().from(advances).where(eq(advances.id, advanceId));
    expect(advance!.delegationId).toBe(settlement.id);

    const edit = (await api.post('/delegation/delegation-edit', c.headers.employee, { id: settlement.id })).json();
    expect(edit.selected_transport_types).toEqual(['rail']);
    expect(edit.delegation).toMatchObject({ id: settlement.id, delegation_order_id: orderId, allowedActions: expect.arrayContaining(['edit', 'submit']) });

    // One settlement per order.
    const again = await api.post('/delegation/delegation-order-import', c.headers.employee, { id: orderId });
    expect(again.statusCode).toBe(400);
    expect(again.json().issues).toEqual([{ path: ['id'], code: 'delegation.orderAlreadySettled' }]);
    const second = (await save(c.headers.employee, domesticForm({ delegation_order_id: orderId, cost_centre_id: centre }, '2026-03-20'))).json();
    expect(issueCodes(second)).toContain('delegation_order_id:delegation.orderAlreadySettled');
  });

  it('offers only accepted orders without a settlement as a base', async () => {
    const accepted = await acceptedOrder(t.db, c.company.id, c.employee.id, {}, '2026-03-23');
    const submitted = await acceptedOrder(t.db, c.company.id, c.employee.id, { status: 'submitted', stage: 'substantive' }, '2026-03-24');
    const ofColleague = await acceptedOrder(t.db, c.company.id, c.colleague.id, {}, '2026-03-25');
    const ids = (await api.get('/delegation/available-orders', c.headers.employee)).json().items.map((item: { id: number }) => item.id);
    expect(ids).toContain(accepted);
    expect(ids).not.toContain(submitted);
    expect(ids).not.toContain(ofColleague);
    const forOthers = (await api.get('/delegation/available-orders', c.headers.acceptor)).json().items.map((item: { id: number }) => item.id);
    expect(forOthers).toEqual(expect.arrayContaining([accepted, ofColleague]));

    const notAccepted = await api.post('/delegation/delegation-order-import', c.headers.employee, { id: submitted });
    expect(notAccepted.json().issues).toEqual([{ path: ['id'], code: 'delegation.orderNotAccepted' }]);
    expect((await api.post('/delegation/delegation-order-import', c.headers.employee, { id: ofColleague })).statusCode).toBe(404);
    const other = await settlementCompany(t.app, t.db);
    expect((await api.post('/delegation/delegation-order-import', other.headers.admin, { id: accepted })).statusCode).toBe(404);
    const saveOnSubmitted = (await save(c.headers.employee, domesticForm({ delegation_order_id: submitted }, '2026-03-24'))).json();
    expect(issueCodes(saveOnSubmitted)).toEqual(['delegation_order_id:delegation.orderNotAccepted']);
    const saveOnColleagues = (await save(c.headers.employee, domesticForm({ delegation_order_id: ofColleague }, '2026-03-25'))).json();
    expect(issueCodes(saveOnColleagues)).toEqual(['delegation_order_id:delegation.orderNotFound']);
  });

  it("requires the order's cost centre and its allowed transport types", async () => {
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { costCentreId: centre, allowedTransport: ['car'] }, '2026-03-26');
    const other = await costCentre(c.company.id, `MPK-X-${c.company.id}`);
    const body = (await save(c.headers.employee, domesticForm({ delegation_order_id: orderId, cost_centre_id: other }, '2026-03-26'))).json();
    expect(issueCodes(body)).toEqual(
      expect.arrayContaining(['cost_centre_id:delegation.costCentreNotOrder', 'transport.0.transport_type:validation.transportTypeNotAllowed', 'transport.1.transport_type:validation.transportTypeNotAllowed']),
    );
  });

  it("holds the dates to the order as the company's date_difference_vs_order says", async () => {
    const d = await settlementCompany(t.app, t.db, { date_difference_vs_order: 'h1' });
    const orderId = await acceptedOrder(t.db, d.company.id, d.employee.id, {}, '2026-03-10');
    const late = domesticForm({ delegation_order_id: orderId, end_date: '2026-03-10 21:30' });
    late.transport[1]!.end_date = '2026-03-10 21:30';
    late.country[0]!.out_date = '2026-03-10 21:30';
    const body = (await save(d.headers.employee, late)).json();
    expect(body.issues).toEqual([{ path: ['end_date'], code: 'delegation.dateDifferenceVsOrder', params: { option: 'h1', hours: 1, order_date: '2026-03-10 20:00' } }]);
    await updateCompanySettings(t.db, d.company, { date_difference_vs_order: 'sameDay' });
    expect((await save(d.headers.employee, late)).json().status).toBe('OK');
  });

  it('says while the user types (form-field-changed) that the employee has another delegation at that time', async () => {
    const first = await saved(c.headers.employee, domesticForm({}, '2026-03-30'));
    const changed = async (headers: Headers, delegation: Record<string, unknown>) => {
      const response = await api.post('/delegation/form-field-changed', headers, { delegation });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().validation as { path: (string | number)[]; code: string; params?: Record<string, string> }[]).filter((issue) => issue.code.startsWith('delegation.other'));
    };
    expect(await changed(c.headers.employee, domesticForm({}, '2026-03-30'))).toEqual([
      { path: ['start_date'], code: 'delegation.otherUnnumberedDelegationAtThatTime', params: { start: '2026-03-30 07:00', end: '2026-03-30 20:00' } },
    ]);
    // The settlement being edited is not its own other delegation; another day is free.
    expect(await changed(c.headers.employee, { ...first.form, id: first.id })).toEqual([]);
    expect(await changed(c.headers.employee, domesticForm({}, '2026-03-31'))).toEqual([]);
    // Someone who may not settle for the employee learns nothing of the employee's trips.
    expect(await changed(c.headers.colleague, domesticForm({ user_id: c.employee.id }, '2026-03-30'))).toEqual([]);
  });

  it("says while the user types when the employee's settlements change (at once on the embedded database), though the answer is kept between calls", async () => {
    const overlaps = async () => {
      const response = await api.post('/delegation/form-field-changed', c.headers.employee, { delegation: domesticForm({}, '2026-02-17') });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().validation as { code: string; params?: Record<string, string> }[]).filter((issue) => issue.code.startsWith('delegation.other'));
    };
    // The embedded database's notification arrives before the changing statement answers; a server's, moments
    // after its commit (ADR 0048): there the form may say what was true a moment before, and the save checks again.
    const answers = async (expected: unknown) => {
      if (t.databaseChanges?.immediate) expect(await overlaps()).toEqual(expected);
      else await vi.waitFor(async () => expect(await overlaps()).toEqual(expected), { timeout: 5_000, interval: 20 });
    };
    const lookups = vi.spyOn(settlementsRepo, 'overlapping');
    expect(await overlaps()).toEqual([]);
    expect(await overlaps()).toEqual([]);
    // Migration 0031's notifications tell the process of every change of the employee's settlements.
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();

    const trip = await saved(c.headers.employee, domesticForm({}, '2026-02-17'));
    await answers([{ path: ['start_date'], code: 'delegation.otherUnnumberedDelegationAtThatTime', params: { start: '2026-02-17 07:00', end: '2026-02-17 20:00' } }]);
    // Changes made straight in the database count as well as the app's own.
    await t.db.update(delegations).set({ number: 'DK/2/2026' }).where(eq(delegations.id, trip.id));
    await answers([{ path: ['start_date'], code: 'delegation.otherDelegationAtThatTime', params: { number: 'DK/2/2026' } }]);
    await t.db.update(delegations).set({ status: 'cancelled' }).where(eq(delegations.id, trip.id));
    await answers([]);
  });

  it('says while the user types (form-field-changed) every rule against the base order, at its field, as the save does, in one query', async () => {
    const d = await settlementCompany(t.app, t.db, { date_difference_vs_order: 'h1', trip_order_requirement: 'required' });
    const mpk = await costCentre(d.company.id, `MPK-L-${d.company.id}`);
    const other = await costCentre(d.company.id, `MPK-L2-${d.company.id}`);
    const changed = async (headers: Headers, delegation: Record<string, unknown>) => {
      const response = await api.post('/delegation/form-field-changed', headers, { delegation });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().validation as { path: (string | number)[]; code: string; params?: Record<string, unknown> }[];
    };
    const orderId = await acceptedOrder(t.db, d.company.id, d.employee.id, { costCentreId: mpk, allowedTransport: ['car'] }, '2026-04-01');
    // The order ends at 21:00 (summer time); 90 minutes later is more than the hour allowed.
    const late = domesticForm({ delegation_order_id: orderId, cost_centre_id: other, end_date: '2026-04-01 22:30' }, '2026-04-01');
    late.transport[1]!.end_date = '2026-04-01 22:30';
    late.country[0]!.out_date = '2026-04-01 22:30';

    const lookups = vi.spyOn(settlementsRepo, 'findBaseOrder');
    const slower = [vi.spyOn(settlementsRepo, 'findOrder'), vi.spyOn(settlementsRepo, 'settlementOfOrder'), vi.spyOn(settlementsRepo, 'orderAdvances')];
    const live = await changed(d.headers.employee, late);
    expect(lookups).toHaveBeenCalledTimes(1);
    for (const spy of slower) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    const expected = [
      { path: ['cost_centre_id'], code: 'delegation.costCentreNotOrder' },
      { path: ['end_date'], code: 'delegation.dateDifferenceVsOrder', params: { option: 'h1', hours: 1, order_date: '2026-04-01 21:00' } },
      { path: ['transport', 0, 'transport_type'], code: 'validation.transportTypeNotAllowed' },
      { path: ['transport', 1, 'transport_type'], code: 'validation.transportTypeNotAllowed' },
    ];
    const ofTheOrder = (issues: { path: (string | number)[]; code: string }[]) =>
      issues.filter((issue) => issue.code.startsWith('delegation.order') || ['delegation.costCentreNotOrder', 'delegation.dateDifferenceVsOrder', 'validation.transportTypeNotAllowed'].includes(issue.code));
    expect(ofTheOrder(live)).toEqual(expect.arrayContaining(expected.map((issue) => expect.objectContaining(issue))));
    expect(ofTheOrder(live)).toHaveLength(expected.length);
    // The save says the same.
    const sorted = (issues: { path: (string | number)[]; code: string }[]) => ofTheOrder(issues).sort((a, b) => `${a.path}`.localeCompare(`${b.path}`));
    expect(sorted((await save(d.headers.employee, late)).json().issues)).toEqual(sorted(live));

    // Without an order the company's requirement; a base that is no accepted order of the employee, or is settled already.
    expect(ofTheOrder(await changed(d.headers.employee, domesticForm({}, '2026-04-02')))).toEqual([{ path: ['delegation_order_id'], code: 'delegation.orderRequired' }]);
    const submitted = await acceptedOrder(t.db, d.company.id, d.employee.id, { status: 'submitted', stage: 'substantive' }, '2026-04-03');
    expect(ofTheOrder(await changed(d.headers.employee, domesticForm({ delegation_order_id: submitted }, '2026-04-03')))).toEqual([{ path: ['delegation_order_id'], code: 'delegation.orderNotAccepted' }]);
    const ofColleague = await acceptedOrder(t.db, d.company.id, d.colleague.id, {}, '2026-04-04');
    expect(ofTheOrder(await changed(d.headers.employee, domesticForm({ delegation_order_id: ofColleague }, '2026-04-04')))).toEqual([{ path: ['delegation_order_id'], code: 'delegation.orderNotFound' }]);
    const elsewhere = await settlementCompany(t.app, t.db);
    const foreign = await acceptedOrder(t.db, elsewhere.company.id, elsewhere.employee.id, {}, '2026-04-04');
    expect(ofTheOrder(await changed(d.headers.employee, domesticForm({ delegation_order_id: foreign }, '2026-04-04')))).toEqual([{ path: ['delegation_order_id'], code: 'delegation.orderNotFound' }]);
    const settledOrder = await acceptedOrder(t.db, d.company.id, d.employee.id, {}, '2026-04-06');
    const settlement = await saved(d.headers.employee, domesticForm({ delegation_order_id: settledOrder }, '2026-04-06'));
    expect(ofTheOrder(await changed(d.headers.employee, domesticForm({ delegation_order_id: settledOrder }, '2026-04-07')))).toEqual([{ path: ['delegation_order_id'], code: 'delegation.orderAlreadySettled' }]);
    // The settlement being edited is not another settlement of its own order.
    expect(ofTheOrder(await changed(d.headers.employee, { ...settlement.form, id: settlement.id }))).toEqual([]);
  });

  it("asks to confirm transport above the order's transport cost limit, and saves once confirmed", async () => {
    // Tickets of 120.00 + 130.00 zł against a limit of 249.99 zł.
    const orderId = await acceptedOrder(t.db, c.company.id, c.employee.id, { allowedTransportCost: '249.99' }, '2026-03-27');
    const form = domesticForm({ delegation_order_id: orderId }, '2026-03-27');
    const asked = await save(c.headers.employee, form);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: 'confirm', confirmations: [{ path: ['transport'], code: 'delegation.transportLimitExceeded', params: { total: '250.00', limit: '249.99' } }] });
    // Nothing was saved while the question waits.
    expect(await t.db.select({ id: delegations.id }).from(delegations).where(eq(delegations.delegationOrderId, orderId))).toEqual([]);
    const confirmed = await api.post('/delegation/save-standard', c.headers.employee, { delegation: form, confirmed: ['delegation.transportLimitExceeded'] });
    expect(confirmed.json()).toMatchObject({ status: 'OK', delegation: { form: { delegation_order_id: orderId } } });
    // Within the limit nothing is asked.
    const within = await acceptedOrder(t.db, c.company.id, c.employee.id, { allowedTransportCost: '250.00' }, '2026-03-28');
    expect((await save(c.headers.employee, domesticForm({ delegation_order_id: within }, '2026-03-28'))).json().status).toBe('OK');
  });

  it('refuses a confirmation the save does not know', async () => {
    const response = await api.post('/delegation/save-standard', c.headers.employee, { delegation: domesticForm({}, '2026-03-29'), confirmed: ['delegation.somethingElse'] });
    expect(response.statusCode).toBe(400);
  });

  it('requires a base order when the company demands one', async () => {
    const d = await settlementCompany(t.app, t.db, { trip_order_requirement: 'required' });
    const body = (await save(d.headers.employee, domesticForm())).json();
    expect(issueCodes(body)).toEqual(['delegation_order_id:delegation.orderRequired']);
  });
});

describe('distance verification against the maps service', () => {
  /** A mileage segment Warszawa → Kraków; the browser claims a maps distance of its own, which the server must ignore. */
  const carTrip = (vehicleId: number, distance: string, comment: string | null, places: { from?: string; to?: string } = {}) => {
    const form = domesticForm();
    form.transport[0] = {
      transport_type: 'car',
      settlement_type_id: 'lumpSum',
      from_place_text: places.from ?? 'Warszawa',
      to_place_text: places.to ?? 'Kraków',
      start_date: '2026-03-10 07:00',
      end_date: '2026-03-10 10:00',
      distance,
      google_maps_api_distance: distance,
      google_maps_api_distance_source: 'google',
      comment,
      vehicle_id: vehicleId,
    } as unknown as (typeof form.transport)[number];
    return form;
  };
  /** Without a maps service: Warszawa–Kraków is 252.0 km in a straight line, 302.4 km estimated (× 1.2). */
  const ESTIMATE = '302.4';

  it('asks for a comment above the allowed difference (commentRequired), against the server\'s distance', async () => {
    const d = await settlementCompany(t.app, t.db, { distance_verification: 'commentRequired', distance_allowed_difference: 10 });
    const body = (await save(d.headers.employee, carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '350', null))).json();
    expect(body.issues).toEqual([{ path: ['transport', 0, 'comment'], code: 'delegation.distanceCommentRequired', params: { allowed: 10, maps_distance: ESTIMATE, min: 10 } }]);
    const explained = (await save(d.headers.employee, carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '350', 'Objazd – remont autostrady A1'))).json();
    expect(explained).toMatchObject({ status: 'OK', delegation: { total_pln: '577.50' } });
  });

  it('blocks saving above the allowed difference (blockSaving) at the distance, and saves a distance within it with the server\'s figure', async () => {
    const d = await settlementCompany(t.app, t.db, { distance_verification: 'blockSaving', distance_allowed_difference: 10 });
    const refused = (await save(d.headers.employee, carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '350', 'Objazd – remont autostrady A1'))).json();
    expect(refused.issues).toEqual([{ path: ['transport', 0, 'distance'], code: 'delegation.distanceExceedsMaps', params: { allowed: 10, maps_distance: ESTIMATE } }]);
    const accepted = await saved(d.headers.employee, carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '320', null));
    // The saved segment says where its maps distance came from (the estimate, whatever the browser claimed), for the read-only view.
    expect((accepted.form.transport as { google_maps_api_distance: string }[])[0]).toMatchObject({ google_maps_api_distance: ESTIMATE, google_maps_api_distance_source: 'estimate' });
  });

  it('requires both places of a checked segment, and places of the location list for the estimate', async () => {
    const d = await settlementCompany(t.app, t.db, { distance_verification: 'blockSaving', distance_allowed_difference: 10 });
    const vehicle = await insertVehicle(t.db, d.company.id, d.employee.id);
    expect(issueCodes((await save(d.headers.employee, carTrip(vehicle, '300', null, { to: ' ' }))).json())).toContain('transport.0.to_place_text:validation.required');
    expect(issueCodes((await save(d.headers.employee, carTrip(vehicle, '300', null, { from: 'Pcim Dolny' }))).json())).toEqual(['transport.0.from_place_text:delegation.placeNotInLocations']);
    // A street after the comma still names the city.
    expect((await save(d.headers.employee, carTrip(vehicle, '300', null, { from: 'Warszawa, ul. Marszałkowska 1' }))).json().status).toBe('OK');
  });

  it('does not check, require places or keep the browser\'s maps distance when the company does not verify distances', async () => {
    const d = await settlementCompany(t.app, t.db, { distance_verification: 'none', distance_allowed_difference: 10 });
    const delegation = await saved(d.headers.employee, carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '900', null, { from: 'Pcim Dolny' }));
    expect((delegation.form.transport as { google_maps_api_distance: string | null }[])[0]).toMatchObject({ google_maps_api_distance: null, google_maps_api_distance_source: null });
  });

  it('answers the maps distance and the check on every form change', async () => {
    const d = await settlementCompany(t.app, t.db, { distance_verification: 'blockSaving', distance_allowed_difference: 10 });
    const form = carTrip(await insertVehicle(t.db, d.company.id, d.employee.id), '350', null);
    const body = (await api.post('/delegation/form-field-changed', d.headers.employee, { delegation: form })).json();
    expect(body.maps_distances).toEqual([{ km: ESTIMATE, source: 'estimate' }, null]);
    expect(issueCodes({ issues: body.validation })).toContain('transport.0.distance:delegation.distanceExceedsMaps');
  });
});

describe('distance verification with a maps service configured', () => {
  let g: TestApp;
  let answer = 'google-ok';
  let calls = 0;
  beforeAll(async () => {
    const fetchImpl = (async () => {
      calls += 1;
      const body = readFileSync(new URL(`../../integrations/maps/fixtures/${answer}.json`, import.meta.url), 'utf8');
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    g = await createTestApp({ now: '2026-04-20T10:00:00Z', distanceProvider: createGoogleDistanceProvider({ apiKey: 'test-key', fetchImpl }) });
  });
  afterAll(async () => g.close());

  const mileage = (vehicleId: number, distance: string, from: string) => {
    const form = domesticForm();
    form.transport[0] = {
      transport_type: 'car',
      settlement_type_id: 'lumpSum',
      from_place_text: from,
      to_place_text: 'Kraków',
      start_date: '2026-03-10 07:00',
      end_date: '2026-03-10 10:00',
      distance,
      vehicle_id: vehicleId,
    } as unknown as (typeof form.transport)[number];
    return form;
  };

  it('checks against Google\'s distance, labels it and asks once per pair of places', async () => {
    answer = 'google-ok';
    const d = await settlementCompany(g.app, g.db, { distance_verification: 'blockSaving', distance_allowed_difference: 10 });
    const gApi = apiCalls(g.app);
    const vehicle = await insertVehicle(g.db, d.company.id, d.employee.id);
    const before = calls;
    const body = (await gApi.post('/delegation/form-field-changed', d.headers.employee, { delegation: mileage(vehicle, '400', 'Poznań') })).json();
    expect(body.maps_distances[0]).toEqual({ km: '293.4', source: 'google' });
    expect(issueCodes({ issues: body.validation })).toEqual(['transport.0.distance:delegation.distanceExceedsMaps']);
    expect((await gApi.post('/delegation/save-standard', d.headers.employee, { delegation: mileage(vehicle, '300', 'Poznań') })).json().status).toBe('OK');
    expect(calls - before).toBe(1);
  });

  it('sends an address the location list does not know to Google on save, not while it is being typed', async () => {
    answer = 'google-ok';
    const d = await settlementCompany(g.app, g.db, { distance_verification: 'blockSaving', distance_allowed_difference: 10 });
    const gApi = apiCalls(g.app);
    const vehicle = await insertVehicle(g.db, d.company.id, d.employee.id);
    const before = calls;
    const live = (await gApi.post('/delegation/form-field-changed', d.headers.employee, { delegation: mileage(vehicle, '400', 'Pcim Dol') })).json();
    expect(live.maps_distances[0]).toBeNull();
    expect(calls).toBe(before);
    const refused = (await gApi.post('/delegation/save-standard', d.headers.employee, { delegation: mileage(vehicle, '400', 'Pcim Dolny, ul. Główna 1') })).json();
    expect(issueCodes(refused)).toEqual(['transport.0.distance:delegation.distanceExceedsMaps']);
    expect(calls - before).toBe(1);
  });

  it('says the catalogue text at the distance when the service\'s limits are exhausted', async () => {
    answer = 'google-over-daily-limit';
    const d = await settlementCompany(g.app, g.db, { distance_verification: 'commentRequired', distance_allowed_difference: 10 });
    const vehicle = await insertVehicle(g.db, d.company.id, d.employee.id);
    const body = (await apiCalls(g.app).post('/delegation/save-standard', d.headers.employee, { delegation: mileage(vehicle, '300', 'Gdańsk') })).json();
    expect(body.issues).toEqual([{ path: ['transport', 0, 'distance'], code: 'messages.Limitsofthemapsserviceexhaustedcontacttheadministrator' }]);
  });
});

describe('GET /api/delegation/list', () => {
  let c: SettlementCompany;
  const ids = { created: 0, submitted: 0, accepted: 0, colleague: 0 };
  beforeAll(async () => {
    c = await settlementCompany(t.app, t.db);
    ids.created = (await saved(c.headers.employee, domesticForm({}, '2026-03-02'))).id;
    ids.submitted = (await saved(c.headers.employee, domesticForm({ destinationText: 'Gdańsk' }, '2026-03-03'))).id;
    ids.accepted = (await saved(c.headers.employee, domesticForm({}, '2026-03-04'))).id;
    ids.colleague = (await saved(c.headers.colleague, domesticForm({}, '2026-03-05'))).id;
    for (const id of [ids.submitted, ids.accepted]) expect((await api.post('/delegation/action', c.headers.employee, { id, action: 'submit' })).statusCode).toBe(200);
    expect((await api.post('/delegation/action', c.headers.acceptor, { id: ids.accepted, action: 'accept' })).statusCode).toBe(200);
  });

  const listIds = async (headers: Headers, query = '') => {
    const response = await api.get(`/delegation/list${query}`, headers);
    expect(response.statusCode).toBe(200);
    return (response.json().items as { id: number }[]).map((item) => item.id).sort((a, b) => a - b);
  };

  it('shows the employee their own settlements with the actions allowed on each', async () => {
    expect(await listIds(c.headers.employee)).toEqual([ids.created, ids.submitted, ids.accepted].sort((a, b) => a - b));
    const body = (await api.get('/delegation/list?sort=start_date&order=asc', c.headers.employee)).json();
    expect(body.total).toBe(3);
    expect(body.items[0]).toMatchObject({ id: ids.created, status: 'created', total_pln: '295.00', start_date: '2026-03-02 07:00', allowedActions: ['edit', 'submit', 'cancel', 'delete'] });
    expect(body.items[1]).toMatchObject({ id: ids.submitted, status: 'submitted', allowedActions: ['withdraw', 'cancel'] });
  });

  it('shows the acceptor what waits for them and what they accepted, the financial acceptor what waits for the financial check, the administrator everything', async () => {
    // Both were sent along the acceptor's path, and they accepted one (canSeeDocument); only the other waits for them.
    expect(await listIds(c.headers.acceptor)).toEqual([ids.submitted, ids.accepted]);
    expect(await listIds(c.headers.acceptor, '?scope=toDecide')).toEqual([ids.submitted]);
    const acceptorRow = (await api.get('/delegation/list?scope=toDecide', c.headers.acceptor)).json().items[0];
    expect(acceptorRow.allowedActions).toEqual(expect.arrayContaining(['accept', 'reject', 'returnForCorrection']));
    // Finance stands on the path of both (its financial step) and decides the accepted one.
    expect(await listIds(c.headers.finance)).toEqual([ids.submitted, ids.accepted]);
    expect(await listIds(c.headers.finance, '?scope=toDecide')).toEqual([ids.accepted]);
    const financeRow = (await api.get('/delegation/list?scope=toDecide', c.headers.finance)).json().items[0];
    expect(financeRow.allowedActions).toEqual(expect.arrayContaining(['settle', 'reject', 'returnForCorrection']));
    expect(await listIds(c.headers.admin)).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(await listIds(c.headers.colleague)).toEqual([ids.colleague]);
    const other = await settlementCompany(t.app, t.db);
    expect(await listIds(other.headers.admin)).toEqual([]);
  });

  it('filters by status, dates, worker, number and text, and pages', async () => {
    expect(await listIds(c.headers.admin, '?status=submitted')).toEqual([ids.submitted]);
    expect(await listIds(c.headers.admin, '?date_from=2026-03-03&date_to=2026-03-04')).toEqual([ids.submitted, ids.accepted].sort((a, b) => a - b));
    expect(await listIds(c.headers.admin, `?user_id=${c.colleague.id}`)).toEqual([ids.colleague]);
    expect(await listIds(c.headers.admin, '?search=Gda')).toEqual([ids.submitted]);
    expect(await listIds(c.headers.admin, '?number=nothing-like-this')).toEqual([]);
    expect(await listIds(c.headers.acceptor, '?scope=own')).toEqual([]);
    expect(await listIds(c.headers.finance, '?scope=toDecide')).toEqual([ids.accepted]);
    const page = (await api.get('/delegation/list?page=2&page_size=3&sort=start_date&order=asc', c.headers.admin)).json();
    expect(page.total).toBe(4);
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([ids.colleague]);
    expect((await api.get('/delegation/list?status=deleted', c.headers.admin)).statusCode).toBe(400);
  });

  it('finds the settlement by its number once it has one', async () => {
    const [row] = await t.db.select().from(delegations).where(eq(delegations.id, ids.accepted));
    expect(row!.number).toMatch(/^RD\/\d+\/2026$/);
    expect(await listIds(c.headers.admin, `?number=${encodeURIComponent(row!.number!)}`)).toEqual([ids.accepted]);
  });
});

describe('GET /api/delegation/available-users and form-options', () => {
  it('offers oneself, or every active colleague with delegationForOthers', async () => {
    const c = await settlementCompany(t.app, t.db);
    const own = (await api.get('/delegation/available-users', c.headers.employee)).json().items;
    expect(own).toEqual([{ id: c.employee.id, fullName: 'Jan Testowy' }]);
    const all = (await api.get('/delegation/available-users', c.headers.acceptor)).json().items.map((item: { id: number }) => item.id);
    expect(all).toEqual(expect.arrayContaining([c.employee.id, c.colleague.id, c.finance.id, c.acceptor.id]));
    // A screen needing someone besides oneself: 'no users assigned' when there is none.
    const none = await api.get('/delegation/available-users?others=true', c.headers.employee);
    expect(none.statusCode).toBe(403);
    expect(none.json().messages).toEqual(['No users assigned']);
    const others = (await api.get('/delegation/available-users?others=true', c.headers.acceptor)).json().items.map((item: { id: number }) => item.id);
    expect(others).toEqual(expect.arrayContaining([c.employee.id, c.colleague.id]));
    expect(others).not.toContain(c.acceptor.id);
    await costCentre(c.company.id, 'MPK-OPT');
    const options = (await api.get('/delegation/form-options', c.headers.employee)).json();
    expect(options.cost_centres).toEqual([expect.objectContaining({ ordinate: 'MPK-OPT', enabled_for_new: true })]);
    expect(options.settings).toEqual({ attachment_max_mb: 3, pdf_attachment_only: false, trip_order_requirement: 'optional' });
  });
});

describe('POST /api/delegation/delegation-edit', () => {
  it('loads a settlement for whoever may see it and answers 404 to everybody else', async () => {
    const c = await settlementCompany(t.app, t.db);
    const mine = await saved(c.headers.employee, domesticForm());
    const loaded = (await api.post('/delegation/delegation-edit', c.headers.employee, { id: mine.id })).json();
    expect(loaded).toMatchObject({ delegation: { id: mine.id, employee_name: 'Jan Testowy', status: 'created', attachments: [], decisions: [] }, selected_transport_types: [] });
    expect(loaded.delegation.calculated.total_pln).toBe('295.00');
    expect((await api.post('/delegation/delegation-edit', c.headers.colleague, { id: mine.id })).statusCode).toBe(404);
    expect((await api.post('/delegation/delegation-edit', c.headers.admin, { id: mine.id })).statusCode).toBe(200);
    const other = await settlementCompany(t.app, t.db);
    expect((await api.post('/delegation/delegation-edit', other.headers.admin, { id: mine.id })).statusCode).toBe(404);
    expect((await api.post('/delegation/delegation-edit', c.headers.employee, { id: 99999999 })).statusCode).toBe(404);
    const [row] = await t.db.select().from(delegations).where(and(eq(delegations.id, mine.id), eq(delegations.companyId, c.company.id)));
    expect(row).toBeDefined();
  });
});
