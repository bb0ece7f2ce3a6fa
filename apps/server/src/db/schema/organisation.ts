import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';
import { roles, users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/** Cost centre (spec §3): an ordinate, enabled or not for new documents. */
export const costCentres = pgTable(
  'cost_centres',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    ordinate: text('ordinate').notNull(),
    name: text('name').notNull().default(''),
    enabledForNew: boolean('enabled_for_new').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cost_centres_company_ordinate_unique').on(t.companyId, sql`lower(${t.ordinate})`)],
);

export const costCentreBudgets = pgTable(
  'cost_centre_budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'cascade' }),
    /**
     * A project's budget counts only that project's documents; without a project the budget counts all of the
     * cost centre's (docs/domain/budgets.md). A project is deleted only when no document names it, so its budgets go with it.
     */
    projectId: integer('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cost_centre_budgets_centre_idx').on(t.costCentreId), index('cost_centre_budgets_company_idx').on(t.companyId, t.costCentreId, t.dateFrom)],
);

export const userCostCentres = pgTable(
  'user_cost_centres',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    costCentreId: integer('cost_centre_id')
      .notNull()
      .references(() => costCentres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.costCentreId] })],
);

/** Organisation structure: a tree of units; the main unit is its root. */
export const organizationUnits = pgTable(
  'organization_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('organization_units_company_idx').on(t.companyId, t.parentId),
    // At most one main unit per company, so creating it on first use cannot race into two.
    uniqueIndex('organization_units_company_main_unique').on(t.companyId).where(sql`${t.isMain}`),
  ],
);

/** Trip reasons ("tasks", spec §3). */
export const delegationTasks = pgTable('delegation_tasks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  /** none | min10: whether a comment of at least 10 characters is required. */
  commentRequirement: text('comment_requirement').notNull().default('none'),
  enabledForNew: boolean('enabled_for_new').notNull().default(true),
  createdAt: createdAt(),
});

/** External companies (contractors). */
export const contractors = pgTable('contractors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  name: text('name').notNull(),
  taxId: text('tax_id'),
  street: text('street'),
  postalCode: text('postal_code'),
  city: text('city'),
  countryCode: text('country_code').notNull().default('PL'),
  email: text('email'),
  phone: text('phone'),
  accountingCode: text('accounting_code'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const projects = pgTable('projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  contractorId: integer('contractor_id').references(() => contractors.id),
  name: text('name').notNull(),
  orderNumber: text('order_number'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** Company and private vehicles (spec §3 Vehicle). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** The owner of a private vehicle; null for a company vehicle. */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    plates: text('plates').notNull(),
    model: text('model').notNull(),
    engineCapacity: integer('engine_capacity').notNull(),
    /** car | truck | motorcycle | moped */
    type: text('type').notNull(),
    isPrivate: boolean('is_private').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('vehicles_company_idx').on(t.companyId)],
);

/** Document number templates (spec §3, §5 mask rules). */
export const documentNumberTemplates = pgTable('document_number_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  /** generalDocument | delegation | delegationOrder */
  documentType: text('document_type').notNull(),
  /** basedOnMask | monthly | monthlyNationalSeparated | yearly | yearlyNationalSeparated | static | staticNationalSeparated */
  resetType: text('reset_type').notNull(),
  mask: text('mask').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The last number given per template, period and domestic/foreign scope. The row is
 * locked in the transaction that assigns a number, so numbers are unique and gap-free.
 */
export const documentNumberCounters = pgTable(
  'document_number_counters',
  {
    companyId: companyId(),
    templateId: integer('template_id')
      .notNull()
      .references(() => documentNumberTemplates.id),
    periodKey: text('period_key').notNull(),
    scopeKey: text('scope_key').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.templateId, t.periodKey, t.scopeKey] })],
);

/** Trip policy and custom pages, in both languages, shown at /delegation-info/{alias}. */
export const customPages = pgTable(
  'custom_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    alias: text('alias').notNull(),
    /** tripPolicy | custom */
    kind: text('kind').notNull().default('custom'),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull(),
    contentPl: text('content_pl').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    showInMenu: boolean('show_in_menu').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('custom_pages_company_alias_unique').on(t.companyId, sql`lower(${t.alias})`)],
);

/** A company's approval path per document kind, as a graph of nodes (spec §3 workflow node kinds). */
export const workflows = pgTable(
  'workflows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** delegationOrder | delegation */
    documentKind: text('document_kind').notNull(),
    definition: jsonb('definition').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('workflows_company_kind_unique').on(t.companyId, t.documentKind)],
);

/** External-system role name → system role (spec §3). */
export const externalRoleMappings = pgTable(
  'external_role_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    externalName: text('external_name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [uniqueIndex('external_role_mappings_unique').on(t.companyId, sql`lower(${t.externalName})`)],
);

/** A permission or role handed over for a time (spec §3 Transferred permission, deputy-auth). */
export const permissionTransfers = pgTable('permission_transfers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  fromUserId: integer('from_user_id')
    .notNull()
    .references(() => users.id),
  toUserId: integer('to_user_id')
    .notNull()
    .references(() => users.id),
  permissionName: text('permission_name'),
  roleId: integer('role_id').references(() => roles.id),
  dateFrom: date('date_from'),
  dateTo: date('date_to'),
  comment: text('comment').notNull().default(''),
  createdAt: createdAt(),
});

/** Extra fields of travel-service orders, with default values (spec §3 additional_parameters). */
export const travelAdditionalParameters = pgTable('travel_additional_parameters', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  /** text | number | select | boolean */
  type: text('type').notNull().default('text'),
  options: jsonb('options').$type<string[]>().notNull().default([]),
  defaultValue: text('default_value'),
  isRequired: boolean('is_required').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** Who accepts travel-service orders. */
export const travelServiceAcceptors = pgTable(
  'travel_service_acceptors',
  {
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
