import { boolean, date, index, integer, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';

export const usersIdSequence = pgSequence('users_id_seq', { startWith: 1, increment: 1 });
/** Provider administrators count down from -1, so their ids are negative. */
export const providerAdminIdSequence = pgSequence('provider_admin_user_id_seq', {
  startWith: -1,
  increment: -1,
  minValue: -2147483648,
  maxValue: -1,
});

/**
 * Users of a company (spec §3 User). Provider administrators live in the company
 * `admin` and get negative ids from their own sequence (spec §6: "recognised by a negative user_id").
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().default(sql`nextval('users_id_seq')`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    login: text('login').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the company's password-expiry setting applies. */
    passwordExpiry: text('password_expiry'),
    name: text('name').notNull(),
    middleName: text('middle_name'),
    surname: text('surname').notNull(),
    phone: text('phone'),
    birthDate: date('birth_date'),
    identityDocumentNumber: text('identity_document_number'),
    identityDocumentExpiry: date('identity_document_expiry'),
    identityDocumentIssuePlace: text('identity_document_issue_place'),
    nationality: text('nationality'),
    notifyOfAllOffers: boolean('notify_of_all_offers').notNull().default(false),
    integrationId: text('integration_id'),
    superiorId: integer('superior_id'),
    organizationUnitId: integer('organization_unit_id'),
    privateVehicleId: integer('private_vehicle_id'),
    defaultVehicleId: integer('default_vehicle_id'),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number'),
    defaultCostCentreId: integer('default_cost_centre_id'),
    rateGroupId: integer('rate_group_id'),
    language: text('language').notNull().default('pl-PL'),
    position: text('position'),
    department: text('department'),
    responsibilities: text('responsibilities'),
    /** notSet | cash | transfer */
    paymentType: text('payment_type').notNull().default('notSet'),
    isActive: boolean('is_active').notNull().default(true),
    /** Users of a linked main system are redirected there (spec §1). */
    isExternal: boolean('is_external').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_company_login_unique').on(t.companyId, sql`lower(${t.login})`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentRoleId: integer('parent_role_id'),
    /** Given to every new user of the company. */
    isDefault: boolean('is_default').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/** The permission catalogue of spec §6, loaded by a migration and kept in step with the domain list. */
export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permissions.name),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionName] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Permissions granted to a user directly, beside their roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionName: text('permission_name')
      .notNull()
      .references(() => permissions.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionName] })],
);

/** An absent user and who may act for them, optionally bounded in time (spec §3 Substitute). */
export const substitutes = pgTable(
  'substitutes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    absentUserId: integer('absent_user_id')
      .notNull()
      .references(() => users.id),
    substituteUserId: integer('substitute_user_id')
      .notNull()
      .references(() => users.id),
    fromDate: date('from_date'),
    toDate: date('to_date'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('substitutes_substitute_idx').on(t.companyId, t.substituteUserId)],
);
