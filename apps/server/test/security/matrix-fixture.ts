import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { locations, organizationUnits, users } from '../../src/db/schema/index.ts';
import { createCompany, createUser } from '../factories.ts';
import { providerAdmin } from '../provider-admin.ts';
import { authHeaders } from '../sessions.ts';
import { domesticForm, settlementCompany } from '../settlements.ts';
import { insertOrder } from '../trips.ts';
import { insertBooking, insertInvoice } from '../bookings.ts';
import { insertTravelOrder } from '../travel-services.ts';
import { SAMPLE_PDF_TEXT } from '../sample-files.ts';
import { contractRoutes } from '../../src/http/contract-routes.ts';
import { sampleOf } from './contract-endpoints.ts';

/** Who calls, in the order of the letters of an access-matrix entry. */
export const IDENTITIES = ['anonymous', 'employee', 'colleague', 'acceptor', 'finance', 'admin', 'otherAdmin', 'provider'] as const;
export type Identity = (typeof IDENTITIES)[number];

type Json = Record<string, unknown>;

/**
 * Company A with its people and one object of each kind (the employee's documents among them),
 * another company's administrator, and a provider administrator. Every object of company A carries
 * `companyMarker` and the employee's documents `privateMarker`, so an answer that leaks them to
 * someone who may not see them is found whatever the route.
 */
