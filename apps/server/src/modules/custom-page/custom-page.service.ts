import type { z } from 'zod';
import { TRIP_POLICY_ALIAS, sanitizeRichText } from '@delego/domain';
import type { CustomPageDto, CustomPageSummary, customPageBodySchema, tripPolicyBodySchema } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import { refuseUniqueViolation } from '../../db/pg-errors.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { customPageRepo, type CustomPageRow } from './custom-page.repo.ts';

type PageBody = z.output<typeof customPageBodySchema>;
type TripPolicyBody = z.output<typeof tripPolicyBodySchema>;

function toSummary(row: CustomPageRow): CustomPageSummary {
  return {
    id: row.id,
    alias: row.alias,
    kind: row.kind === 'tripPolicy' ? 'tripPolicy' : 'custom',
    title_pl: row.titlePl,
    title_en: row.titleEn,
    show_in_menu: row.showInMenu,
    sort_order: row.sortOrder,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toPageDto(row: CustomPageRow): CustomPageDto {
  return { ...toSummary(row), content_pl: row.contentPl, content_en: row.contentEn };
}

/** For the audit trail: the content itself can be long, so only its length is recorded beside the rest. */
function auditView(row: CustomPageRow) {
  const { content_pl: contentPl, content_en: contentEn, ...rest } = toPageDto(row);
  return { ...rest, content_pl_length: contentPl.length, content_en_length: contentEn.length };
}

const aliasTaken = () => fieldError(['alias'], 'customPage.aliasTaken');

/**
 * The trip policy and the custom pages of the delegation info (spec §2), in both languages.
 * Content is stored only after the allow-list sanitiser, so every reader gets safe HTML.
 */
export function createCustomPageService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(ctx: AuthenticatedContext, query: { page: number; page_size: number; sort: 'sort_order' | 'title' | 'alias' | 'updated_at'; order: 'asc' | 'desc'; search?: string }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await customPageRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return { items: items.map(toSummary), total };
    },

    async edit(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const row = await customPageRepo.findById(db, ctx.actor.companyId, id);
      if (!row || row.kind !== 'custom') throw notFoundError();
      return { page: toPageDto(row) };
    },

    async save(ctx: AuthenticatedContext, body: PageBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return refuseUniqueViolation(
        () => db.transaction(async (tx) => {
          const existing = body.id === undefined ? null : await customPageRepo.findById(tx, companyId, body.id);
          if (body.id !== undefined && (!existing || existing.kind !== 'custom')) throw notFoundError();
          if (await customPageRepo.isAliasTaken(tx, companyId, body.alias, body.id)) throw aliasTaken();
          const values = {
            alias: body.alias,
            kind: 'custom',
            titlePl: body.title_pl,
            titleEn: body.title_en,
            contentPl: sanitizeRichText(body.content_pl),
            contentEn: sanitizeRichText(body.content_en),
            showInMenu: body.show_in_menu,
            sortOrder: body.sort_order,
          };
          const saved = existing ? await customPageRepo.update(tx, companyId, existing.id, values) : await customPageRepo.insert(tx, companyId, values);
          await recordSaveAudit(tx, ctx, {
            companyId,
            entityType: 'customPage',
            entityId: saved.id,
            before: existing ? auditView(existing) : null,
            after: auditView(saved),
          });
          return { status: 'ok' as const, page: toPageDto(saved) };
        }),
        // Two pages saved with one alias at once: the unique index decides, with the same answer.
        aliasTaken,
      );
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await customPageRepo.findById(tx, companyId, id);
        if (!existing || existing.kind !== 'custom') throw notFoundError();
        await customPageRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'customPage.delete', entityType: 'customPage', entityId: id, before: auditView(existing) });
      });
      return { status: 'ok' as const };
    },

    async tripPolicy(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const row = await customPageRepo.findTripPolicy(db, ctx.actor.companyId);
      return { page: row ? toPageDto(row) : null };
    },

    async saveTripPolicy(ctx: AuthenticatedContext, body: TripPolicyBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = await customPageRepo.findTripPolicy(tx, companyId, { lock: true });
        const values = {
          titlePl: body.title_pl,
          titleEn: body.title_en,
          contentPl: sanitizeRichText(body.content_pl),
          contentEn: sanitizeRichText(body.content_en),
          showInMenu: body.show_in_menu,
        };
        const saved = existing
          ? await customPageRepo.update(tx, companyId, existing.id, values)
          : await customPageRepo.insert(tx, companyId, { ...values, alias: TRIP_POLICY_ALIAS, kind: 'tripPolicy', sortOrder: 0 });
        await recordAudit(tx, ctx, {
          companyId,
          action: existing ? 'tripPolicy.update' : 'tripPolicy.create',
          entityType: 'customPage',
          entityId: saved.id,
          before: existing ? auditView(existing) : null,
          after: auditView(saved),
        });
        return { status: 'ok' as const, page: toPageDto(saved) };
      });
    },

    /** The delegation-info index: the trip policy and the pages marked for the menu, for every employee. */
    async menuPages(ctx: AuthenticatedContext) {
      const rows = await customPageRepo.menuPages(db, ctx.actor.companyId);
      return { items: rows.map((row) => ({ alias: row.alias, kind: toSummary(row).kind, title_pl: row.titlePl, title_en: row.titleEn })) };
    },

    async pageByAlias(ctx: AuthenticatedContext, alias: string) {
      const row = await customPageRepo.findByAlias(db, ctx.actor.companyId, alias);
      if (!row) throw notFoundError();
      const page = toPageDto(row);
      return {
        page: { alias: page.alias, kind: page.kind, title_pl: page.title_pl, title_en: page.title_en, content_pl: page.content_pl, content_en: page.content_en, updated_at: page.updated_at },
      };
    },
  };
}

export type CustomPageService = ReturnType<typeof createCustomPageService>;
