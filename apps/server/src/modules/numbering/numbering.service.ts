import {
  AppError,
  ErrorCode,
  formatDocumentNumber,
  numberPeriodKey,
  numberScopeKey,
  OrderNumberMissingError,
  sequenceOfNumber,
  usesCounter,
  validateNumberTemplate,
  type Issue,
  type NumberingDocumentType,
} from '@delego/domain';
import type { BodyOf, numberingApi } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, conflictError, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { numberingRepo, type NumberTemplateRow, type NumberTemplateSort } from './numbering.repo.ts';


function toTemplateDto(row: NumberTemplateRow) {
  return {
    id: row.id,
    document_type: row.documentType,
    reset_type: row.resetType,
    mask: row.mask,
    description: row.description,
    is_active: row.isActive,
    issued_count: row.issuedCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What a document is numbered for. */
export interface AssignNumberInput {
  /** The document's base date, `YYYY-MM-DD` (Warsaw), chosen by the company's `numbering_base_date` setting. */
  date: string;
  /** A foreign trip: `[KZ]` prints "Z" and national-separated templates count it apart from domestic ones. */
  isForeign: boolean;
  /** The rendered number of the linked trip order, for masks with `[ORDER]`. */
  orderNumber?: string | null;
}

/** A number given to a document, with what identifies its counter (to check numbering continuity later). */
export interface AssignedNumber {
  number: string;
  templateId: number;
  periodKey: string;
  scopeKey: string;
  /** The counter value used; 0 for a mask that only copies the order's number. */
  sequence: number;
}

/**
 * Gives a document its permanent number, inside the caller's transaction (spec §4 "Numbering").
 *
 * The template is the company's active one for `documentType`, or else its active `generalDocument`
 * template. The counter row of the template, period and scope is created or incremented with an
 * upsert that keeps the row locked until `tx` ends, so concurrent submissions wait for each other:
 * numbers are unique and gap-free per company, template, period and scope, and a transaction that
 * rolls back gives its number back.
 *
 * Throws `VALIDATION_FAILED` with the issue `numbering.templateMissing` (no template) or
 * `numbering.orderNumberMissing` (the mask copies the order's number and there is none), at path `number`.
 */
export async function assignNumber(tx: Executor, companyId: number, documentType: NumberingDocumentType, input: AssignNumberInput): Promise<AssignedNumber> {
  const template = (await numberingRepo.findActive(tx, companyId, documentType)) ?? (await numberingRepo.findActive(tx, companyId, 'generalDocument'));
  if (!template) {
    throw fieldError(['number'], 'numbering.templateMissing', { document_type: documentType });
  }
  const templateKey = { reset_type: template.resetType, mask: template.mask };
  const periodKey = numberPeriodKey(templateKey, input.date);
  const scopeKey = numberScopeKey(templateKey, input.isForeign);
  const context = { date: input.date, isForeign: input.isForeign, orderNumber: input.orderNumber ?? null };
  if (!usesCounter(template.mask) && !context.orderNumber) {
    throw fieldError(['number'], 'numbering.orderNumberMissing');
  }
  const sequence = usesCounter(template.mask) ? await numberingRepo.nextValue(tx, { companyId, templateId: template.id, periodKey, scopeKey }) : 0;
  try {
    return { number: formatDocumentNumber(template.mask, context, sequence), templateId: template.id, periodKey, scopeKey, sequence };
  } catch (error) {
    if (error instanceof OrderNumberMissingError) {
      throw new AppError(ErrorCode.validationFailed, { issues: [{ path: ['number'], code: 'numbering.orderNumberMissing' }], cause: error });
    }
    throw error;
  }
}

/**
 * Where a number typed by hand stands in the counter's sequence for a document of `input`: its
 * counter value and the value the counter gives next. Null when the company has no template for the
 * document or the number does not follow the template's mask there (a free-form number).
 */
export async function placeInSequence(
  executor: Executor,
  companyId: number,
  documentType: NumberingDocumentType,
  input: AssignNumberInput,
  number: string,
): Promise<{ sequence: number; next: number } | null> {
  const template = (await numberingRepo.findActive(executor, companyId, documentType)) ?? (await numberingRepo.findActive(executor, companyId, 'generalDocument'));
  if (!template) return null;
  const sequence = sequenceOfNumber(template.mask, { date: input.date, isForeign: input.isForeign, orderNumber: input.orderNumber ?? null }, number);
  if (sequence === null) return null;
  const templateKey = { reset_type: template.resetType, mask: template.mask };
  const key = { companyId, templateId: template.id, periodKey: numberPeriodKey(templateKey, input.date), scopeKey: numberScopeKey(templateKey, input.isForeign) };
  return { sequence, next: (await numberingRepo.lastValue(executor, key)) + 1 };
}

export function createNumberingService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(
      ctx: AuthenticatedContext,
      query: { page: number; page_size: number; sort: NumberTemplateSort; order: 'asc' | 'desc'; search?: string; document_type?: NumberingDocumentType },
    ) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await numberingRepo.page(
        db,
        ctx.actor.companyId,
        { search: query.search, documentType: query.document_type, sort: query.sort, order: query.order },
        pageWindow(query),
      );
      return { items: items.map(toTemplateDto), total };
    },

    async edit(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const template = await numberingRepo.find(db, ctx.actor.companyId, id);
      if (!template) throw notFoundError();
      return { template: toTemplateDto(template), counters: await numberingRepo.counters(db, ctx.actor.companyId, id) };
    },

    /**
     * Saves a template after the mask rules (spec §5). At most one template per document type is
     * active; once a template has given numbers its type, reset type and mask are fixed (changing them
     * would repeat or break numbers already given), only its description and activity change.
     */
    async save(ctx: AuthenticatedContext, body: BodyOf<typeof numberingApi.save>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const values = { documentType: body.document_type, resetType: body.reset_type, mask: body.mask.trim(), description: body.description.trim(), isActive: body.is_active };
      const issues = validateNumberTemplate({ ...body, mask: values.mask, description: values.description });
      assertNoIssues(issues);
      return db.transaction(async (tx) => {
        await numberingRepo.lockCompanyTemplates(tx, companyId);
        const existing = body.id === undefined ? null : await numberingRepo.find(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        const problems: Issue[] = [];
        if (existing && existing.issuedCount > 0) {
          if (existing.documentType !== values.documentType) problems.push({ path: ['document_type'], code: 'numbering.templateInUse', params: { issued: existing.issuedCount } });
          if (existing.resetType !== values.resetType) problems.push({ path: ['reset_type'], code: 'numbering.templateInUse', params: { issued: existing.issuedCount } });
          if (existing.mask !== values.mask) problems.push({ path: ['mask'], code: 'numbering.templateInUse', params: { issued: existing.issuedCount } });
        }
        if (values.isActive && (await numberingRepo.otherActive(tx, companyId, values.documentType, existing?.id)) !== null) {
          problems.push({ path: ['document_type'], code: 'numbering.activeTemplateExists' });
        }
        assertNoIssues(problems);
        const id = existing ? existing.id : await numberingRepo.insert(tx, companyId, values);
        if (existing) await numberingRepo.update(tx, companyId, id, values);
        const saved = toTemplateDto((await numberingRepo.find(tx, companyId, id))!);
        const audited = (dto: ReturnType<typeof toTemplateDto>) => ({ document_type: dto.document_type, reset_type: dto.reset_type, mask: dto.mask, description: dto.description, is_active: dto.is_active });
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'numberTemplate',
          entityId: id,
          before: existing ? audited(toTemplateDto(existing)) : null,
          after: audited(saved),
        });
        return { status: 'ok' as const, template: saved };
      });
    },

    /** Deletes a template that has not given a number yet; a used one can only be deactivated. */
    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        await numberingRepo.lockCompanyTemplates(tx, companyId);
        const existing = await numberingRepo.find(tx, companyId, id);
        if (!existing) throw notFoundError();
        if (existing.issuedCount > 0) {
          throw conflictError(['id'], 'numbering.templateInUse', { issued: existing.issuedCount });
        }
        await numberingRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'numberTemplate.delete', entityType: 'numberTemplate', entityId: id, before: toTemplateDto(existing) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type NumberingService = ReturnType<typeof createNumberingService>;
