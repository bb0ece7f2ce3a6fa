import { and, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DocumentKind } from '@delego/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { advances, bookings, delegationBookings, delegationOrders, delegations, documentDecisions, invoiceBookings, users, type ResolvedWorkflowStep } from '../../db/schema/index.ts';

/** The substitute who decided while logged in as the user acted as. */
const actingUsers = alias(users, 'acting_users');

/** What the workflow needs of an order or a settlement, the same shape for both kinds. */
export interface TripDocumentRow {
  kind: DocumentKind;
  id: number;
  companyId: number;
  userId: number;
  createdById: number;
  status: string;
  stage: string | null;
  workflowSteps: ResolvedWorkflowStep[];
  currentStep: number;
  number: string | null;
  customNumber: string | null;
  isNumberPermanent: boolean;
  version: number;
  startDate: Date;
  endDate: Date;
  costCentreId: number | null;
  taskId: number | null;
  /** The order's estimate or the settlement's total, PLN, decimal string. */
  totalCost: string | null;
  /** Any destination (order) or country part (settlement) outside Poland. */
  isForeign: boolean;
  /** The settlement's order, for masks copying its number. */
  delegationOrderId: number | null;
  sentAt: Date | null;
  acceptedAt: Date | null;
}

/** The columns a transition changes. */
export interface TripDocumentPatch {
  status: string;
  stage: string | null;
  workflowSteps?: ResolvedWorkflowStep[];
  currentStep: number;
  number?: string | null;
  isNumberPermanent?: boolean;
  sentAt?: Date | null;
  acceptedAt?: Date | null;
  settledAt?: Date | null;
  now: Date;
}

export interface DecisionRow {
  id: number;
  action: string;
  fromStatus: string;
  toStatus: string;
  stage: string | null;
  step: number | null;
  userId: number;
  contextUserId: number;
  channel: string;
  comment: string;
  createdAt: Date;
  /** The user acted as: in whose name the decision was made. */
  userName: string;
  userSurname: string;
  /** Who made it, when that was a substitute logged in as the user (spec §6); null otherwise. */
  substituteName: string | null;
}

/** The names a decision's history shows: who decided, and for whom when a substitute acted for the acceptor. */
export function decisionPeople(decision: DecisionRow): { user_name: string; context_user_name: string | null } {
  const contextUserName = `${decision.userName} ${decision.userSurname}`;
  return decision.substituteName === null ? { user_name: contextUserName, context_user_name: null } : { user_name: decision.substituteName, context_user_name: contextUserName };
}

export interface PersonRow {
  id: number;
  name: string;
  surname: string;
  email: string;
  language: string;
  isActive: boolean;
}

function isForeignDestinations(destinations: unknown): boolean {
  return Array.isArray(destinations) && destinations.some((d: { country_code?: unknown }) => typeof d?.country_code === 'string' && d.country_code.toUpperCase() !== 'PL');
}

/** What orders and settlements keep in columns of the same names. */
type SharedColumn =
  | 'id' | 'companyId' | 'userId' | 'createdById' | 'status' | 'stage' | 'workflowSteps' | 'currentStep' | 'number' | 'customNumber'
  | 'isNumberPermanent' | 'version' | 'startDate' | 'endDate' | 'costCentreId' | 'taskId' | 'sentAt' | 'acceptedAt';

function sharedColumns(row: Pick<TripDocumentRow, SharedColumn>): Pick<TripDocumentRow, SharedColumn> {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    createdById: row.createdById,
    status: row.status,
    stage: row.stage,
    workflowSteps: row.workflowSteps,
    currentStep: row.currentStep,
    number: row.number,
    customNumber: row.customNumber,
    isNumberPermanent: row.isNumberPermanent,
    version: row.version,
    startDate: row.startDate,
    endDate: row.endDate,
    costCentreId: row.costCentreId,
    taskId: row.taskId,
    sentAt: row.sentAt,
    acceptedAt: row.acceptedAt,
  };
}

/** A settlement as the workflow reads it (lists map their rows with it too). */
export function settlementAsTripDocument(
  row: Pick<typeof delegations.$inferSelect, SharedColumn | 'totalPln' | 'delegationOrderId' | 'isForeign'>,
): TripDocumentRow {
  return {
    kind: 'delegation',
    ...sharedColumns(row),
    totalCost: row.totalPln,
    isForeign: row.isForeign,
    delegationOrderId: row.delegationOrderId,
  };
}