export async function buildMatrixFixture(app: FastifyInstance, db: Database) {
  const a = await settlementCompany(app, db);
  const token = randomUUID().slice(0, 8);
  const companyMarker = `Alfa${token}`;
  const privateMarker = `Prywatne${token}`;
  await db.update(users).set({ surname: companyMarker }).where(and(eq(users.companyId, a.company.id), eq(users.id, a.employee.id)));

  const other = await createCompany(db);
  const otherAdmin = await authHeaders(app, other, await createUser(db, other, { permissions: ['companyAdmin'] }));
  const provider = (await providerAdmin(app, db)).headers;

  const routes = new Map(contractRoutes().map((route) => [route.key, route]));
  /** Creates an object through its own save route as company A's administrator, from the route's generated body. */
  async function create(key: string, fields: Json, headers = a.headers.admin): Promise<number> {
    const route = routes.get(key)!;
    const sample = sampleOf(route.endpoint.body) as Json;
    const { id: _unused, ...body } = { ...sample, ...fields };
    const response = await app.inject({ method: 'POST', url: `/api${route.endpoint.path}`, headers, payload: body });
    if (response.statusCode !== 200) throw new Error(`matrix fixture: ${key} answered ${response.statusCode} ${response.body}`);
    const id = firstId(response.json());
    if (id === null) throw new Error(`matrix fixture: no id in the answer of ${key}: ${response.body}`);
    return id;
  }

  const settlement = await app.inject({
    method: 'POST',
    url: '/api/delegation/save-standard',
    headers: a.headers.employee,
    payload: { delegation: domesticForm({ task: privateMarker, destinationText: privateMarker }) },
  });
  if (settlement.json().status !== 'OK') throw new Error(`matrix fixture: settlement ${settlement.body}`);
  const upload = await app.inject({
    method: 'POST',
    url: '/api/delegation/attachment/upload?section=document',
    headers: { ...a.headers.employee, 'content-type': 'multipart/form-data; boundary=x' },
    payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="${privateMarker}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${SAMPLE_PDF_TEXT}\r\n--x--\r\n`,
  });
  // The structure's main unit is made when the tree is first read.
  await app.inject({ method: 'GET', url: '/api/settings/organizational-structure/tree', headers: a.headers.admin });
  const costCentre = await create('POST /settings/cost-centre/save', { ordinate: `A-${token}`, name: companyMarker });
  const contractor = await create('POST /settings/external-company/save', { name: companyMarker, tax_id: null, postal_code: null, email: null, phone: null, country_code: 'PL' });
  const booking = await insertBooking(db, a.company.id, a.employee.id, { travellerName: `Anna ${companyMarker}` });

  const ids = {
    companyId: a.company.id,
    employee: a.employee.id,
    colleague: a.colleague.id,
    settlement: firstId(settlement.json().delegation)!,
    order: await insertOrder(db, a.company.id, a.employee.id, { task: privateMarker, destinationText: privateMarker }),
    attachment: upload.statusCode === 200 ? (upload.json().attachment.id as number) : 0,
    costCentre,
    contractor,
    project: await create('POST /settings/project/save', { name: companyMarker, contractor_id: contractor }),
    task: await create('POST /settings/delegation-task/save', { name_pl: companyMarker, name_en: companyMarker }),
    vehicle: await create('POST /vehicle/save', { plates: `WA ${token}`, model: companyMarker, engine_capacity: 1600, type: 'car', is_private: true, owner_user_id: a.employee.id }),
    role: await create('POST /settings/role/save', { name: companyMarker, permissions: [], parent_role_id: null, is_default: false }),
    page: await create('POST /settings/custom-webpage/save', { alias: `alfa-${token}`, title_pl: companyMarker, title_en: companyMarker }),
    pageAlias: `alfa-${token}`,
    mainUnit: await mainUnitOf(db, a.company.id),
    rateGroup: await create('POST /settings/delegation-rate/group/save', { name: companyMarker, parent_id: null }),
    orgUnit: await create('POST /settings/organizational-structure/save', { name: companyMarker, parent_id: await mainUnitOf(db, a.company.id) }),
    booking,
    invoice: await insertInvoice(db, a.company.id, [booking], { sellerName: companyMarker }),
    /** Shared reference data, the same for every company. */
    trainStation: await locationIdOf(db, 'station:warszawa-centralna'),
    // The colleague's (the provider's consultants see every company's orders, spec §2, and the employee's surname is the company marker).
    travelOrder: await insertTravelOrder(db, a.company.id, a.colleague.id, a.colleague),
  };
  if (ids.attachment === 0) throw new Error(`matrix fixture: upload ${upload.body}`);
  // An advance on the employee's order with a file of its own (spec §3 "Advance … files").
  const advanceUpload = await app.inject({
    method: 'POST',
    url: '/api/delegation/attachment/upload?section=advance',
    headers: { ...a.headers.employee, 'content-type': 'multipart/form-data; boundary=x' },
    payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="${privateMarker}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${SAMPLE_PDF_TEXT}\r\n--x--\r\n`,
  });
  const advanceFile = advanceUpload.json().attachment.id as number;
  const advance = await app.inject({
    method: 'POST',
    url: '/api/delegation-advance/save',
    headers: a.headers.employee,
    payload: { delegation_order_id: ids.order, amount_in_currency: '100.00', currency: 'PLN', payment_type: 'cash', payment_date: null, comment: privateMarker, files: [advanceFile] },
  });
  if (advance.statusCode !== 200) throw new Error(`matrix fixture: advance ${advance.body}`);

  const headers: Record<Identity, Record<string, string>> = {
    anonymous: {},
    employee: a.headers.employee,
    colleague: a.headers.colleague,
    acceptor: a.headers.acceptor,
    finance: a.headers.finance,
    admin: a.headers.admin,
    otherAdmin,
    provider,
  };
  return { ids: { ...ids, advanceFile }, headers, companyMarker, privateMarker, company: a.company };
}

export type MatrixFixture = Awaited<ReturnType<typeof buildMatrixFixture>>;

/** The first `id` (depth first) in an answer, or null. */
function firstId(value: unknown): number | null {
  if (value === null || typeof value !== 'object') return null;
  if (!Array.isArray(value) && typeof (value as Json).id === 'number') return (value as Json).id as number;
  for (const item of Object.values(value as Json)) {
    const found = firstId(item);
    if (found !== null) return found;
  }
  return null;
}

async function locationIdOf(db: Database, code: string): Promise<number> {
  const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, code));
  if (!location) throw new Error(`matrix fixture: no location ${code}`);
  return location.id;
}

async function mainUnitOf(db: Database, companyId: number): Promise<number | null> {
  const [unit] = await db.select({ id: organizationUnits.id }).from(organizationUnits).where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.isMain, true)));
  return unit?.id ?? null;
}
