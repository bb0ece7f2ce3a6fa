import type { z } from 'zod';
import { organizationUnitDeleteIssues, organizationUnitParentIssues, type OrganizationUnitFacts } from '@delego/domain';
import type { OrganizationUnitDto, OrganizationUnitUserDto, organizationUnitBodySchema } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { organizationUnitRepo, type OrganizationUnitWithCounts } from './organization-unit.repo.ts';

type UnitBody = z.output<typeof organizationUnitBodySchema>;

function toUnitDto(unit: OrganizationUnitWithCounts): OrganizationUnitDto {
  return {
    id: unit.row.id,
    name: unit.row.name,
    parent_id: unit.row.parentId,
    is_main: unit.row.isMain,
    user_count: unit.userCount,
    child_count: unit.childCount,
  };
}

const facts = (unit: OrganizationUnitDto): OrganizationUnitFacts => unit;

/**
 * Organisation structure (spec §5): a tree under the company's main unit. Changes to the tree
 * lock the company's units, so two moves at once cannot build a cycle together.
 */
export function createOrganizationUnitService(deps: { db: Database }) {
  const { db } = deps;

  /** The company's main unit, named after the company, when it has none yet. */
  async function ensureMainUnit(tx: Executor, ctx: AuthenticatedContext): Promise<void> {
    const companyId = ctx.actor.companyId;
    if (await organizationUnitRepo.hasMainUnit(tx, companyId)) return;
    const created = await organizationUnitRepo.createMainUnit(tx, companyId, ctx.actor.companyName);
    if (created) {
      await recordAudit(tx, ctx, { companyId, action: 'organizationUnit.createMain', entityType: 'organizationUnit', entityId: created.id, after: { name: created.name } });
    }
  }

  async function loadUnits(tx: Executor, companyId: number, lock: boolean): Promise<OrganizationUnitDto[]> {
    return (await organizationUnitRepo.listUnits(tx, companyId, { lock })).map(toUnitDto);
  }

  return {
    async tree(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      if (!(await organizationUnitRepo.hasMainUnit(db, companyId))) await db.transaction((tx) => ensureMainUnit(tx, ctx));
      return { units: await loadUnits(db, companyId, false) };
    },

    async save(ctx: AuthenticatedContext, body: UnitBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        await ensureMainUnit(tx, ctx);
        const units = await loadUnits(tx, companyId, true);
        const existing = body.id === undefined ? null : (units.find((unit) => unit.id === body.id) ?? null);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (body.parent_id !== null && !units.some((unit) => unit.id === body.parent_id)) throw notFoundError();
        assertNoIssues(organizationUnitParentIssues(units.map(facts), existing, body.parent_id));
        const siblingNamed = units.some(
          (unit) => unit.parent_id === body.parent_id && unit.id !== body.id && unit.name.toLocaleLowerCase('pl') === body.name.toLocaleLowerCase('pl'),
        );
        if (siblingNamed) throw fieldError(['name'], 'organizationUnit.nameTaken');

        let id: number;
        if (existing) {
          id = existing.id;
          await organizationUnitRepo.updateUnit(tx, companyId, id, { name: body.name, parentId: body.parent_id });
        } else {
          id = await organizationUnitRepo.insertUnit(tx, companyId, { name: body.name, parentId: body.parent_id! });
        }
        const saved = (await loadUnits(tx, companyId, false)).find((unit) => unit.id === id)!;
        const moved = existing !== null && existing.parent_id !== saved.parent_id;
        await recordAudit(tx, ctx, {
          companyId,
          action: existing ? (moved ? 'organizationUnit.move' : 'organizationUnit.update') : 'organizationUnit.create',
          entityType: 'organizationUnit',
          entityId: id,
          before: existing,
          after: saved,
        });
        return { status: 'ok' as const, unit: saved };
      });
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const units = await loadUnits(tx, companyId, true);
        const existing = units.find((unit) => unit.id === id);
        if (!existing) throw notFoundError();
        assertNoIssues(organizationUnitDeleteIssues(existing));
        await organizationUnitRepo.deleteUnit(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'organizationUnit.delete', entityType: 'organizationUnit', entityId: id, before: existing });
      });
      return { status: 'ok' as const };
    },

    async userList(ctx: AuthenticatedContext, query: { page: number; page_size: number; sort: 'surname' | 'login' | 'unit'; order: 'asc' | 'desc'; search?: string; unit?: number | 'none' }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await organizationUnitRepo.userList(db, ctx.actor.companyId, query, pageWindow(query));
      return {
        items: items.map(
          ({ user, unitName }): OrganizationUnitUserDto => ({
            user_id: user.id,
            name: user.name,
            surname: user.surname,
            login: user.login,
            email: user.email,
            is_active: user.isActive,
            organization_unit_id: unitName === null ? null : user.organizationUnitId,
            organization_unit_name: unitName,
          }),
        ),
        total,
      };
    },

    async assignUsers(ctx: AuthenticatedContext, body: { organization_unit_id: number | null; user_ids: number[] }) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const ids = [...new Set(body.user_ids)];
      return db.transaction(async (tx) => {
        // Locking the unit keeps a delete of it from running between the check and the update.
        if (body.organization_unit_id !== null && !(await organizationUnitRepo.findUnit(tx, companyId, body.organization_unit_id, { lock: true }))) {
          throw notFoundError();
        }
        const before = await organizationUnitRepo.unitsOfUsers(tx, companyId, ids);
        if (before.length !== ids.length) throw notFoundError();
        const updated = await organizationUnitRepo.assignUsers(tx, companyId, body.organization_unit_id, ids);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'organizationUnit.assignUsers',
          entityType: 'organizationUnit',
          entityId: body.organization_unit_id,
          before: before.map((user) => ({ user_id: user.id, organization_unit_id: user.unitId })),
          after: { organization_unit_id: body.organization_unit_id, user_ids: ids },
        });
        return { status: 'ok' as const, updated };
      });
    },
  };
}

export type OrganizationUnitService = ReturnType<typeof createOrganizationUnitService>;
