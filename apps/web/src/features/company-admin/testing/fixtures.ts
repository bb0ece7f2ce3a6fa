import type { RoleDetail, RoleOptions, UserDetail, UserFormOptions } from '@delego/contract';
import { defaultSystemSettings } from '@delego/domain';
import { buildUserProperties } from '../../../testing/fixtures.ts';

/** A signed-in company administrator. */
export const adminUser = buildUserProperties({ user_id: 1, permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });

export function buildFormOptions(overrides: Partial<UserFormOptions> = {}): UserFormOptions {
  return {
    users: [
      { id: 1, name: 'Magdalena', surname: 'Kamińska', login: 'administrator', is_active: true },
      { id: 2, name: 'Piotr', surname: 'Nowak', login: 'acceptor', is_active: true },
    ],
    cost_centres: [
      { id: 11, ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true },
      { id: 12, ordinate: 'MPK-200', name: 'Marketing', enabled_for_new: true },
    ],
    vehicles: [{ id: 21, plates: 'WA 12345', model: 'Skoda Octavia', is_private: false, owner_user_id: null, is_active: true }],
    organization_units: [{ id: 31, name: 'Centrala', parent_id: null, is_main: true }],
    rate_groups: [{ id: 41, name: 'Kadra' }],
    roles: [
      { id: 51, name: 'Pracownik', description: 'Zamawia i rozlicza własne podróże', is_default: true, is_blocked: false },
      { id: 52, name: 'Akceptant', description: '', is_default: false, is_blocked: false },
    ],
    password_policy: { min_length: 8, require_lowercase: true, require_uppercase: true, require_digit: true, require_special: true },
    company_password_expiry: 'never',
    is_admin_context: false,
    ...overrides,
  };
}

export function buildUserDetail(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 7,
    name: 'Ewa',
    middle_name: null,
    surname: 'Zielińska',
    login: 'ezielinska',
    email: 'ewa@firma.pl',
    phone: null,
    birth_date: null,
    identity_document_number: null,
    identity_document_expiry: null,
    identity_document_issue_place: null,
    nationality: null,
    password_expiry: null,
    notify_of_all_offers: false,
    integration_id: null,
    superior_id: 2,
    organization_unit_id: null,
    private_vehicle_id: null,
    default_vehicle_id: null,
    bank_name: null,
    bank_account_number: null,
    cost_centre_ids: [11],
    default_cost_centre_id: 11,
    rate_group_id: null,
    language: 'pl-PL',
    position: 'Handlowiec',
    department: null,
    responsibilities: null,
    payment_type: 'notSet',
    is_active: true,
    permissions: [],
    role_ids: [51],
    is_external: false,
    password_changed_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export function buildRoleOptions(overrides: Partial<RoleOptions> = {}): RoleOptions {
  return {
    roles: [
      { id: 51, name: 'Pracownik', parent_role_id: null, is_blocked: false, is_default: true },
      { id: 52, name: 'Akceptant', parent_role_id: 51, is_blocked: false, is_default: false },
      { id: 53, name: 'Kierownik', parent_role_id: 52, is_blocked: false, is_default: false },
    ],
    users: [
      { id: 1, name: 'Magdalena', surname: 'Kamińska', login: 'administrator', email: 'm@firma.pl', is_active: true },
      { id: 2, name: 'Piotr', surname: 'Nowak', login: 'acceptor', email: 'p@firma.pl', is_active: true },
    ],
    is_admin_context: false,
    ...overrides,
  };
}

export function buildRoleDetail(overrides: Partial<RoleDetail> = {}): RoleDetail {
  return {
    id: 52,
    name: 'Akceptant',
    description: 'Akceptuje delegacje',
    parent_role_id: 51,
    is_default: false,
    is_blocked: false,
    permissions: ['delegationAcceptSubstantive'],
    inherited_permissions: ['travelOrderSelf'],
    member_count: 2,
    ...overrides,
  };
}

export const defaultSettings = defaultSystemSettings;

/** The first wait of a test also waits for the lazy screen and its data, which take longer while the whole suite runs. */
export const FIRST_RENDER = { timeout: 5000 };
