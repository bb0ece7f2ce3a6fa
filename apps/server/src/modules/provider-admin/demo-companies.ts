import { localTimeToMillis } from '@delego/domain';
import type { UserSaveBody } from '@delego/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { demoContext } from '../../db/seed/demo-trips.ts';
import { ManualClock } from '../../lib/clock.ts';
import { companyRepo, type CompanyRecord } from '../company/company.repo.ts';
import { createUsersService } from '../users/users.service.ts';
import { createCompaniesService } from './companies.service.ts';

/** The second demo company (issue 12 point 8): the provider admin's lists have more than one company. */
export const SECOND_DEMO_COMPANY = { code: 'beta', name: 'Beta Logistyka S.A.', nip: '9512345675' } as const;

const BETA_USERS = [
  { login: 'employee', name: 'Marek', surname: 'Zieliński', position: 'Spedytor' },
  { login: 'mwrobel', name: 'Monika', surname: 'Wróbel', position: 'Kierowniczka zmiany' },
  { login: 'tkaczmarek', name: 'Tadeusz', surname: 'Kaczmarek', position: 'Kierowca' },
] as const;

function newUser(user: (typeof BETA_USERS)[number], password: string): UserSaveBody {
  return {
    name: user.name,
    middle_name: null,
    surname: user.surname,
    login: user.login,
    email: `${user.login}@beta.delego.local`,
    phone: null,
    birth_date: null,
    identity_document_number: null,
    identity_document_expiry: null,
    identity_document_issue_place: null,
    nationality: null,
    password_expiry: null,
    notify_of_all_offers: false,
    integration_id: null,
    superior_id: null,
    organization_unit_id: null,
    private_vehicle_id: null,
    default_vehicle_id: null,
    bank_name: null,
    bank_account_number: null,
    cost_centre_ids: [],
    default_cost_centre_id: null,
    rate_group_id: null,
    language: 'pl-PL',
    position: user.position,
    department: null,
    responsibilities: null,
    payment_type: 'notSet',
    is_active: true,
    permissions: [],
    password,
    repeat_password: password,
  };
}

/**
 * The provider's `superadmin` creates the second demo company through the company service — its
 * administrator `administrator` gets the demo password instead of an e-mailed link, so nobody is
 * e-mailed by the seed — and that administrator adds three employees through the user service. Nothing when
 * the code is already taken.
 */
export async function seedSecondDemoCompany(tx: Transaction, admin: CompanyRecord, seedDay: string, password: { plain: string; hash: string }): Promise<CompanyRecord | null> {
  // A company the provider made by hand under this code stays as it is.
  if (await companyRepo.findByCode(tx, SECOND_DEMO_COMPANY.code)) return null;
  const clock = new ManualClock(new Date(localTimeToMillis(seedDay, 8, 0)!));
  const db = tx as unknown as Database;
  const provider = await demoContext(tx, admin, 'superadmin', seedDay);
  const companies = createCompaniesService({ db, clock, publicUrl: '', onMailQueued: () => undefined });
  const { company } = await companies.create(
    { ...provider, actor: { ...provider.actor, isAdminContext: true } },
    {
      ...SECOND_DEMO_COMPANY,
      modules: { delegation: 2, travel_service: 2, accounting_export: 1, all_bookings: 2, flight_bookings: 2 },
      administrator: { login: 'administrator', name: 'Barbara', surname: 'Lis', email: 'barbara.lis@beta.delego.local', language: 'pl-PL' },
    },
    { initialPasswordHash: password.hash },
  );
  const beta = (await companyRepo.findById(tx, company.id))!;
  const users = createUsersService({ db, clock });
  const administrator = await demoContext(tx, beta, 'administrator', seedDay);
  for (const user of BETA_USERS) await users.save(administrator, newUser(user, password.plain));
  return beta;
}
