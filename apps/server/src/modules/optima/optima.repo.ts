import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  contractors,
  delegations,
  invoiceBookings,
  invoiceDelegations,
  invoices,
  optimaCategories,
  optimaContractors,
  optimaEmployees,
  optimaExportDocuments,
  optimaExports,
  optimaSettings,
  users,
} from '../../db/schema/index.ts';

export type OptimaSettingsRow = typeof optimaSettings.$inferSelect;

/** The Comarch Optima dictionaries, settings and export history of a company. */
export const optimaRepo = {
  async settings(db: Executor, companyId: number): Promise<OptimaSettingsRow | null> {
    const [row] = await db.select().from(optimaSettings).where(eq(optimaSettings.companyId, companyId));
    return row ?? null;
  },

  async saveSettings(tx: Executor, values: typeof optimaSettings.$inferInsert): Promise<void> {
    const { companyId: _company, ...set } = values;
    await tx
      .insert(optimaSettings)
      .values(values)
      .onConflictDoUpdate({ target: optimaSettings.companyId, set });
  },

  async categories(db: Executor, companyId: number) {
    return db
      .select()
      .from(optimaCategories)
      .where(eq(optimaCategories.companyId, companyId))
      .orderBy(asc(optimaCategories.code));
  },

  async contractors(db: Executor, companyId: number) {
    return db
      .select({ row: optimaContractors, contractorId: contractors.id, contractorName: contractors.name })
      .from(optimaContractors)
      .leftJoin(
        contractors,
        and(
          eq(contractors.companyId, optimaContractors.companyId),
          sql`lower(${contractors.accountingCode}) = lower(${optimaContractors.code})`,
        ),
      )
      .where(eq(optimaContractors.companyId, companyId))
      .orderBy(asc(optimaContractors.code));
  },

  async employees(db: Executor, companyId: number) {
    return db
      .select({
        row: optimaEmployees,
        userName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
      })
      .from(optimaEmployees)
      .leftJoin(users, eq(users.id, optimaEmployees.userId))
      .where(eq(optimaEmployees.companyId, companyId))
      .orderBy(asc(optimaEmployees.surname), asc(optimaEmployees.name));
  },

  /** Upserts by code; answers how many rows were new and how many changed. */
  async upsertCategories(
    tx: Executor,
    companyId: number,
    rows: Omit<typeof optimaCategories.$inferInsert, 'companyId'>[],
  ) {
    const existing = new Set((await optimaRepo.categories(tx, companyId)).map((row) => row.code));
    for (const row of rows) {
      await tx
        .insert(optimaCategories)
        .values({ ...row, companyId })
        .onConflictDoUpdate({
          target: [optimaCategories.companyId, optimaCategories.code],
          set: {
            generalCode: row.generalCode,
            level: row.level,
            type: row.type,
            description: row.description,
            externalId: row.externalId,
            isActive: row.isActive,
          },
        });
    }
    return {
      created: rows.filter((row) => !existing.has(row.code)).length,
      updated: rows.filter((row) => existing.has(row.code)).length,
    };
  },

  async upsertContractors(
    tx: Executor,
    companyId: number,
    rows: Omit<typeof optimaContractors.$inferInsert, 'companyId'>[],
  ) {
    const existing = new Set(
      (
        await tx
          .select({ code: optimaContractors.code })
          .from(optimaContractors)
          .where(eq(optimaContractors.companyId, companyId))
      ).map((row) => row.code),
    );
    for (const row of rows) {
      await tx
        .insert(optimaContractors)
        .values({ ...row, companyId })
        .onConflictDoUpdate({
          target: [optimaContractors.companyId, optimaContractors.code],
          set: { name: row.name, taxId: row.taxId, city: row.city, externalId: row.externalId },
        });
    }
    return {
      created: rows.filter((row) => !existing.has(row.code)).length,
      updated: rows.filter((row) => existing.has(row.code)).length,
    };
  },

  /** Employees are upserted by code; a user is suggested by name when the code is new. */
  async upsertEmployees(
    tx: Executor,
    companyId: number,
    rows: Omit<typeof optimaEmployees.$inferInsert, 'companyId'>[],
  ) {
    const existing = new Set(
      (
        await tx
          .select({ code: optimaEmployees.code })
          .from(optimaEmployees)
          .where(eq(optimaEmployees.companyId, companyId))
      ).map((row) => row.code),
    );
    for (const row of rows) {
      await tx
        .insert(optimaEmployees)
        .values({ ...row, companyId })
        .onConflictDoUpdate({
          target: [optimaEmployees.companyId, optimaEmployees.code],
          set: { name: row.name, surname: row.surname, externalId: row.externalId },
        });
    }
    return {
      created: rows.filter((row) => !existing.has(row.code)).length,
      updated: rows.filter((row) => existing.has(row.code)).length,
    };
  },

  async findEmployee(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(optimaEmployees)
      .where(and(eq(optimaEmployees.companyId, companyId), eq(optimaEmployees.id, id)));
    return row ?? null;
  },

  /** The user gets this Optima code; another code held by the user is released. */
  async mapEmployee(tx: Executor, companyId: number, id: number, userId: number | null): Promise<void> {
    if (userId !== null)
      await tx
        .update(optimaEmployees)
        .set({ userId: null })
        .where(
          and(
            eq(optimaEmployees.companyId, companyId),
            eq(optimaEmployees.userId, userId),
            ne(optimaEmployees.id, id),
          ),
        );
    await tx
      .update(optimaEmployees)
      .set({ userId })
      .where(and(eq(optimaEmployees.companyId, companyId), eq(optimaEmployees.id, id)));
  },

  async findContractor(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(optimaContractors)
      .where(and(eq(optimaContractors.companyId, companyId), eq(optimaContractors.id, id)));
    return row ?? null;
  },

  /** Our contractor takes the Optima code as its accounting code (the match is by code). */
  async setContractorCode(
    tx: Executor,
    companyId: number,
    contractorId: number,
    code: string | null,
  ): Promise<boolean> {
    const rows = await tx
      .update(contractors)
      .set({ accountingCode: code })
      .where(and(eq(contractors.companyId, companyId), eq(contractors.id, contractorId)))
      .returning({ id: contractors.id });
    return rows.length > 0;
  },

  async clearContractorCode(tx: Executor, companyId: number, code: string): Promise<void> {
    await tx
      .update(contractors)
      .set({ accountingCode: null })
      .where(
        and(eq(contractors.companyId, companyId), sql`lower(${contractors.accountingCode}) = lower(${code})`),
      );
  },

  /** Optima contractor codes by NIP, for the sellers of exported invoices. */
  async contractorCodesByTaxId(
    db: Executor,
    companyId: number,
    taxIds: string[],
  ): Promise<Map<string, { code: string; externalId: string | null }>> {
    if (taxIds.length === 0) return new Map();
    const rows = await db
      .select({
        taxId: optimaContractors.taxId,
        code: optimaContractors.code,
        externalId: optimaContractors.externalId,
      })
      .from(optimaContractors)
      .where(and(eq(optimaContractors.companyId, companyId), inArray(optimaContractors.taxId, taxIds)));
    return new Map(rows.map((row) => [row.taxId!, { code: row.code, externalId: row.externalId }]));
  },

  async employeeCodes(
    db: Executor,
    companyId: number,
    userIds: number[],
  ): Promise<Map<number, { code: string; externalId: string | null }>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({
        userId: optimaEmployees.userId,
        code: optimaEmployees.code,
        externalId: optimaEmployees.externalId,
      })
      .from(optimaEmployees)
      .where(
        and(
          eq(optimaEmployees.companyId, companyId),
          inArray(optimaEmployees.userId, userIds),
          isNotNull(optimaEmployees.userId),
        ),
      );
    return new Map(rows.map((row) => [row.userId!, { code: row.code, externalId: row.externalId }]));
  },

  /** Invoices of a period for the export page, with the cost centres of their bookings and settlements. */
  async invoicesOfPeriod(
    db: Executor,
    companyId: number,
    filter: { from?: string; to?: string; costCentreId?: number },
  ) {
    const costCentre = filter.costCentreId
      ? sql`(${invoices.id} IN (SELECT ib.invoice_id FROM ${invoiceBookings} ib JOIN ${bookings} b ON b.id = ib.booking_id WHERE b.cost_centre_id = ${filter.costCentreId})
          OR ${invoices.id} IN (SELECT idl.invoice_id FROM ${invoiceDelegations} idl JOIN ${delegations} d ON d.id = idl.delegation_id WHERE d.cost_centre_id = ${filter.costCentreId}))`
      : undefined;
    return db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          filter.from ? gte(invoices.issueDate, filter.from) : undefined,
          filter.to ? lte(invoices.issueDate, filter.to) : undefined,
          costCentre,
        ),
      )
      .orderBy(desc(invoices.issueDate), desc(invoices.id))
      .limit(1000);
  },

  /** Numbered settlements of a period (by their end) for the export page. */
  async settlementsOfPeriod(
    db: Executor,
    companyId: number,
    filter: { from?: Date; to?: Date; costCentreId?: number; status?: string },
  ) {
    return db
      .select({ row: delegations, name: users.name, surname: users.surname })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(
        and(
          eq(delegations.companyId, companyId),
          isNotNull(delegations.number),
          filter.status
            ? eq(delegations.status, filter.status)
            : inArray(delegations.status, ['accepted', 'settled']),
          filter.from ? gte(delegations.endDate, filter.from) : undefined,
          filter.to ? lte(delegations.endDate, filter.to) : undefined,
          filter.costCentreId ? eq(delegations.costCentreId, filter.costCentreId) : undefined,
        ),
      )
      .orderBy(desc(delegations.endDate), desc(delegations.id))
      .limit(1000);
  },

  async settlementsByIds(db: Executor, companyId: number, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ row: delegations, name: users.name, surname: users.surname })
      .from(delegations)
      .innerJoin(users, eq(users.id, delegations.userId))
      .where(
        and(
          eq(delegations.companyId, companyId),
          inArray(delegations.id, ids),
          ne(delegations.status, 'deleted'),
        ),
      );
  },

  /** The category codes of the settlements each invoice covers (directly or through bookings). */
  async invoiceCategories(
    db: Executor,
    companyId: number,
    invoiceIds: number[],
  ): Promise<Map<number, string>> {
    if (invoiceIds.length === 0) return new Map();
    const result = (await db.execute(sql`
      SELECT x.invoice_id, min(d.form->>'optima_category_code') AS code FROM (
        SELECT idl.invoice_id, idl.delegation_id FROM ${invoiceDelegations} idl WHERE idl.company_id = ${companyId} AND idl.invoice_id IN ${invoiceIds}
        UNION SELECT ib.invoice_id, db.delegation_id FROM ${invoiceBookings} ib JOIN delegation_bookings db ON db.booking_id = ib.booking_id WHERE ib.company_id = ${companyId} AND ib.invoice_id IN ${invoiceIds}
      ) x JOIN ${delegations} d ON d.id = x.delegation_id AND d.status <> 'deleted'
      WHERE coalesce(d.form->>'optima_category_code', '') <> ''
      GROUP BY x.invoice_id`)) as unknown as { rows: { invoice_id: number; code: string }[] };
    return new Map(result.rows.map((row) => [Number(row.invoice_id), row.code]));
  },

  async recordExport(
    tx: Executor,
    values: typeof optimaExports.$inferInsert,
    documents: { documentType: 'invoice' | 'delegation'; documentId: number }[],
  ): Promise<number> {
    const [row] = await tx.insert(optimaExports).values(values).returning({ id: optimaExports.id });
    if (documents.length > 0)
      await tx
        .insert(optimaExportDocuments)
        .values(
          documents.map((document) => ({ ...document, companyId: values.companyId, exportId: row!.id })),
        );
    return row!.id;
  },

  async exports(db: Executor, companyId: number) {
    return db
      .select({ row: optimaExports, userName: sql<string>`${users.name} || ' ' || ${users.surname}` })
      .from(optimaExports)
      .innerJoin(users, eq(users.id, optimaExports.createdById))
      .where(eq(optimaExports.companyId, companyId))
      .orderBy(desc(optimaExports.createdAt), desc(optimaExports.id))
      .limit(100);
  },
};