/** An order row as the workflow sees it (lists map their rows with it too). */
export function orderAsTripDocument(row: typeof delegationOrders.$inferSelect): TripDocumentRow {
  return {
    kind: 'delegationOrder',
    ...sharedColumns(row),
    totalCost: row.estimatedTotalCost,
    isForeign: isForeignDestinations(row.destinations),
    delegationOrderId: null,
  };
}

/** The decisions a step back undoes: the latest of them names the one who may take it back. */
const UNDOABLE_DECISIONS = ['accept', 'settle', 'reject', 'returnForCorrection'];

/** The settlements' bookings (of those `which` picks) the company pays by invoice, not cancelled or refunded, whose invoice has not arrived. */
function bookingsMissingInvoices(db: Executor, companyId: number, which: SQL) {
  return db
    .selectDistinct({ delegationId: delegationBookings.delegationId })
    .from(delegationBookings)
    .innerJoin(bookings, and(eq(bookings.id, delegationBookings.bookingId), eq(bookings.companyId, companyId)))
    .where(
      and(
        eq(delegationBookings.companyId, companyId),
        which,
        eq(bookings.paidBy, 'companyInvoice'),
        inArray(bookings.status, ['booked', 'ticketed']),
        sql`NOT EXISTS (SELECT 1 FROM ${invoiceBookings} WHERE ${invoiceBookings.bookingId} = ${bookings.id})`,
      ),
    );
}

