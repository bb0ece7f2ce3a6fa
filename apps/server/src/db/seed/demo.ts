import { and, eq, sql } from 'drizzle-orm';
import {
  ADMIN_COMPANY_CODE,
  PROVIDER_PERMISSIONS,
  RESPONSE_PERMISSION_BY_TYPE,
  defaultSystemSettings,
  toLocalDate,
  type Permission,
} from '@delego/domain';
import type { Database, Transaction } from '../client.ts';
import { companies, rolePermissions, roles, userRoles, users } from '../schema/index.ts';
import { passwordHasher } from '../../modules/auth/password-hasher.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { createMemoryStorage } from '../../integrations/storage/memory-storage.ts';
import { toCompanyRecord } from '../../modules/company/company.repo.ts';
import { seedDemoMasterData } from './demo-master-data.ts';
import { seedDemoTrips } from './demo-trips.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoBookings } from '../../modules/bookings/demo-bookings.ts';
import { seedDemoSubstitutes } from '../../modules/substitutes/demo-substitutes.ts';
import { seedDemoTravelServices } from '../../modules/travel-service/demo-travel-services.ts';
import { seedDemoBudgets } from '../../modules/budgets/demo-budgets.ts';
import { seedSecondDemoCompany } from '../../modules/provider-admin/demo-companies.ts';
import { seedDemoMailing } from '../../modules/provider-admin/demo-mailing.ts';
import { seedDemoExternalSystem } from '../../modules/external-system/demo-external-system.ts';
import { seedDemoSettings } from '../../modules/system-settings/demo-settings.ts';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Delego2026!';
export const DEMO_COMPANY_CODE = 'demo';

interface DemoRole {
  key: string;
  name: string;
  description: string;
  permissions: Permission[];
}

/** The provider's consultant answers every service type (spec §6 travelOrderResponse<Type>). */
const TRAVEL_RESPONSE_PERMISSIONS: Permission[] = Object.values(RESPONSE_PERMISSION_BY_TYPE);

const DEMO_ROLES: DemoRole[] = [
  {
    key: 'employee',
    name: 'Pracownik',
    description: 'Zamawia i rozlicza własne podróże',
    permissions: ['travelOrderSelf', 'viewBookingAssigned'],
  },
  {
    key: 'acceptor',
    name: 'Akceptant merytoryczny',
    description: 'Akceptuje polecenia wyjazdu i rozliczenia pod względem merytorycznym',
    permissions: ['delegationAcceptSubstantive', 'travelServiceAccept', 'delegationForOthers'],
  },
  {
    key: 'finance',
    name: 'Akceptant finansowy',
    description: 'Zatwierdza rozliczenia pod względem finansowym',
    permissions: ['delegationAcceptFinancial', 'reportDelegation', 'viewInvoices'],
  },
  {
    key: 'consultant',
    name: 'Konsultant podróży',
    description: 'Przygotowuje oferty na zamówienia usług podróżnych i wprowadza faktury za rezerwacje',
    permissions: [
      'travelOrder',
      'travelOrderPreview',
      // The consultant enters the bookings' invoices (issue 10: invoices are entered by the consultant or imported).
      'viewInvoices',
      'viewAllBookings',
      'viewBookings',
      'bookingMapping',
      'travelOrderResponseFlight',
      'travelOrderResponseFlightLowCost',
      'travelOrderResponseCar',
      'travelOrderResponseHotel',
      'travelOrderResponseInsurance',
      'travelOrderResponseOther',
      'travelOrderResponseRail',
    ],
  },
  {
    key: 'administrator',
    name: 'Administrator firmy',
    description: 'Konfiguruje firmę: użytkowników, role, stawki i ustawienia',
    permissions: [
      'companyAdmin',
      'viewInvoices',
      'reportDelegation',
      'modifyDates',
      'delegationForOthers',
      'viewAllBookings',
      'viewBookings',
      // Permissions are checked by name (spec §6), companyAdmin implies none: the administrator who sees all
      // bookings also maps the imported travellers to users (/booking/mapping).
      'bookingMapping',
    ],
  },
];

interface DemoUser {
  login: string;
  name: string;
  surname: string;
  email: string;
  roles: string[];
  position: string;
}

const DEMO_USERS: DemoUser[] = [
  {
    login: 'employee',
    name: 'Anna',
    surname: 'Kowalska',
    email: 'anna.kowalska@demo.delego.local',
    roles: ['employee'],
    position: 'Specjalistka ds. sprzedaży',
  },
  {
    login: 'acceptor',
    name: 'Piotr',
    surname: 'Nowak',
    email: 'piotr.nowak@demo.delego.local',
    roles: ['employee', 'acceptor'],
    position: 'Kierownik działu sprzedaży',
  },
  {
    login: 'finance',
    name: 'Katarzyna',
    surname: 'Wiśniewska',
    email: 'katarzyna.wisniewska@demo.delego.local',
    roles: ['employee', 'finance'],
    position: 'Główna księgowa',
  },
  {
    login: 'consultant',
    name: 'Tomasz',
    surname: 'Wójcik',
    email: 'tomasz.wojcik@demo.delego.local',
    roles: ['consultant'],
    position: 'Konsultant podróży',
  },
  {
    login: 'administrator',
    name: 'Magdalena',
    surname: 'Kamińska',
    email: 'magdalena.kaminska@demo.delego.local',
    roles: ['employee', 'administrator'],
    position: 'Administrator systemu',
  },
];

