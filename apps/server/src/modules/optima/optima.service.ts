import type { z } from 'zod';
import {
  AppError,
  ErrorCode,
  addDaysToLocalDate,
  dec,
  isModuleEnabled,
  localTimeToMillis,
  normalizeName,
  toLocalDate,
  type Issue,
} from '@delego/domain';
import type { OptimaDocument, OptimaSettings, optimaDocumentsQuerySchema } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import {
  buildOptimaXml,
  OptimaFileError,
  parseOptimaDictionaries,
  section,
  stableGuid,
  type OptimaFields,
  type OptimaHeader,
} from '../../integrations/optima/optima-xml.ts';
import { assertPermission } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { bookingsRepo } from '../bookings/bookings.repo.ts';
import { contractorRepo } from '../contractor/contractor.repo.ts';
import { invoicesRepo, type InvoiceRow } from '../invoices/invoices.repo.ts';
import { optimaRepo, type OptimaSettingsRow } from './optima.repo.ts';

type DocumentsQuery = z.output<typeof optimaDocumentsQuerySchema>;

const DEFAULT_SETTINGS: OptimaSettings = {
  source_database_id: 'DELEGO',
  target_database_id: 'KSIEG',
  purchase_register: 'ZAKUP',
  settlement_register: 'DELEGACJE',
  default_category_code: null,
  payment_form: 'przelew',
  company_tax_id: null,
};

function settingsDto(row: OptimaSettingsRow | null): OptimaSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    source_database_id: row.sourceDatabaseId,
    target_database_id: row.targetDatabaseId,
    purchase_register: row.purchaseRegister,
    settlement_register: row.settlementRegister,
    default_category_code: row.defaultCategoryCode,
    payment_form: row.paymentForm,
    company_tax_id: row.companyTaxId,
  };
}

const yesNo = (value: boolean) => (value ? 'Tak' : 'Nie');
/** Optima's `AKRONIM` is at most 20 characters. */
const akronim = (text: string) => text.normalize('NFC').slice(0, 20);

/** One POZYCJA of a purchase register entry per VAT rate (integrations §1.3). */
function positionOf(
  line: InvoiceRow['vatLines'][number],
  index: number,
  category: string | null,
  inPln: boolean,
): OptimaFields {
  const taxed = /^\d+$/.test(line.rate);
  return [
    ['LP', index + 1],
    ['KATEGORIA_POS', category],
    ['STAWKA_VAT', taxed ? line.rate : '0'],
    ['STATUS_VAT', taxed ? 'opodatkowana' : line.rate === 'zw' ? 'zwolniona' : 'nie podlega'],
    ['NETTO', line.net],
    ['VAT', line.vat],
    ['NETTO_SYS', inPln ? line.net : null],
    ['VAT_SYS', inPln ? line.vat : null],
    ['RODZAJ_ZAKUPU', 'usługi'],
    ['ODLICZENIA_VAT', taxed ? 'tak' : 'nie'],
  ];
}

/**
 * The accounting export to Comarch Optima (spec §2 accounting-export area, §7 `optima/export-invoices`):
 * the offline XML of the chosen invoices (purchase VAT register entries, their sellers as contractors)
 * and settlements (register entries of the employee with the settlement's category and amounts), the
 * export history, and Optima's dictionaries imported and mapped.
 */