/** Orders and settlements as the workflow sees them; every query is filtered by the company id. */
export const tripWorkflowRepo = {
  /** Reads the document under a row lock held until the transaction ends: transitions of one document run one after another. */
  async lock(tx: Executor, kind: DocumentKind, companyId: number, id: number): Promise<TripDocumentRow | null> {
    return this.find(tx, kind, companyId, id, { forUpdate: true });
  },

  async find(db: Executor, kind: DocumentKind, companyId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<TripDocumentRow | null> {
    if (kind === 'delegationOrder') {
      const query = db
        .select()
        .from(delegationOrders)
        .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ? orderAsTripDocument(row) : null;
    }
    const query = db
      .select()
      .from(delegations)
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ? settlementAsTripDocument(row) : null;
  },

  /** Applies a transition and bumps the version. */
  async update(tx: Executor, kind: DocumentKind, companyId: number, id: number, patch: TripDocumentPatch): Promise<number> {
    const common = {
      status: patch.status,
      stage: patch.stage,
      currentStep: patch.currentStep,
      updatedAt: patch.now,
      ...(patch.workflowSteps !== undefined ? { workflowSteps: patch.workflowSteps } : {}),
      ...(patch.number !== undefined ? { number: patch.number } : {}),
      ...(patch.isNumberPermanent !== undefined ? { isNumberPermanent: patch.isNumberPermanent } : {}),
      ...(patch.sentAt !== undefined ? { sentAt: patch.sentAt } : {}),
      ...(patch.acceptedAt !== undefined ? { acceptedAt: patch.acceptedAt } : {}),
    };
    if (kind === 'delegationOrder') {
      const [row] = await tx
        .update(delegationOrders)
        .set({ ...common, version: sql`${delegationOrders.version} + 1` })
        .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, id)))
        .returning({ version: delegationOrders.version });
      return row!.version;
    }
    const [row] = await tx
      .update(delegations)
      .set({ ...common, ...(patch.settledAt !== undefined ? { settledAt: patch.settledAt } : {}), version: sql`${delegations.version} + 1` })
      .where(and(eq(delegations.companyId, companyId), eq(delegations.id, id)))
      .returning({ version: delegations.version });
    return row!.version;
  },

  /** Stores a number that is not permanent yet (a proposal); does not bump the version. */
  async setProposedNumber(tx: Executor, kind: DocumentKind, companyId: number, id: number, number: string | null): Promise<void> {
    const table = kind === 'delegationOrder' ? delegationOrders : delegations;
    await tx
      .update(table)
      .set({ number, isNumberPermanent: false })
      .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  },

  /** Another document of the kind already carries this permanent number. */
  async isNumberTaken(db: Executor, kind: DocumentKind, companyId: number, number: string, exceptId: number): Promise<boolean> {
    const table = kind === 'delegationOrder' ? delegationOrders : delegations;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.number, number), eq(table.isNumberPermanent, true), ne(table.id, exceptId)))
      .limit(1);
    return row !== undefined;
  },

  /** The order's permanent number, for settlement masks with `[ORDER]`. */
  async orderNumber(db: Executor, companyId: number, orderId: number): Promise<string | null> {
    const [row] = await db
      .select({ number: delegationOrders.number, permanent: delegationOrders.isNumberPermanent })
      .from(delegationOrders)
      .where(and(eq(delegationOrders.companyId, companyId), eq(delegationOrders.id, orderId)))
      .limit(1);
    return row?.permanent ? row.number : null;
  },

  /** A settlement (not deleted) was created from the order (spec §4: the order cannot go back). */
  async orderHasSettlement(db: Executor, companyId: number, orderId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: delegations.id })
      .from(delegations)
      .where(and(eq(delegations.companyId, companyId), eq(delegations.delegationOrderId, orderId), ne(delegations.status, 'deleted')))
      .limit(1);
    return row !== undefined;
  },

  async insertDecision(
    tx: Executor,
    decision: {
      companyId: number;
      kind: DocumentKind;
      documentId: number;
      action: string;
      fromStatus: string;
      toStatus: string;
      stage: string | null;
      step: number | null;
      userId: number;
      contextUserId: number;
      channel: 'app' | 'emailLink';
      comment: string;
      now: Date;
    },
  ): Promise<void> {
    await tx.insert(documentDecisions).values({
      companyId: decision.companyId,
      documentKind: decision.kind,
      documentId: decision.documentId,
      action: decision.action,
      fromStatus: decision.fromStatus,
      toStatus: decision.toStatus,
      stage: decision.stage,
      step: decision.step,
      userId: decision.userId,
      contextUserId: decision.contextUserId,
      channel: decision.channel,
      comment: decision.comment,
      createdAt: decision.now,
    });
    // Whoever decided a document keeps seeing it in its list, which reads them from the document.
    const decider = sql`jsonb_build_array(${decision.contextUserId}::int)`;
    if (decision.kind === 'delegationOrder') {
      await tx
        .update(delegationOrders)
        .set({ deciderIds: sql`${delegationOrders.deciderIds} || ${decider}` })
        .where(and(eq(delegationOrders.companyId, decision.companyId), eq(delegationOrders.id, decision.documentId), sql`not ${delegationOrders.deciderIds} @> ${decider}`));
    } else {
      await tx
        .update(delegations)
        .set({ deciderIds: sql`${delegations.deciderIds} || ${decider}` })
        .where(and(eq(delegations.companyId, decision.companyId), eq(delegations.id, decision.documentId), sql`not ${delegations.deciderIds} @> ${decider}`));
    }
  },

  /** The document's decision history, oldest first, with the names of who decided (the user acted as). */
  async decisions(db: Executor, kind: DocumentKind, companyId: number, documentId: number): Promise<DecisionRow[]> {
    return db
      .select({
        id: documentDecisions.id,
        action: documentDecisions.action,
        fromStatus: documentDecisions.fromStatus,
        toStatus: documentDecisions.toStatus,
        stage: documentDecisions.stage,
        step: documentDecisions.step,
        userId: documentDecisions.userId,
        contextUserId: documentDecisions.contextUserId,
        channel: documentDecisions.channel,
        comment: documentDecisions.comment,
        createdAt: documentDecisions.createdAt,
        userName: users.name,
        userSurname: users.surname,
        substituteName: sql<string | null>`${actingUsers.name} || ' ' || ${actingUsers.surname}`,
      })
      .from(documentDecisions)
      .innerJoin(users, eq(users.id, documentDecisions.contextUserId))
      .leftJoin(actingUsers, and(eq(actingUsers.id, documentDecisions.userId), ne(documentDecisions.userId, documentDecisions.contextUserId)))
      .where(and(eq(documentDecisions.companyId, companyId), eq(documentDecisions.documentKind, kind), eq(documentDecisions.documentId, documentId)))
      .orderBy(documentDecisions.id);
  },

  /** Who (as the user acted as) made the latest acceptance or rejection, which a step back undoes. */
  async lastDeciderId(db: Executor, kind: DocumentKind, companyId: number, documentId: number): Promise<number | null> {
    const [row] = await db
      .select({ contextUserId: documentDecisions.contextUserId })
      .from(documentDecisions)
      .where(
        and(
          eq(documentDecisions.companyId, companyId),
          eq(documentDecisions.documentKind, kind),
          eq(documentDecisions.documentId, documentId),
          inArray(documentDecisions.action, UNDOABLE_DECISIONS),
        ),
      )
      .orderBy(desc(documentDecisions.id))
      .limit(1);
    return row?.contextUserId ?? null;
  },

  /**
   * What the row actions of a list's documents depend on, for all of them in one statement: who (as the
   * user acted as) made the latest acceptance or rejection, whether an order has a settlement, whether a
   * settlement names a booking whose invoice has not arrived yet.
   */
  async listFacts(db: Executor, kind: DocumentKind, companyId: number, documentIds: number[]): Promise<Map<number, { lastDeciderId: number | null; hasSettlement: boolean; missingBookingInvoices: boolean }>> {
    if (documentIds.length === 0) return new Map();
    const listed = sql`"listed"."id"`;
    const lastDecider = db
      .select({ contextUserId: documentDecisions.contextUserId })
      .from(documentDecisions)
      .where(and(eq(documentDecisions.companyId, companyId), eq(documentDecisions.documentKind, kind), sql`${documentDecisions.documentId} = ${listed}`, inArray(documentDecisions.action, UNDOABLE_DECISIONS)))
      .orderBy(desc(documentDecisions.id))
      .limit(1);
    const hasSettlement =
      kind === 'delegationOrder'
        ? sql`exists (${db
            .select({ id: delegations.id })
            .from(delegations)
            .where(and(eq(delegations.companyId, companyId), sql`${delegations.delegationOrderId} = ${listed}`, ne(delegations.status, 'deleted')))})`
        : sql`false`;
    const missingInvoices = kind === 'delegation' ? sql`exists (${bookingsMissingInvoices(db, companyId, sql`${delegationBookings.delegationId} = ${listed}`)})` : sql`false`;
    const result = await db.execute(sql`
      select "listed"."id" as "documentId", (${lastDecider}) as "lastDeciderId", ${hasSettlement} as "hasSettlement", ${missingInvoices} as "missingBookingInvoices"
      from unnest(array[${sql.join(documentIds.map((id) => sql`${id}`), sql`, `)}]::int[]) as "listed"("id")`);
    // Both drivers (pg and PGlite) answer raw SQL with a `rows` array.
    const rows = (result as unknown as { rows: { documentId: number; lastDeciderId: number | null; hasSettlement: boolean; missingBookingInvoices: boolean }[] }).rows;
    return new Map(rows.map((row) => [row.documentId, { lastDeciderId: row.lastDeciderId, hasSettlement: row.hasSettlement, missingBookingInvoices: row.missingBookingInvoices }]));
  },

  /**
   * The settlements among `delegationIds` naming a booking the company pays by invoice whose invoice
   * has not arrived yet (spec §8); a cancelled or refunded booking needs none.
   */
  async settlementsMissingInvoices(db: Executor, companyId: number, delegationIds: number[]): Promise<Set<number>> {
    if (delegationIds.length === 0) return new Set();
    const rows = await bookingsMissingInvoices(db, companyId, inArray(delegationBookings.delegationId, delegationIds));
    return new Set(rows.map((row) => row.delegationId));
  },

  async people(db: Executor, companyId: number, ids: number[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, language: users.language, isActive: users.isActive })
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  },

  /**
   * Basic advance flow (spec §4): the advances of a document follow its decision. Paid advances
   * keep their status: the money has left.
   */
  async setAdvanceStatuses(tx: Executor, kind: DocumentKind, companyId: number, documentId: number, status: 'unknown' | 'approved' | 'rejected', now: Date): Promise<void> {
    const owner = kind === 'delegationOrder' ? eq(advances.delegationOrderId, documentId) : eq(advances.delegationId, documentId);
    await tx
      .update(advances)
      .set({ status, updatedAt: now })
      .where(and(eq(advances.companyId, companyId), owner, notInArray(advances.status, ['paid'])));
  },
};
