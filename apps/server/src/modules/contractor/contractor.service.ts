import type { z } from 'zod';
import type { ContractorDto, ProjectDto, contractorBodySchema, projectBodySchema } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { documentUsageRepo } from '../document-usage/document-usage.repo.ts';
import { assertNotInDocuments } from '../document-usage/document-usage.rules.ts';
import { contractorRepo, type ActiveFilter, type ContractorWithCount } from './contractor.repo.ts';
import { projectRepo, type ProjectRow } from './project.repo.ts';

type ContractorBody = z.output<typeof contractorBodySchema>;
type ProjectBody = z.output<typeof projectBodySchema>;
interface ListQuery<TSort extends string> {
  page: number;
  page_size: number;
  sort: TSort;
  order: 'asc' | 'desc';
  search?: string;
  active?: ActiveFilter;
}

function toContractorDto({ row, projectCount }: ContractorWithCount): ContractorDto {
  return {
    id: row.id,
    name: row.name,
    tax_id: row.taxId,
    street: row.street,
    postal_code: row.postalCode,
    city: row.city,
    country_code: row.countryCode,
    email: row.email,
    phone: row.phone,
    accounting_code: row.accountingCode,
    is_active: row.isActive,
    project_count: projectCount,
  };
}

function toProjectDto(row: ProjectRow, contractorName: string | null, delegationCount: number): ProjectDto {
  return {
    id: row.id,
    contractor_id: row.contractorId,
    contractor_name: contractorName,
    name: row.name,
    order_number: row.orderNumber,
    is_active: row.isActive,
    delegation_count: delegationCount,
  };
}

/** External companies (contractors) and the projects run for them. */
export function createContractorService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async list(ctx: AuthenticatedContext, query: ListQuery<'name' | 'tax_id' | 'city' | 'country_code' | 'is_active'>) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await contractorRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return { items: items.map(toContractorDto), total };
    },

    async options(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const rows = await contractorRepo.options(db, ctx.actor.companyId);
      return { items: rows.map((row) => ({ id: row.id, name: row.name, is_active: row.isActive })) };
    },

    async save(ctx: AuthenticatedContext, body: ContractorBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await contractorRepo.findById(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (await contractorRepo.isNameTaken(tx, companyId, body.name, body.id)) throw fieldError(['name'], 'contractor.nameTaken');
        const values = {
          name: body.name,
          taxId: body.tax_id,
          street: body.street,
          postalCode: body.postal_code,
          city: body.city,
          countryCode: body.country_code,
          email: body.email,
          phone: body.phone,
          accountingCode: body.accounting_code,
          isActive: body.is_active,
        };
        const id = existing ? existing.row.id : await contractorRepo.insert(tx, companyId, values);
        if (existing) await contractorRepo.update(tx, companyId, id, values);
        const saved = toContractorDto((await contractorRepo.findById(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'contractor',
          entityId: id,
          before: existing ? toContractorDto(existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, contractor: saved };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await contractorRepo.findById(tx, companyId, id, { lock: true });
        if (!existing) throw notFoundError();
        // A contractor with projects or trips stays for their history; the screen offers disabling it instead.
        if (existing.projectCount > 0) throw fieldError(['id'], 'contractor.hasProjects', { count: existing.projectCount });
        await assertNotInDocuments(tx, companyId, 'externalCustomerId', id, 'contractor.inUse');
        await contractorRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'contractor.delete', entityType: 'contractor', entityId: id, before: toContractorDto(existing) });
      });
      return { status: 'ok' as const };
    },

    async projectList(ctx: AuthenticatedContext, query: ListQuery<'name' | 'contractor_name' | 'order_number' | 'is_active'> & { contractor_id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const { items, total } = await projectRepo.list(db, companyId, { ...query, contractorId: query.contractor_id }, pageWindow(query));
      const counts = await documentUsageRepo.settlementsPerProject(db, companyId, items.map((item) => item.row.id));
      return { items: items.map((item) => toProjectDto(item.row, item.contractorName, counts.get(item.row.id) ?? 0)), total };
    },

    async projectSave(ctx: AuthenticatedContext, body: ProjectBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = body.id === undefined ? null : await projectRepo.findById(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (body.contractor_id !== null && !(await contractorRepo.findById(tx, companyId, body.contractor_id, { lock: true }))) throw notFoundError();
        if (await projectRepo.isNameTaken(tx, companyId, body.contractor_id, body.name, body.id)) throw fieldError(['name'], 'project.nameTaken');
        const values = { contractorId: body.contractor_id, name: body.name, orderNumber: body.order_number, isActive: body.is_active };
        const id = existing ? existing.row.id : await projectRepo.insert(tx, companyId, values);
        if (existing) await projectRepo.update(tx, companyId, id, values);
        const found = (await projectRepo.findById(tx, companyId, id))!;
        const counts = await documentUsageRepo.settlementsPerProject(tx, companyId, [id]);
        const saved = toProjectDto(found.row, found.contractorName, counts.get(id) ?? 0);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'project',
          entityId: id,
          before: existing ? toProjectDto(existing.row, existing.contractorName, saved.delegation_count) : null,
          after: saved,
        });
        return { status: 'ok' as const, project: saved };
      });
    },

    async projectDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await projectRepo.findById(tx, companyId, id);
        if (!existing) throw notFoundError();
        // Orders and settlements keep their project; a project in use can be made inactive instead.
        await assertNotInDocuments(tx, companyId, 'projectId', id, 'project.inUse');
        await projectRepo.delete(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'project.delete', entityType: 'project', entityId: id, before: toProjectDto(existing.row, existing.contractorName, 0) });
      });
      return { status: 'ok' as const };
    },
  };
}

export type ContractorService = ReturnType<typeof createContractorService>;