export function createOptimaService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** Spec §6: the export area needs `reportDelegation` and the accounting-export module. */
  function assertExportArea(ctx: AuthenticatedContext): void {
    if (!isModuleEnabled(ctx.actor.settings, 'accounting_export'))
      throw new AppError(ErrorCode.moduleDisabled, { messages: ['Module not available'] });
    assertPermission(ctx, 'reportDelegation');
  }

  return {
    async settings(ctx: AuthenticatedContext) {
      assertExportArea(ctx);
      return { settings: settingsDto(await optimaRepo.settings(db, ctx.actor.companyId)) };
    },

    async saveSettings(ctx: AuthenticatedContext, body: OptimaSettings) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      if (body.company_tax_id && !/^\d{10}$/.test(body.company_tax_id.replace(/[\s-]/g, '')))
        throw fieldError(['company_tax_id'], 'contractor.nipInvalid');
      return db.transaction(async (tx) => {
        const before = settingsDto(await optimaRepo.settings(tx, companyId));
        await optimaRepo.saveSettings(tx, {
          companyId,
          sourceDatabaseId: body.source_database_id,
          targetDatabaseId: body.target_database_id,
          purchaseRegister: body.purchase_register,
          settlementRegister: body.settlement_register,
          defaultCategoryCode: body.default_category_code,
          paymentForm: body.payment_form,
          companyTaxId: body.company_tax_id?.replace(/[\s-]/g, '') ?? null,
          updatedAt: clock.now(),
        });
        const after = settingsDto(await optimaRepo.settings(tx, companyId));
        await recordAudit(tx, ctx, {
          companyId,
          action: 'optima.settings',
          entityType: 'optimaSettings',
          entityId: companyId,
          before,
          after,
        });
        return { status: 'ok' as const, settings: after };
      });
    },

    /** Optima's export of its dictionaries: a file that is not Optima's offline XML imports nothing. */
    async importDictionaries(ctx: AuthenticatedContext, file: { fileName: string; content: Buffer }) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      let parsed;
      try {
        parsed = parseOptimaDictionaries(file.content);
      } catch (error) {
        if (error instanceof OptimaFileError) throw fieldError(['file'], error.code);
        throw error;
      }
      return db.transaction(async (tx) => {
        const categories = await optimaRepo.upsertCategories(tx, companyId, parsed.categories);
        const contractors = await optimaRepo.upsertContractors(tx, companyId, parsed.contractors);
        const employees = await optimaRepo.upsertEmployees(tx, companyId, parsed.employees);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'optima.import',
          entityType: 'optimaImport',
          entityId: companyId,
          after: { file_name: file.fileName, categories, contractors, employees },
        });
        return { categories, contractors, employees };
      });
    },

    /** The settlement form chooses its category from these; without the module there are none. */
    async categories(ctx: AuthenticatedContext) {
      if (!isModuleEnabled(ctx.actor.settings, 'accounting_export')) return { items: [] };
      const rows = await optimaRepo.categories(db, ctx.actor.companyId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          code: row.code,
          general_code: row.generalCode,
          type: row.type,
          description: row.description,
          is_active: row.isActive,
        })),
      };
    },

    async contractors(ctx: AuthenticatedContext) {
      assertExportArea(ctx);
      const [rows, choices] = await Promise.all([
        optimaRepo.contractors(db, ctx.actor.companyId),
        contractorRepo.options(db, ctx.actor.companyId),
      ]);
      return {
        items: rows.map(({ row, contractorId, contractorName }) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          tax_id: row.taxId,
          city: row.city,
          contractor_id: contractorId,
          contractor_name: contractorName,
        })),
        choices: choices.filter((choice) => choice.isActive).map((choice) => ({ id: choice.id, name: choice.name })),
      };
    },

    async mapContractor(ctx: AuthenticatedContext, body: { id: number; contractor_id: number | null }) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const optimaContractor = await optimaRepo.findContractor(tx, companyId, body.id);
        if (!optimaContractor) throw notFoundError();
        await optimaRepo.clearContractorCode(tx, companyId, optimaContractor.code);
        if (
          body.contractor_id !== null &&
          !(await optimaRepo.setContractorCode(tx, companyId, body.contractor_id, optimaContractor.code))
        )
          throw fieldError(['contractor_id'], 'validation.unknownReference');
        await recordAudit(tx, ctx, {
          companyId,
          action: 'optima.mapContractor',
          entityType: 'optimaContractor',
          entityId: body.id,
          after: { code: optimaContractor.code, contractor_id: body.contractor_id },
        });
      });
      return { status: 'ok' as const };
    },

    async employees(ctx: AuthenticatedContext) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      const [rows, people] = await Promise.all([
        optimaRepo.employees(db, companyId),
        bookingsRepo.activeUsers(db, companyId),
      ]);
      const taken = new Set(rows.map(({ row }) => row.userId).filter((id): id is number => id !== null));
      return {
        items: rows.map(({ row, userName }) => ({
          id: row.id,
          code: row.code,
          name: row.name,
          surname: row.surname,
          user_id: row.userId,
          user_name: row.userId === null ? null : userName,
          suggested_user_id:
            row.userId === null
              ? (people.find(
                  (person) =>
                    !taken.has(person.id) &&
                    normalizeName(`${person.name} ${person.surname}`) ===
                      normalizeName(`${row.name} ${row.surname}`),
                )?.id ?? null)
              : null,
        })),
        users: people.map((person) => ({ id: person.id, full_name: `${person.name} ${person.surname}` })),
      };
    },

    async mapEmployee(ctx: AuthenticatedContext, body: { id: number; user_id: number | null }) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const employee = await optimaRepo.findEmployee(tx, companyId, body.id);
        if (!employee) throw notFoundError();
        if (body.user_id !== null && !(await bookingsRepo.isUserOfCompany(tx, companyId, body.user_id)))
          throw fieldError(['user_id'], 'validation.unknownReference');
        await optimaRepo.mapEmployee(tx, companyId, body.id, body.user_id);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'optima.mapEmployee',
          entityType: 'optimaEmployee',
          entityId: body.id,
          before: { user_id: employee.userId },
          after: { code: employee.code, user_id: body.user_id },
        });
      });
      return { status: 'ok' as const };
    },

    /** The export page's documents of a period, cost centre and status, with when each was last exported. */
    async documents(ctx: AuthenticatedContext, query: DocumentsQuery): Promise<{ items: OptimaDocument[] }> {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      const exportedFilter = (exportedAt: Date | undefined) =>
        query.exported === undefined || (query.exported === 'true') === (exportedAt !== undefined);
      if (query.type === 'invoice') {
        const rows = await optimaRepo.invoicesOfPeriod(db, companyId, {
          from: query.date_from,
          to: query.date_to,
          costCentreId: query.cost_centre_id,
        });
        const [exports, categories] = await Promise.all([
          invoicesRepo.lastExports(
            db,
            companyId,
            'invoice',
            rows.map((row) => row.id),
          ),
          optimaRepo.invoiceCategories(
            db,
            companyId,
            rows.map((row) => row.id),
          ),
        ]);
        return {
          items: rows
            .filter((row) => exportedFilter(exports.get(row.id)))
            .map((row) => ({
              type: 'invoice' as const,
              id: row.id,
              number: row.number,
              date: row.issueDate,
              party: row.sellerName,
              amount: row.grossTotal,
              currency: row.currency,
              category_code: categories.get(row.id) ?? null,
              status: row.source,
              exported_at: exports.get(row.id)?.toISOString() ?? null,
              blocker: null,
            })),
        };
      }
      const dayStart = (day: string) =>
        new Date(localTimeToMillis(day, 0, 0) ?? Date.parse(`${day}T00:00:00Z`));
      const rows = await optimaRepo.settlementsOfPeriod(db, companyId, {
        from: query.date_from ? dayStart(query.date_from) : undefined,
        to: query.date_to ? dayStart(addDaysToLocalDate(query.date_to, 1)) : undefined,
        costCentreId: query.cost_centre_id,
        status: query.status,
      });
      const [exports, codes] = await Promise.all([
        invoicesRepo.lastExports(
          db,
          companyId,
          'delegation',
          rows.map(({ row }) => row.id),
        ),
        optimaRepo.employeeCodes(db, companyId, [...new Set(rows.map(({ row }) => row.userId))]),
      ]);
      return {
        items: rows
          .filter(({ row }) => exportedFilter(exports.get(row.id)))
          .map(({ row, name, surname }) => ({
            type: 'delegation' as const,
            id: row.id,
            number: row.number ?? '',
            date: toLocalDate(row.endDate),
            party: `${name} ${surname}`,
            amount: row.totalPln,
            currency: 'PLN',
            category_code:
              ((row.form as { optima_category_code?: string | null }).optima_category_code ?? null) || null,
            status: row.status,
            exported_at: exports.get(row.id)?.toISOString() ?? null,
            blocker: codes.has(row.userId) ? null : 'optima.employeeNotMapped',
          })),
      };
    },

    async exports(ctx: AuthenticatedContext) {
      assertExportArea(ctx);
      const rows = await optimaRepo.exports(db, ctx.actor.companyId);
      return {
        items: rows.map(({ row, userName }) => ({
          id: row.id,
          file_name: row.fileName,
          invoice_count: row.invoiceCount,
          delegation_count: row.delegationCount,
          created_at: row.createdAt.toISOString(),
          created_by: userName,
        })),
      };
    },

    /**
     * Spec §7 `optima/export-invoices`: the XML file of the chosen invoices (and settlements). Each
     * document's `ID_ZRODLA` is a UUID v5 of the company and the document, so exporting it again
     * gives the same id and Optima recognises it; the export is recorded for the history.
     */
    async exportInvoices(
      ctx: AuthenticatedContext,
      query: { invoice_ids: number[]; delegation_ids?: number[] },
    ) {
      assertExportArea(ctx);
      const companyId = ctx.actor.companyId;
      const invoiceIds = [...new Set(query.invoice_ids)];
      const delegationIds = [...new Set(query.delegation_ids ?? [])];
      if (invoiceIds.length === 0 && delegationIds.length === 0)
        throw fieldError(['invoice_ids'], 'optima.nothingChosen');
      const [invoiceRows, settlementRows, settingsRow] = await Promise.all([
        invoicesRepo.findMany(db, companyId, invoiceIds),
        optimaRepo.settlementsByIds(db, companyId, delegationIds),
        optimaRepo.settings(db, companyId),
      ]);
      if (invoiceRows.length !== invoiceIds.length || settlementRows.length !== delegationIds.length)
        throw notFoundError();
      const settings = settingsDto(settingsRow);
      const issues: Issue[] = [];
      settlementRows.forEach(({ row }) => {
        if (!row.number || !['accepted', 'settled'].includes(row.status))
          issues.push({
            path: ['delegation_ids', delegationIds.indexOf(row.id)],
            code: 'optima.settlementNotAccepted',
            params: { id: row.id },
          });
      });
      const employeeCodes = await optimaRepo.employeeCodes(db, companyId, [
        ...new Set(settlementRows.map(({ row }) => row.userId)),
      ]);
      settlementRows.forEach(({ row, name, surname }) => {
        if (!employeeCodes.has(row.userId))
          issues.push({
            path: ['delegation_ids', delegationIds.indexOf(row.id)],
            code: 'optima.employeeNotMapped',
            params: { name: `${name} ${surname}` },
          });
      });
      if (issues.length > 0) throw new AppError(ErrorCode.validationFailed, { issues });

      const header: OptimaHeader = {
        sourceDatabaseId: settings.source_database_id,
        targetDatabaseId: settings.target_database_id,
      };
      const [sellerCodes, categories] = await Promise.all([
        optimaRepo.contractorCodesByTaxId(
          db,
          companyId,
          invoiceRows.map((row) => row.sellerTaxId).filter((id): id is string => id !== null),
        ),
        optimaRepo.invoiceCategories(db, companyId, invoiceIds),
      ]);
      const sellerKey = (row: InvoiceRow) => row.sellerTaxId ?? normalizeName(row.sellerName);
      const sellerOf = (row: InvoiceRow) => {
        const known = row.sellerTaxId ? sellerCodes.get(row.sellerTaxId) : undefined;
        return {
          code: known?.code ?? akronim(row.sellerTaxId ?? row.sellerName.toUpperCase()),
          guid: known?.externalId ?? stableGuid(`delego:${companyId}:seller:${sellerKey(row)}`),
        };
      };
      const sellers = new Map<string, OptimaFields>();
      for (const row of invoiceRows) {
        const seller = sellerOf(row);
        if (sellers.has(seller.code)) continue;
        sellers.set(seller.code, [
          ['ID_ZRODLA', seller.guid],
          ['AKRONIM', seller.code],
          ['RODZAJ', 'dostawca'],
          ['EKSPORT', row.sellerCountry === 'PL' ? 'krajowy' : 'wewnątrzunijny'],
          ['FINALNY', 'Nie'],
          ['PLATNIK_VAT', 'Tak'],
          ['KRAJ_ISO', row.sellerCountry],
          [
            'ADRESY',
            [
              [
                'ADRES',
                [
                  ['STATUS', 'aktualny'],
                  ['NAZWA1', row.sellerName.slice(0, 50)],
                  ['NAZWA2', row.sellerName.length > 50 ? row.sellerName.slice(50, 100) : null],
                  ['DODATKOWE', row.sellerAddress?.slice(0, 40) ?? null],
                  ['NIP_KRAJ', row.sellerCountry === 'PL' ? null : row.sellerCountry],
                  ['NIP', row.sellerTaxId],
                ],
              ],
            ],
          ],
        ]);
      }
      const inPln = (currency: string) => currency === 'PLN';
      const invoiceEntries = invoiceRows.map((row): OptimaFields => {
        const seller = sellerOf(row);
        const category = categories.get(row.id) ?? settings.default_category_code;
        const received = row.receivedDate ?? row.issueDate;
        return [
          ['ID_ZRODLA', stableGuid(`delego:${companyId}:invoice:${row.id}`)],
          ['MODUL', 'Rejestr Vat'],
          ['TYP', 'Rejestr zakupu'],
          ['REJESTR', settings.purchase_register],
          ['DATA_WYSTAWIENIA', row.issueDate],
          ['DATA_ZAKUPU', row.saleDate ?? row.issueDate],
          ['DATA_WPLYWU', received],
          ['TERMIN', row.dueDate ?? row.issueDate],
          ['NUMER', row.number.slice(0, 30)],
          ['KOREKTA', yesNo(row.invoiceKind === 'KOR')],
          ['WEWNETRZNA', 'Nie'],
          ['FISKALNA', 'Nie'],
          ['DETALICZNA', 'Nie'],
          ['EKSPORT', row.sellerCountry === 'PL' ? 'nie' : 'wewnątrzunijny'],
          ['TYP_PODMIOTU', 'kontrahent'],
          ['PODMIOT', seller.code],
          ['PODMIOT_ID', seller.guid],
          ['PODMIOT_NIP', row.sellerTaxId],
          ['NAZWA1', row.sellerName.slice(0, 50)],
          ['NIP_KRAJ', row.sellerCountry === 'PL' ? null : row.sellerCountry],
          ['NIP', row.sellerTaxId],
          ['KRAJ', row.sellerCountry === 'PL' ? 'Polska' : row.sellerCountry],
          ['KATEGORIA', category],
          ['OPIS', `Faktura ${row.number}`.slice(0, 50)],
          ['FORMA_PLATNOSCI', settings.payment_form],
          ['DEKLARACJA_VAT7', received.slice(0, 7)],
          ['WALUTA', inPln(row.currency) ? null : row.currency],
          ['KURS_WALUTY', 'NBP'],
          ['NOTOWANIE_WALUTY_ILE', '1'],
          ['NOTOWANIE_WALUTY_ZA_ILE', '1'],
          ['DATA_KURSU', inPln(row.currency) ? row.issueDate : addDaysToLocalDate(row.issueDate, -1)],
          ['NR_KSEF', row.ksefNumber],
          [
            'POZYCJE',
            row.vatLines.map((line, index): [string, OptimaFields] => [
              'POZYCJA',
              positionOf(line, index, category, inPln(row.currency)),
            ]),
          ],
          [
            'PLATNOSCI',
            [
              [
                'PLATNOSC',
                [
                  ['ID_ZRODLA_PLAT', stableGuid(`delego:${companyId}:invoice-payment:${row.id}`)],
                  ['TERMIN_PLAT', row.dueDate ?? row.issueDate],
                  ['FORMA_PLATNOSCI_PLAT', settings.payment_form],
                  ['KWOTA_PLAT', row.grossTotal],
                  ['WALUTA_PLAT', inPln(row.currency) ? null : row.currency],
                  ['KURS_WALUTY_PLAT', 'NBP'],
                  ['KWOTA_PLN_PLAT', inPln(row.currency) ? row.grossTotal : null],
                  ['KIERUNEK', 'rozchód'],
                  ['PODLEGA_ROZLICZENIU', 'tak'],
                ],
              ],
            ],
          ],
        ];
      });
      const settlementEntries = settlementRows.map(({ row, name, surname }): OptimaFields => {
        const employee = employeeCodes.get(row.userId)!;
        const form = row.form as { optima_category_code?: string | null; destinationText?: string | null };
        const category = form.optima_category_code || settings.default_category_code;
        const day = toLocalDate(row.settledAt ?? row.acceptedAt ?? row.endDate);
        const balance = dec(row.balancePln);
        return [
          ['ID_ZRODLA', stableGuid(`delego:${companyId}:delegation:${row.id}`)],
          ['MODUL', 'Rejestr Vat'],
          ['TYP', 'Rejestr zakupu'],
          ['REJESTR', settings.settlement_register],
          ['DATA_WYSTAWIENIA', day],
          ['DATA_ZAKUPU', toLocalDate(row.endDate)],
          ['DATA_WPLYWU', day],
          ['TERMIN', day],
          ['NUMER', row.number!.slice(0, 30)],
          ['KOREKTA', 'Nie'],
          ['WEWNETRZNA', 'Tak'],
          ['TYP_PODMIOTU', 'pracownik'],
          ['PODMIOT', employee.code],
          ['PODMIOT_ID', employee.externalId],
          ['NAZWA1', `${name} ${surname}`.slice(0, 50)],
          ['KATEGORIA', category],
          ['OPIS', `Delegacja ${row.destinationText ?? form.destinationText ?? ''}`.trim().slice(0, 50)],
          ['FORMA_PLATNOSCI', settings.payment_form],
          ['DEKLARACJA_VAT7', day.slice(0, 7)],
          [
            'POZYCJE',
            [
              [
                'POZYCJA',
                [
                  ['LP', 1],
                  ['KATEGORIA_POS', category],
                  ['STAWKA_VAT', '0'],
                  ['STATUS_VAT', 'nie podlega'],
                  ['NETTO', row.totalPln],
                  ['VAT', '0.00'],
                  ['NETTO_SYS', row.totalPln],
                  ['VAT_SYS', '0.00'],
                  ['RODZAJ_ZAKUPU', 'usługi'],
                  ['ODLICZENIA_VAT', 'nie'],
                ],
              ],
            ],
          ],
          [
            'PLATNOSCI',
            [
              [
                'PLATNOSC',
                [
                  ['ID_ZRODLA_PLAT', stableGuid(`delego:${companyId}:delegation-payment:${row.id}`)],
                  ['TERMIN_PLAT', day],
                  ['FORMA_PLATNOSCI_PLAT', settings.payment_form],
                  // What is due to the employee; a negative balance is what the employee returns.
                  ['KWOTA_PLAT', balance.abs().toFixed(2)],
                  ['KWOTA_PLN_PLAT', balance.abs().toFixed(2)],
                  ['KIERUNEK', balance.isNegative() ? 'przychód' : 'rozchód'],
                  ['PODLEGA_ROZLICZENIU', 'tak'],
                ],
              ],
            ],
          ],
        ];
      });
      const xml = buildOptimaXml([
        ...(sellers.size > 0 ? [section('KONTRAHENCI', 'KONTRAHENT', header, [...sellers.values()])] : []),
        section('REJESTRY_ZAKUPU_VAT', 'REJESTR_ZAKUPU_VAT', header, [
          ...invoiceEntries,
          ...settlementEntries,
        ]),
      ]);
      const now = clock.now();
      const fileName = `optima-${toLocalDate(now)}-${String(now.getTime()).slice(-6)}.xml`;
      await db.transaction(async (tx) => {
        const exportId = await optimaRepo.recordExport(
          tx,
          {
            companyId,
            fileName,
            invoiceCount: invoiceRows.length,
            delegationCount: settlementRows.length,
            createdById: ctx.actor.userId,
            createdAt: now,
          },
          [
            ...invoiceRows.map((row) => ({ documentType: 'invoice' as const, documentId: row.id })),
            ...settlementRows.map(({ row }) => ({ documentType: 'delegation' as const, documentId: row.id })),
          ],
        );
        await recordAudit(tx, ctx, {
          companyId,
          action: 'optima.export',
          entityType: 'optimaExport',
          entityId: exportId,
          after: { file_name: fileName, invoice_ids: invoiceIds, delegation_ids: delegationIds },
        });
      });
      return { fileName, contentType: 'application/xml; charset=utf-8', content: Buffer.from(xml, 'utf8') };
    },
  };
}

export type OptimaService = ReturnType<typeof createOptimaService>;
