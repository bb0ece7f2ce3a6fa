import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_COMPANY_CODE, defaultSystemSettings, newOrderItem, type OrderItemInput, type Permission, type SystemSettingsInput, type TravelServiceOrderForm, type TravellerInput } from '@delego/domain';
import type { Database } from '../src/db/client.ts';
import { companies, rolePermissions, roles, travelServiceAcceptors, travelServiceOrderItems, travelServiceOrders, travelServicePassengers, userRoles, users } from '../src/db/schema/index.ts';
import { passwordHasher } from '../src/modules/auth/password-hasher.ts';
import { createCompany, createUser, TEST_PASSWORD } from './factories.ts';
import { authHeaders } from './sessions.ts';

type Headers = Record<string, string>;

/**
 * A company ordering travel services: an orderer (travelOrderSelf), an editor of every order
 * (travelOrder), a traveller and a colleague without travel permissions, a travel-service acceptor,
 * a previewer (travelOrderPreview), and another company's user with travelOrder.
 */
export async function travelCompany(app: FastifyInstance, db: Database, settings: SystemSettingsInput = {}) {
  const company = await createCompany(db, settings);
  const people = {
    orderer: await createUser(db, company, { permissions: ['travelOrderSelf'] }),
    editor: await createUser(db, company, { permissions: ['travelOrder'] }),
    traveller: await createUser(db, company),
    colleague: await createUser(db, company),
    acceptor: await createUser(db, company, { permissions: ['travelOrderSelf'] }),
    preview: await createUser(db, company, { permissions: ['travelOrderPreview'] }),
  };
  await db.insert(travelServiceAcceptors).values({ companyId: company.id, userId: people.acceptor.id });
  const other = await createCompany(db);
  const otherUser = await createUser(db, other, { permissions: ['travelOrder', 'travelOrderSelf'] });
  const headers = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await authHeaders(app, company, user)] as const))) as unknown as Record<keyof typeof people, Headers>;
  return { company, people, headers: { ...headers, other: await authHeaders(app, other, otherUser) } };
}

/** A user of the provider's company `admin` (negative id) with the given permissions, signed in. */
export async function providerUser(app: FastifyInstance, db: Database, permissions: Permission[]): Promise<{ id: number; headers: Headers; email: string }> {
  await db.insert(companies).values({ code: ADMIN_COMPANY_CODE, name: 'Administracja', settings: defaultSystemSettings() }).onConflictDoNothing();
  const [admin] = await db.select().from(companies).where(sql`lower(${companies.code}) = ${ADMIN_COMPANY_CODE}`);
  const login = `consultant${randomUUID().slice(0, 8)}`;
  const [user] = await db
    .insert(users)
    .values({ id: sql`nextval('provider_admin_user_id_seq')`, companyId: admin!.id, login, name: 'Konsultant', surname: login, email: `${login}@example.test`, passwordHash: await passwordHasher.hash(TEST_PASSWORD) })
    .returning();
  if (permissions.length > 0) {
    const [role] = await db.insert(roles).values({ companyId: admin!.id, name: `role-${login}` }).returning();
    await db.insert(rolePermissions).values(permissions.map((permissionName) => ({ roleId: role!.id, permissionName })));
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  }
  return { id: user!.id, email: user!.email, headers: await authHeaders(app, { code: ADMIN_COMPANY_CODE }, user!) };
}

export const ALL_RESPONSE_PERMISSIONS: Permission[] = [
  'travelOrderResponseFlight',
  'travelOrderResponseFlightLowCost',
  'travelOrderResponseCar',
  'travelOrderResponseHotel',
  'travelOrderResponseInsurance',
  'travelOrderResponseOther',
  'travelOrderResponseRail',
];

export function traveller(user: { id: number; name: string; surname: string; email: string }): TravellerInput {
  return { company_user_id: user.id, name: user.name, surname: user.surname, email: user.email, phone: '', birth_date: null, document_number: '' };
}

export function flightItem(passengers: TravellerInput[], overrides: Partial<Extract<OrderItemInput, { type: 'flight' }>['params']> = {}): OrderItemInput {
  const item = newOrderItem('flight', randomUUID(), 1, passengers) as Extract<OrderItemInput, { type: 'flight' }>;
  return { ...item, params: { ...item.params, start_place_id: 1, end_place_id: 2, start_date: '2026-06-10', start_time: '07:00', return_date: '2026-06-12', ...overrides } };
}

export function hotelItem(passengers: TravellerInput[], overrides: Partial<Extract<OrderItemInput, { type: 'hotel' }>['params']> = {}): OrderItemInput {
  const item = newOrderItem('hotel', randomUUID(), 2, passengers) as Extract<OrderItemInput, { type: 'hotel' }>;
  return { ...item, params: { ...item.params, place_id: 2, start_date: '2026-06-10', start_time: '19:00', end_date: '2026-06-12', is_breakfast: true, ...overrides } };
}

export function orderForm(userId: number, items: OrderItemInput[], overrides: Partial<TravelServiceOrderForm> = {}): TravelServiceOrderForm {
  return { user_id: userId, delegation_order_id: null, external_customer_id: null, project_id: null, comment: '', additional_parameters: [], travelServiceOrderItems: items, confirmed: [], ...overrides };
}

/** An order with one flight for the user, straight into the tables (for suites that only need one to exist). */
export async function insertTravelOrder(db: Database, companyId: number, userId: number, passenger: { id: number; name: string; surname: string }): Promise<{ orderId: number; itemId: number }> {
  const [order] = await db.insert(travelServiceOrders).values({ companyId, userId, createdById: userId, startDate: '2026-06-10', endDate: '2026-06-12' }).returning({ id: travelServiceOrders.id });
  const flight = flightItem([]);
  const [item] = await db
    .insert(travelServiceOrderItems)
    .values({ companyId, orderId: order!.id, guid: flight.guid, sequence: 1, type: 'flight', params: flight.params as Record<string, unknown>, startDate: '2026-06-10', endDate: '2026-06-12' })
    .returning({ id: travelServiceOrderItems.id });
  await db.insert(travelServicePassengers).values({ companyId, itemId: item!.id, position: 0, companyUserId: passenger.id, name: passenger.name, surname: passenger.surname });
  return { orderId: order!.id, itemId: item!.id };
}