async function insertRole(tx: Transaction, companyId: number, role: Omit<DemoRole, 'key'>): Promise<number> {
  const [row] = await tx
    .insert(roles)
    .values({ companyId, name: role.name, description: role.description })
    .returning({ id: roles.id });
  if (role.permissions.length > 0) {
    await tx
      .insert(rolePermissions)
      .values(role.permissions.map((permissionName) => ({ roleId: row!.id, permissionName })));
  }
  return row!.id;
}

/**
 * Loads the demo company with one account per role, its master data, its trips (laid out
 * around `now`'s Warsaw day) and the acceptor's absences with their substitutes, the
 * provider-admin company with `superadmin`, and a second company (`beta`) made by the provider. Does nothing when the demo company already exists,
 * also when another process is creating it at the same moment. The demo's files go to `options.storage`
 * (the server's; kept in memory when none is given, e.g. in tests).
 */
export async function seedDemo(db: Database, options: { now?: Date; serverSecret?: string; storage?: FileStorage } = {}): Promise<boolean> {
  const existing = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.code}) = ${DEMO_COMPANY_CODE}`);
  if (existing.length > 0) return false;
  const passwordHash = await passwordHasher.hash(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    // A concurrent seed (two servers, or test files, on one PostgreSQL database) waits here for the
    // first one's commit and then finds the code taken.
    const [demo] = await tx
      .insert(companies)
      .values({ code: DEMO_COMPANY_CODE, name: 'Demo Sp. z o.o.', settings: defaultSystemSettings() })
      .onConflictDoNothing()
      .returning();
    if (!demo) return false;
    const roleIds = new Map<string, number>();
    for (const role of DEMO_ROLES) roleIds.set(role.key, await insertRole(tx, demo.id, role));
    const userIds = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: demo.id,
          login: user.login,
          name: user.name,
          surname: user.surname,
          email: user.email,
          passwordHash,
          position: user.position,
        })
        .returning({ id: users.id });
      userIds.set(user.login, row!.id);
      await tx
        .insert(userRoles)
        .values(user.roles.map((key) => ({ userId: row!.id, roleId: roleIds.get(key)! })));
    }
    // The acceptor is the superior of the other demo employees.
    await tx
      .update(users)
      .set({ superiorId: userIds.get('acceptor')! })
      .where(sql`${users.companyId} = ${demo.id} and ${users.login} <> 'acceptor'`);
    await seedDemoMasterData(tx, demo.id, demo.name, userIds);
    // The past year first: its settlements are numbered in the order they were accepted, before the recent trips'.
    await seedDemoHistory(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()));
    const trips = await seedDemoTrips(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()), options.storage ?? createMemoryStorage());
    await seedDemoBookings(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()));
    await seedDemoSubstitutes(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()));

    // The provider-admin company may already exist (made by hand or by another process) without
    // the demo's superadmin; the account is added to it either way.
    await tx
      .insert(companies)
      .values({ code: ADMIN_COMPANY_CODE, name: 'Delego – administracja dostawcy', settings: defaultSystemSettings() })
      .onConflictDoNothing();
    const [admin] = await tx
      .select()
      .from(companies)
      .where(sql`lower(${companies.code}) = ${ADMIN_COMPANY_CODE}`);
    const [existingSuperadmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, admin!.id), eq(users.login, 'superadmin')));
    if (!existingSuperadmin) {
      const providerRoleId = await insertRole(tx, admin!.id, {
        name: 'Administrator dostawcy',
        description: 'Zarządza wszystkimi firmami',
        permissions: [...PROVIDER_PERMISSIONS, 'companyAdmin'],
      });
      const [superadmin] = await tx
        .insert(users)
        .values({
          id: sql`nextval('provider_admin_user_id_seq')`,
          companyId: admin!.id,
          login: 'superadmin',
          name: 'Super',
          surname: 'Administrator',
          email: 'superadmin@delego.local',
          passwordHash,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: superadmin!.id, roleId: providerRoleId });
    }
    const [existingConsultant] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, admin!.id), eq(users.login, 'consultant')));
    if (!existingConsultant) {
      const consultantRoleId = await insertRole(tx, admin!.id, {
        name: 'Konsultant podróży dostawcy',
        description: 'Odpowiada ofertami na zamówienia usług podróżnych wszystkich firm',
        permissions: TRAVEL_RESPONSE_PERMISSIONS,
      });
      const [consultant] = await tx
        .insert(users)
        .values({
          id: sql`nextval('provider_admin_user_id_seq')`,
          companyId: admin!.id,
          login: 'consultant',
          name: 'Joanna',
          surname: 'Lewandowska',
          email: 'joanna.lewandowska@delego.local',
          passwordHash,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: consultant!.id, roleId: consultantRoleId });
    }
    await seedDemoTravelServices(tx, toCompanyRecord(demo), toCompanyRecord(admin!), trips.frankfurtOrderId, toLocalDate(options.now ?? new Date()));
    await seedDemoBudgets(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()));
    // The main system's shared secret is sealed under the server's secret, so only a seed that knows it links the company.
    if (options.serverSecret) {
      await seedDemoExternalSystem(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()), roleIds, { serverSecret: options.serverSecret, now: options.now ?? new Date() });
    }
    await seedDemoSettings(tx, toCompanyRecord(demo), toLocalDate(options.now ?? new Date()));
    await seedSecondDemoCompany(tx, toCompanyRecord(admin!), toLocalDate(options.now ?? new Date()), { plain: DEMO_PASSWORD, hash: passwordHash });
    await seedDemoMailing(tx, toCompanyRecord(admin!), toLocalDate(options.now ?? new Date()));
    return true;
  });
}
