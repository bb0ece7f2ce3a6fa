import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { acceptedOrder, domesticForm, insertVehicle, settlementCompany, type SettlementCompany } from '../../../test/settlements.ts';
import { insertBooking } from '../../../test/bookings.ts';
import { SAMPLE_PDF_TEXT } from '../../../test/sample-files.ts';
import { contractors, costCentres, delegations, delegationTasks, projects } from '../../db/schema/index.ts';

/**
 * Issue 15 §1: every id inside a settlement names something of the employee's own company that they
 * may use, checked on the server; money follows the records, never what the request says about them.
 */

let t: TestApp;
let api: ReturnType<typeof apiCalls>;
let a: SettlementCompany;
let b: SettlementCompany;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-20T10:00:00Z' });
  api = apiCalls(t.app);
  a = await settlementCompany(t.app, t.db);
  b = await settlementCompany(t.app, t.db);
});
afterAll(async () => t.close());

const save = (headers: Record<string, string>, delegation: Record<string, unknown>) => api.post('/delegation/save-standard', headers, { delegation });
const issuesOf = (body: { issues?: { path: (string | number)[]; code: string }[] }) => (body.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.code}`);
const savedCount = async (companyId: number) => (await t.db.select({ value: count() }).from(delegations).where(eq(delegations.companyId, companyId)))[0]!.value;

/** Her trip of 900 km there and back by car, mileage (kilometrówka) for the vehicle `vehicle_id` names. */
function carTrip(vehicleId: unknown, inline: Record<string, unknown> | null = null) {
  const form = domesticForm();
  const leg = (from: string, to: string, start: string, end: string) => ({
    transport_type: 'car',
    settlement_type_id: 'lumpSum',
    from_place_text: from,
    to_place_text: to,
    start_date: start,
    end_date: end,
    distance: '450',
    vehicle_id: vehicleId,
    ...(inline ? { vehicle: inline } : {}),
  });
  return { ...form, transport: [leg('Warszawa', 'Kraków', '2026-03-10 07:00', '2026-03-10 10:00'), leg('Kraków', 'Warszawa', '2026-03-10 17:00', '2026-03-10 20:00')] };
}

describe('mileage from the vehicle record', () => {
  it('pays mileage by the stored engine capacity, whatever the request says about the vehicle', async () => {
    const small = await insertVehicle(t.db, a.company.id, a.employee.id, { engineCapacity: 899 });
    const body = (await save(a.headers.employee, carTrip(small, { is_private: true, engine_capacity: 3900, type: 'car' }))).json();
    expect(body.status, JSON.stringify(body)).toBe('OK');
    // 900 km × 0.89 zł (a car up to 900 cm³) = 801.00 zł, plus the 45.00 zł per diem; not × 1.15 zł.
    expect(body.delegation.total_pln).toBe('846.00');
    expect(body.delegation.form.transport[0].vehicle).toMatchObject({ engine_capacity: 899, is_private: true });
  });

  it('refuses a vehicle that does not exist, at its field, and saves nothing', async () => {
    const before = await savedCount(a.company.id);
    const body = (await save(a.headers.employee, carTrip(999_999, { is_private: true, engine_capacity: 3900, type: 'car' }))).json();
    expect(body.status).toBe('validationError');
    expect(issuesOf(body)).toEqual(expect.arrayContaining(['transport.0.vehicle_id:validation.unknownReference', 'transport.1.vehicle_id:validation.unknownReference']));
    expect(await savedCount(a.company.id)).toBe(before);
  });

  it("refuses another company's vehicle and another employee's private vehicle", async () => {
    const foreign = await insertVehicle(t.db, b.company.id, b.employee.id);
    expect(issuesOf((await save(a.headers.employee, carTrip(foreign))).json())).toContain('transport.0.vehicle_id:validation.unknownReference');
    const colleagues = await insertVehicle(t.db, a.company.id, a.colleague.id);
    expect(issuesOf((await save(a.headers.employee, carTrip(colleagues))).json())).toContain('transport.0.vehicle_id:settlement.vehicleOfAnotherUser');
  });

  it('refuses mileage for a company car declared private in the request', async () => {
    const companyCar = await insertVehicle(t.db, a.company.id, null, { isPrivate: false, engineCapacity: 1968 });
    const body = (await save(a.headers.employee, carTrip(companyCar, { is_private: true, engine_capacity: 1968, type: 'car' }))).json();
    expect(issuesOf(body)).toContain('transport.0.settlement_type_id:validation.nonPrivateVehicleNoMileage');
  });

  it('asks for the vehicle when only vehicle data comes without an id', async () => {
    const body = (await save(a.headers.employee, carTrip(null, { is_private: true, engine_capacity: 1600, type: 'car' }))).json();
    expect(issuesOf(body)).toContain('transport.0.vehicle_id:validation.required');
  });

  it('calculates on the form screen from the record too', async () => {
    const small = await insertVehicle(t.db, a.company.id, a.employee.id, { engineCapacity: 899 });
    const response = await api.post('/delegation/form-field-changed', a.headers.employee, { delegation: carTrip(small, { is_private: true, engine_capacity: 3900, type: 'car' }) });
    expect(response.json().calculated.total_pln).toBe('846.00');
    const unknown = await api.post('/delegation/form-field-changed', a.headers.employee, { delegation: carTrip(999_999) });
    expect(unknown.json().validation).toContainEqual({ path: ['transport', 0, 'vehicle_id'], code: 'validation.unknownReference' });
  });
});

describe("every other id of a settlement names the employee's own company's record", () => {
  it.each([
    ['cost_centre_id', async () => (await t.db.insert(costCentres).values({ companyId: b.company.id, ordinate: `B-${Math.random()}` }).returning())[0]!.id],
    ['project_id', async () => (await t.db.insert(projects).values({ companyId: b.company.id, name: 'Projekt B' }).returning())[0]!.id],
    ['external_customer_id', async () => (await t.db.insert(contractors).values({ companyId: b.company.id, name: 'Kontrahent B', countryCode: 'PL' }).returning())[0]!.id],
    ['task_id', async () => (await t.db.insert(delegationTasks).values({ companyId: b.company.id, namePl: 'Cel B', nameEn: 'Purpose B' }).returning())[0]!.id],
  ])("refuses %s of another company at its field and saves nothing", async (field, foreignId) => {
    const before = await savedCount(a.company.id);
    const body = (await save(a.headers.employee, domesticForm({ [field]: await foreignId() }))).json();
    expect(issuesOf(body)).toContain(`${field}:validation.unknownReference`);
    expect(await savedCount(a.company.id)).toBe(before);
  });

  it("refuses another company's booking and a colleague's booking", async () => {
    const foreign = await insertBooking(t.db, b.company.id, b.employee.id);
    const colleagues = await insertBooking(t.db, a.company.id, a.colleague.id);
    const body = (await save(a.headers.employee, domesticForm({ booking: [{ booking_id: foreign }, { booking_id: colleagues }] }))).json();
    expect(issuesOf(body)).toEqual(expect.arrayContaining(['booking.0.booking_id:validation.unknownReference', 'booking.1.booking_id:delegation.bookingOfAnotherEmployee']));
  });

  it("refuses another company's order and a colleague's order as the base", async () => {
    const foreign = await acceptedOrder(t.db, b.company.id, b.employee.id);
    const colleagues = await acceptedOrder(t.db, a.company.id, a.colleague.id);
    expect(issuesOf((await save(a.headers.employee, domesticForm({ delegation_order_id: foreign }))).json())).toContain('delegation_order_id:delegation.orderNotFound');
    expect(issuesOf((await save(a.headers.employee, domesticForm({ delegation_order_id: colleagues }))).json())).toContain('delegation_order_id:delegation.orderNotFound');
  });

  it("refuses a colleague's upload and another company's upload as the settlement's file", async () => {
    const upload = async (headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/delegation/attachment/upload?section=document',
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
          payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${SAMPLE_PDF_TEXT}\r\n--x--\r\n`,
        })
      ).json().attachment.id as number;
    const colleagues = await upload(a.headers.colleague);
    const foreign = await upload(b.headers.employee);
    const body = (await save(a.headers.employee, domesticForm({ file: [colleagues, foreign] }))).json();
    expect(issuesOf(body)).toEqual(expect.arrayContaining(['file.0:delegation.unauthorisedFieldChange', 'file.1:delegation.fileMissing']));
  });
});
