import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.ts';
import { users } from './users.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/**
 * The approval path resolved when the document was submitted: ordered steps, each with its
 * stage (substantive, financial) and the users who may decide it.
 */
export interface ResolvedWorkflowStep {
  stage: 'substantive' | 'financial';
  approverIds: number[];
  label?: string;
}

/**
 * GIN indexes take new entries straight into the index instead of a pending list that every search
 * reads until a vacuum merges it: the embedded database runs no autovacuum.
 */
const GIN_WITHOUT_PENDING_LIST = { fastupdate: false };

/**
 * Under which key a waiting settlement lists its current acceptors: the stage whose acceptance
 * permission shows it to its holders, or `other` when no permission does.
 */
export type WaitingStage = 'substantive' | 'financial' | 'other';

/**
 * The numbering and workflow columns of orders and settlements (spec §4): the number, the status
 * machine's state, the approval path resolved at submission, and who may see the document because of
 * it — every acceptor of the path once sent (generated from the path, so lists need not read it) and
 * everyone who decided it (the user acted as; kept by the workflow with each decision it records).
 */
function workflowColumns() {
  return {
    number: text('number'),
    customNumber: text('custom_number'),
    isNumberPermanent: boolean('is_number_permanent').notNull().default(false),
    status: text('status').notNull().default('created'),
    stage: text('stage'),
    workflowSteps: jsonb('workflow_steps').$type<ResolvedWorkflowStep[]>().notNull().default([]),
    currentStep: integer('current_step').notNull().default(0),
    pathApproverIds: jsonb('path_approver_ids')
      .$type<number[]>()
      .generatedAlwaysAs(sql`CASE WHEN status <> 'created' THEN jsonb_path_query_array(workflow_steps, '$[*].approverIds[*]') END`),
    deciderIds: jsonb('decider_ids').$type<number[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  };
}

/** A GIN index answering `column @> '[id]'`; `onlyWhenSet` leaves out the rows where the column is null. */
function containmentIndex(name: string, column: AnyPgColumn, { onlyWhenSet = false } = {}) {
  const built = index(name).using('gin', sql`${column} jsonb_path_ops`);
  return (onlyWhenSet ? built.where(sql`${column} IS NOT NULL`) : built).with(GIN_WITHOUT_PENDING_LIST);
}

/** The indexes through which lists find the documents whose path or decisions name a user. */
function userIdsIndexes(table: string, t: { pathApproverIds: AnyPgColumn; deciderIds: AnyPgColumn }) {
  return [containmentIndex(`${table}_path_approvers_idx`, t.pathApproverIds, { onlyWhenSet: true }), containmentIndex(`${table}_deciders_idx`, t.deciderIds)];
}

/** A trip order (polecenie wyjazdu, spec §3 "Delegation order"). */
export const delegationOrders = pgTable(
  'delegation_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** The employee who travels. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Who filled it in (the employee, or someone acting for them). */
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    costCentreId: integer('cost_centre_id'),
    taskId: integer('task_id'),
    /** Purpose description, required for the purpose "other" (min. 10 characters). */
    task: text('task'),
    addDescription: text('add_description'),
    /** Up to 5 destinations: `{ place_text, country_code }`. */
    destinations: jsonb('destinations').$type<{ place_text: string; country_code: string }[]>().notNull().default([]),
    destinationText: text('destination_text'),
    startPlaceText: text('start_place_text'),
    endPlaceText: text('end_place_text'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    allowedTransport: jsonb('allowed_transport').$type<string[]>().notNull().default([]),
    allowedTransportCost: numeric('allowed_transport_cost', { precision: 14, scale: 2 }),
    settlementDeadline: date('settlement_deadline'),
    projectId: integer('project_id'),
    externalCustomerId: integer('external_customer_id'),
    estimatedTotalCost: numeric('estimated_total_cost', { precision: 14, scale: 2 }),
    /** The engine's estimate when last saved, with its explanations. */
    estimate: jsonb('estimate'),
    ...workflowColumns(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The order list: each way of seeing an order is its own index, read in the list's default order.
    index('delegation_orders_company_user_idx').on(t.companyId, t.userId, t.startDate),
    index('delegation_orders_company_created_by_idx').on(t.companyId, t.createdById, t.startDate),
    index('delegation_orders_company_status_idx').on(t.companyId, t.status, t.stage, t.startDate, t.id),
    index('delegation_orders_company_start_idx').on(t.companyId, t.startDate, t.id),
    // A budget's commitments: its cost centre's orders in its period.
    index('delegation_orders_company_centre_start_idx').on(t.companyId, t.costCentreId, t.startDate),
    ...userIdsIndexes('delegation_orders', t),
  ],
);

/**
 * A settlement (rozliczenie delegacji, spec §3 "Delegation"). The form's segments (transport,
 * country parts with accommodation, other costs) are kept as entered, as one document, with the
 * engine's result and the rates it used beside them.
 */
export const delegations = pgTable(
  'delegations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    /** One settlement per order (spec §4). */
    delegationOrderId: integer('delegation_order_id').references(() => delegationOrders.id),
    costCentreId: integer('cost_centre_id'),
    taskId: integer('task_id'),
    task: text('task'),
    projectId: integer('project_id'),
    externalCustomerId: integer('external_customer_id'),
    destinationText: text('destination_text'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    settlementDate: date('settlement_date'),
    /** The settlement form as entered (spec field names). */
    form: jsonb('form').notNull(),
    /** The engine's calculation at the last save, with rates, tables and explanations. */
    calculated: jsonb('calculated'),
    totalPln: numeric('total_pln', { precision: 14, scale: 2 }).notNull().default('0'),
    balancePln: numeric('balance_pln', { precision: 14, scale: 2 }).notNull().default('0'),
    ...workflowColumns(),
    /**
     * While the settlement waits for a decision, the acceptors of its current step under the stage a
     * holder of that stage's acceptance permission sees it at — `substantive` when submitted for the
     * substantive decision, `financial` when accepted for the financial one, `other` otherwise — so the
     * list finds, by index, what waits for an acceptor beyond what their permission already shows.
     */
    waitingApprovers: jsonb('waiting_approvers')
      .$type<Partial<Record<WaitingStage, number[]>>>()
      .generatedAlwaysAs(
        sql`CASE
          WHEN status = 'submitted' AND stage = 'substantive' THEN jsonb_set('{}', '{substantive}', workflow_steps -> current_step -> 'approverIds')
          WHEN status = 'accepted' AND stage = 'financial' THEN jsonb_set('{}', '{financial}', workflow_steps -> current_step -> 'approverIds')
          WHEN status IN ('submitted', 'accepted') THEN jsonb_set('{}', '{other}', workflow_steps -> current_step -> 'approverIds')
        END`,
      ),
    /** A country part of the form lies outside Poland (numbering masks), derived from the form so that lists need not read it. */
    isForeign: boolean('is_foreign')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(jsonb_path_exists(form, '$.country[*] ? (@.country_code.type() == "string" && !(@.country_code like_regex "^pl$" flag "i"))'), false)`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One settlement per order; a deleted settlement frees its order for a new one.
    uniqueIndex('delegations_order_unique').on(t.delegationOrderId).where(sql`${t.status} <> 'deleted'`),
    // The settlement list: each way of seeing a settlement is its own index, read in the list's default order.
    index('delegations_company_user_idx').on(t.companyId, t.userId, t.startDate),
    index('delegations_company_created_by_idx').on(t.companyId, t.createdById, t.startDate),
    index('delegations_company_status_idx').on(t.companyId, t.status, t.stage, t.startDate, t.id),
    index('delegations_company_start_idx').on(t.companyId, t.startDate, t.id),
    // A budget's spending: its cost centre's settlements in its period (without it, every budget read all the company's).
    index('delegations_company_centre_start_idx').on(t.companyId, t.costCentreId, t.startDate),
    containmentIndex('delegations_waiting_approvers_idx', t.waitingApprovers, { onlyWhenSet: true }),
    ...userIdsIndexes('delegations', t),
  ],
);

/** Advances (zaliczki) requested on an order or on the advances screen, settled in the settlement. */
export const advances = pgTable(
  'advances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delegationOrderId: integer('delegation_order_id').references(() => delegationOrders.id),
    delegationId: integer('delegation_id').references(() => delegations.id),
    amountInCurrency: numeric('amount_in_currency', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('PLN'),
    /** cash | transfer | compensation */
    paymentType: text('payment_type').notNull(),
    paymentDate: date('payment_date'),
    /** unknown (no decision) | approved | rejected | paid */
    status: text('status').notNull().default('unknown'),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('advances_company_user_idx').on(t.companyId, t.userId),
    // The advance list walks orders by start date and takes each one's advances; the order's own advances are read by it.
    index('advances_company_order_idx').on(t.companyId, t.delegationOrderId),
  ],
);

/** Bills, tickets and other files of a document, stored through the storage interface. */
export const attachments = pgTable(
  'attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** delegationOrder | delegation | advance */
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    /** Where in the document: document | transport | accommodation | other */
    section: text('section').notNull().default('document'),
    /** The form line it belongs to (e.g. the transport segment's index or id). */
    itemKey: text('item_key'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedById: integer('uploaded_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_owner_idx').on(t.companyId, t.ownerKind, t.ownerId)],
);

/** Every decision on an order or a settlement: the history shown on the document and its PDF. */
export const documentDecisions = pgTable(
  'document_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    documentKind: text('document_kind').notNull(),
    documentId: integer('document_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    stage: text('stage'),
    step: integer('step'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contextUserId: integer('context_user_id')
      .notNull()
      .references(() => users.id),
    /** How the decision was made: app | emailLink */
    channel: text('channel').notNull().default('app'),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('document_decisions_document_idx').on(t.companyId, t.documentKind, t.documentId)],
);

/** Saved order templates (drafts): private to their owner or shared with the company (spec §3). */
export const savedTemplates = pgTable('saved_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: companyId(),
  ownerUserId: integer('owner_user_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  isShared: boolean('is_shared').notNull().default(false),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
