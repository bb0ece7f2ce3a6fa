import type { z } from 'zod';
import type { TaskCommentRequirement } from '@delego/domain';
import type { DelegationTaskDto, delegationTaskBodySchema } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { assertNotInDocuments } from '../document-usage/document-usage.rules.ts';
import { delegationTaskRepo, type DelegationTaskRow } from './delegation-task.repo.ts';

type TaskBody = z.output<typeof delegationTaskBodySchema>;

function toTaskDto(row: DelegationTaskRow): DelegationTaskDto {
  return {
    id: row.id,
    name_pl: row.namePl,
    name_en: row.nameEn,
    comment_requirement: row.commentRequirement as TaskCommentRequirement,
    enabled_for_new: row.enabledForNew,
  };
}

/** Trip reasons ("tasks", spec §3): the admin list and the enabled ones every employee reads. */
export function createDelegationTaskService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(ctx: AuthenticatedContext, query: { page: number; page_size: number; sort: 'name_pl' | 'name_en' | 'comment_requirement' | 'enabled_for_new'; order: 'asc' | 'desc'; search?: string }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await delegationTaskRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return { items: items.map(toTaskDto), total };
    },

    async available(ctx: AuthenticatedContext) {
      const rows = await delegationTaskRepo.enabled(db, ctx.actor.companyId);
      return { items: rows.map((row) => ({ id: row.id, name_pl: row.namePl, name_en: row.nameEn, comment_requirement: row.commentRequirement as TaskCommentRequirement })) };
    },

    async save(ctx: AuthenticatedContext, body: TaskBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await delegationTaskRepo.findById(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        const issues = [];
        if (await delegationTaskRepo.isNameTaken(tx, companyId, 'namePl', body.name_pl, body.id)) issues.push({ path: ['name_pl'], code: 'delegationTask.nameTaken' });
        if (await delegationTaskRepo.isNameTaken(tx, companyId, 'nameEn', body.name_en, body.id)) issues.push({ path: ['name_en'], code: 'delegationTask.nameTaken' });
        assertNoIssues(issues);
        const values = { namePl: body.name_pl, nameEn: body.name_en, commentRequirement: body.comment_requirement, enabledForNew: body.enabled_for_new };
        const saved = existing ? await delegationTaskRepo.update(tx, companyId, existing.id, values) : await delegationTaskRepo.insert(tx, companyId, values);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'delegationTask',
          entityId: saved.id,
          before: existing ? toTaskDto(existing) : null,
          after: toTaskDto(saved),
        });
        return { status: 'ok' as const, task: toTaskDto(saved) };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await delegationTaskRepo.findById(tx, companyId, id);
        if (!existing) throw notFoundError();
        // Documents that name the reason keep it: it can only be disabled for new documents.
        await assertNotInDocuments(tx, companyId, 'taskId', id, 'delegationTask.inUse');
        await delegationTaskRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'delegationTask.delete', entityType: 'delegationTask', entityId: id, before: toTaskDto(existing) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type DelegationTaskService = ReturnType<typeof createDelegationTaskService>;
