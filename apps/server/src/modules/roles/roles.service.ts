import {
  isGrantablePermission,
  isPermission,
  PERMISSIONS,
  roleParentHasLoop,
  toLocalDate,
  type Issue,
  type Permission,
} from '@delego/domain';
import type { PermissionTransfer, PermissionTransferSaveBody, RoleDetail, RoleSaveBody } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { pageWindow } from '../../http/paging.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { rolesRepo, type RoleListFilter, type RoleRow, type TransferListFilter } from './roles.repo.ts';


type Page = { page: number; page_size: number };
type TransferRecord = NonNullable<Awaited<ReturnType<typeof rolesRepo.findTransfer>>>;
/** 'company': the administrator's deputy-auth screen; 'own': a user handing over what they hold themselves. */
type TransferScope = 'company' | 'own';

function transferState(dateFrom: string, dateTo: string, today: string): PermissionTransfer['state'] {
  if (dateFrom > today) return 'upcoming';
  if (dateTo < today) return 'past';
  return 'current';
}

function toTransfer(record: TransferRecord, today: string): PermissionTransfer {
  const { transfer, fromUser, toUser, role } = record;
  const dateFrom = transfer.dateFrom ?? '0001-01-01';
  const dateTo = transfer.dateTo ?? '9999-12-31';
  const person = (user: typeof fromUser) => ({ id: user.id, name: user.name, surname: user.surname, login: user.login });
  return {
    id: transfer.id,
    from_user: person(fromUser),
    to_user: person(toUser),
    permission_name: transfer.permissionName !== null && isPermission(transfer.permissionName) ? transfer.permissionName : null,
    role: role ? { id: role.id, name: role.name } : null,
    date_from: transfer.dateFrom ?? '',
    date_to: transfer.dateTo ?? '',
    comment: transfer.comment,
    state: transferState(dateFrom, dateTo, today),
  };
}

/**
 * The permissions a role gets from its parent chain. A blocked parent grants nothing and
 * ends the chain, as in the session's permission map.
 */
function inheritedRoleIds(role: Pick<RoleRow, 'parentRoleId'>, all: readonly RoleRow[]): number[] {
  const byId = new Map(all.map((row) => [row.id, row]));
  const ids: number[] = [];
  const seen = new Set<number>();
  for (let current = role.parentRoleId === null ? undefined : byId.get(role.parentRoleId); current && !current.isBlocked && !seen.has(current.id); ) {
    seen.add(current.id);
    ids.push(current.id);
    current = current.parentRoleId === null ? undefined : byId.get(current.parentRoleId);
  }
  return ids;
}

export function createRolesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = () => toLocalDate(clock.now());

  async function detailOf(tx: Executor, row: RoleRow): Promise<RoleDetail> {
    const all = await rolesRepo.all(tx, row.companyId);
    const parents = inheritedRoleIds(row, all);
    const [own, inherited, members] = await Promise.all([
      rolesRepo.permissionsOf(tx, [row.id]),
      rolesRepo.permissionsOf(tx, parents),
      rolesRepo.memberCount(tx, row.id),
    ]);
    const ownNames = own.map((entry) => entry.name).filter(isPermission);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      parent_role_id: row.parentRoleId,
      is_default: row.isDefault,
      is_blocked: row.isBlocked,
      permissions: ownNames,
      inherited_permissions: [...new Set(inherited.map((entry) => entry.name).filter(isPermission))].filter((name) => !ownNames.includes(name)).sort(),
      member_count: members,
    };
  }

  const auditCopy = (detail: RoleDetail) => ({
    name: detail.name,
    description: detail.description,
    parent_role_id: detail.parent_role_id,
    is_default: detail.is_default,
    is_blocked: detail.is_blocked,
    permissions: detail.permissions,
  });

  /** An administrator must not take away their own companyAdmin, or nobody may be left to undo it. */
  async function assertActorKeepsAdmin(tx: Executor, ctx: AuthenticatedContext, path: (string | number)[]) {
    const map = await authRepo.permissionMapOf(tx, ctx.actor.companyId, ctx.actor.userId, today());
    if (!map.companyAdmin) throw fieldError(path, 'role.cannotRemoveOwnAdmin');
  }

  async function requireRole(tx: Executor, ctx: AuthenticatedContext, id: number, options: { forUpdate?: boolean } = {}) {
    const row = await rolesRepo.findById(tx, ctx.actor.companyId, id, options);
    if (!row) throw notFoundError();
    return row;
  }

  async function listTransfers(ctx: AuthenticatedContext, query: Page & Omit<TransferListFilter, 'today' | 'search'> & { search?: string }) {
    const day = today();
    const { items, total } = await rolesRepo.transferList(db, ctx.actor.companyId, { ...query, today: day }, pageWindow(query));
    return { total, items: items.map((item) => toTransfer(item, day)) };
  }

  /** A transfer of the company; in scope 'own' only one the user granted, any other answering 404. */
  async function requireTransfer(tx: Executor, ctx: AuthenticatedContext, id: number, scope: TransferScope) {
    const existing = await rolesRepo.findTransfer(tx, ctx.actor.companyId, id);
    if (!existing || (scope === 'own' && existing.transfer.fromUserId !== ctx.actor.userId)) throw notFoundError();
    return existing;
  }

  /** What a user may hand over of their own: never to themselves, and only a permission or role they hold themselves. */
  async function ownTransferIssues(tx: Executor, ctx: AuthenticatedContext, body: PermissionTransferSaveBody, existing: TransferRecord | null): Promise<Issue[]> {
    const { companyId, userId } = ctx.actor;
    const issues: Issue[] = [];
    if (body.to_user_id === userId) issues.push({ path: ['to_user_id'], code: 'deputyAuth.notToYourself' });
    if (body.permission_name !== null && body.permission_name !== existing?.transfer.permissionName) {
      const held = await authRepo.permissionMapOf(tx, companyId, userId, null);
      if (held[body.permission_name] !== true) issues.push({ path: ['permission_name'], code: 'deputyAuth.permissionNotHeld' });
    }
    if (body.role_id !== null && body.role_id !== existing?.transfer.roleId) {
      const memberRoles = await rolesRepo.memberRoles(tx, companyId, userId);
      if (!memberRoles.some((role) => role.id === body.role_id)) issues.push({ path: ['role_id'], code: 'deputyAuth.roleNotHeld' });
    }
    return issues;
  }

  async function saveTransfer(ctx: AuthenticatedContext, body: PermissionTransferSaveBody, scope: TransferScope) {
    const companyId = ctx.actor.companyId;
    const day = today();
    return db.transaction(async (tx) => {
      const existing = body.id === undefined ? null : await requireTransfer(tx, ctx, body.id, scope);
      const issues: Issue[] = scope === 'own' ? await ownTransferIssues(tx, ctx, body, existing) : [];
      if (body.to_user_id === null) issues.push({ path: ['to_user_id'], code: 'global.error.required' });
      else {
        const user = await rolesRepo.findUser(tx, companyId, body.to_user_id);
        if (!user) issues.push({ path: ['to_user_id'], code: 'validation.unknownReference' });
        else if (!user.is_active) issues.push({ path: ['to_user_id'], code: 'deputyAuth.userInactive' });
      }
      if (body.permission_name === null && body.role_id === null) issues.push({ path: ['permission_name'], code: 'deputyAuth.permissionOrRoleRequired' });
      if (body.permission_name !== null && body.role_id !== null) issues.push({ path: ['role_id'], code: 'deputyAuth.permissionOrRoleOnlyOne' });
      const permission: Permission | null = body.permission_name;
      if (permission !== null && permission !== existing?.transfer.permissionName && !isGrantablePermission(permission, ctx.actor.isAdminContext)) {
        issues.push({ path: ['permission_name'], code: 'permission.providerOnly' });
      }
      if (body.role_id !== null) {
        const role = await rolesRepo.findById(tx, companyId, body.role_id);
        if (!role) issues.push({ path: ['role_id'], code: 'validation.unknownReference' });
        else if (role.isBlocked) issues.push({ path: ['role_id'], code: 'deputyAuth.roleBlocked' });
      }
      // A new or changed end date cannot already be over.
      if (body.date_to < day && body.date_to !== existing?.transfer.dateTo) issues.push({ path: ['date_to'], code: 'validation.dateInPast' });
      assertNoIssues(issues);

      const values = {
        toUserId: body.to_user_id!,
        permissionName: body.permission_name,
        roleId: body.role_id,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        comment: body.comment,
      };
      let id: number;
      if (existing) {
        id = existing.transfer.id;
        await rolesRepo.updateTransfer(tx, companyId, id, values);
      } else {
        id = await rolesRepo.insertTransfer(tx, companyId, { ...values, fromUserId: ctx.actor.userId });
      }
      if (existing && scope === 'company') await assertActorKeepsAdmin(tx, ctx, ['permission_name']);
      const saved = toTransfer((await rolesRepo.findTransfer(tx, companyId, id))!, day);
      await recordSaveAudit(tx, ctx, {
        companyId,
        entityType: 'permissionTransfer',
        entityId: id,
        before: existing ? toTransfer(existing, day) : null,
        after: saved,
      });
      return { status: 'ok' as const, transfer: saved };
    });
  }

  async function deleteTransfer(ctx: AuthenticatedContext, id: number, scope: TransferScope) {
    await db.transaction(async (tx) => {
      const existing = await requireTransfer(tx, ctx, id, scope);
      await rolesRepo.deleteTransfer(tx, ctx.actor.companyId, id);
      if (scope === 'company') await assertActorKeepsAdmin(tx, ctx, ['id']);
      await recordAudit(tx, ctx, {
        companyId: ctx.actor.companyId,
        action: 'permissionTransfer.delete',
        entityType: 'permissionTransfer',
        entityId: id,
        before: toTransfer(existing, today()),
      });
    });
    return { status: 'ok' as const };
  }

  return {
    async list(ctx: AuthenticatedContext, query: Page & Omit<RoleListFilter, 'search'> & { search?: string }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await rolesRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return {
        total,
        items: items.map(({ role, parentName, memberCount, permissionCount }) => ({
          id: role.id,
          name: role.name,
          description: role.description,
          parent_role_id: role.parentRoleId,
          parent_name: parentName,
          is_default: role.isDefault,
          is_blocked: role.isBlocked,
          member_count: memberCount,
          permission_count: permissionCount,
        })),
      };
    },

    async options(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const [roleRows, userRows] = await Promise.all([rolesRepo.all(db, ctx.actor.companyId), rolesRepo.users(db, ctx.actor.companyId)]);
      return {
        roles: roleRows.map((role) => ({ id: role.id, name: role.name, parent_role_id: role.parentRoleId, is_blocked: role.isBlocked, is_default: role.isDefault })),
        users: userRows,
        is_admin_context: ctx.actor.isAdminContext,
      };
    },

    async get(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      return detailOf(db, await requireRole(db, ctx, id));
    },

    async save(ctx: AuthenticatedContext, body: RoleSaveBody) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const isNew = body.id === undefined;
      return db.transaction(async (tx) => {
        const existing = isNew ? null : await requireRole(tx, ctx, body.id!, { forUpdate: true });
        const before = existing ? await detailOf(tx, existing) : null;
        const issues: Issue[] = [];
        if (await rolesRepo.isNameTaken(tx, companyId, body.name, existing?.id ?? null)) issues.push({ path: ['name'], code: 'role.nameTaken' });
        if (body.parent_role_id !== null) {
          const all = await rolesRepo.all(tx, companyId);
          const parentOf = new Map(all.map((role) => [role.id, role.parentRoleId]));
          if (!parentOf.has(body.parent_role_id)) issues.push({ path: ['parent_role_id'], code: 'validation.unknownReference' });
          else if (body.parent_role_id === existing?.id || roleParentHasLoop(existing?.id ?? null, body.parent_role_id, parentOf)) {
            issues.push({ path: ['parent_role_id'], code: 'role.parentLoop' });
          }
        }
        if (body.is_default && existing?.isBlocked) issues.push({ path: ['is_default'], code: 'role.blockedCannotBeDefault' });
        const permissions = [...new Set(body.permissions)];
        const added = permissions.filter((name) => !before?.permissions.includes(name));
        if (added.some((name) => !isGrantablePermission(name, ctx.actor.isAdminContext))) issues.push({ path: ['permissions'], code: 'permission.providerOnly' });
        assertNoIssues(issues);

        const values = { name: body.name, description: body.description, parentRoleId: body.parent_role_id, isDefault: body.is_default };
        const row = existing ? await rolesRepo.update(tx, companyId, existing.id, values) : await rolesRepo.insert(tx, companyId, values);
        await rolesRepo.replacePermissions(tx, row.id, permissions);
        if (existing) await assertActorKeepsAdmin(tx, ctx, ['permissions']);
        const after = await detailOf(tx, row);
        await recordAudit(tx, ctx, {
          companyId,
          action: isNew ? 'role.create' : 'role.update',
          entityType: 'role',
          entityId: row.id,
          before: before ? auditCopy(before) : null,
          after: auditCopy(after),
        });
        return { status: 'ok' as const, role: after };
      });
    },

    async setBlocked(ctx: AuthenticatedContext, id: number, isBlocked: boolean) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        const existing = await requireRole(tx, ctx, id, { forUpdate: true });
        if (existing.isBlocked === isBlocked) return;
        if (isBlocked) {
          // Spec §5: a role with attached members cannot be blocked until they are detached.
          const members = await rolesRepo.memberCount(tx, id);
          if (members > 0) throw fieldError(['id'], 'role.hasMembers', { count: members });
        }
        await rolesRepo.update(tx, ctx.actor.companyId, id, { isBlocked, ...(isBlocked ? { isDefault: false } : {}) });
        // Blocking a parent also takes its permissions from every role below it.
        if (isBlocked) await assertActorKeepsAdmin(tx, ctx, ['id']);
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: isBlocked ? 'role.block' : 'role.unblock',
          entityType: 'role',
          entityId: id,
          before: { is_blocked: existing.isBlocked, is_default: existing.isDefault },
          after: { is_blocked: isBlocked, is_default: isBlocked ? false : existing.isDefault },
        });
      });
      return { status: 'ok' as const };
    },

    async delete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        const existing = await requireRole(tx, ctx, id, { forUpdate: true });
        const members = await rolesRepo.memberCount(tx, id);
        if (members > 0) throw fieldError(['id'], 'role.hasMembers', { count: members });
        if (await rolesRepo.isReferenced(tx, ctx.actor.companyId, id)) throw fieldError(['id'], 'role.inUse');
        const before = await detailOf(tx, existing);
        await rolesRepo.delete(tx, ctx.actor.companyId, id);
        await recordAudit(tx, ctx, { companyId: ctx.actor.companyId, action: 'role.delete', entityType: 'role', entityId: id, before: auditCopy(before) });
      });
      return { status: 'ok' as const };
    },

    async members(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const role = await requireRole(db, ctx, id);
      return { role: { id: role.id, name: role.name, is_blocked: role.isBlocked }, members: await rolesRepo.members(db, ctx.actor.companyId, id) };
    },

    async addMember(ctx: AuthenticatedContext, id: number, userId: number) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        const role = await requireRole(tx, ctx, id, { forUpdate: true });
        const user = await rolesRepo.findUser(tx, ctx.actor.companyId, userId);
        if (!user) throw notFoundError();
        if (role.isBlocked) throw fieldError(['user_id'], 'role.blockedNoMembers');
        if (!(await rolesRepo.addMember(tx, id, userId))) return;
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: 'role.addMember',
          entityType: 'role',
          entityId: id,
          after: { user_id: userId, login: user.login },
        });
      });
      return { status: 'ok' as const };
    },

    async removeMember(ctx: AuthenticatedContext, id: number, userId: number) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        await requireRole(tx, ctx, id, { forUpdate: true });
        const user = await rolesRepo.findUser(tx, ctx.actor.companyId, userId);
        if (!user) throw notFoundError();
        if (!(await rolesRepo.removeMember(tx, id, userId))) return;
        if (userId === ctx.actor.userId) await assertActorKeepsAdmin(tx, ctx, ['user_id']);
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: 'role.removeMember',
          entityType: 'role',
          entityId: id,
          before: { user_id: userId, login: user.login },
        });
      });
      return { status: 'ok' as const };
    },

    async saveDefaults(ctx: AuthenticatedContext, roleIds: number[]) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const all = await rolesRepo.all(tx, companyId);
        const byId = new Map(all.map((role) => [role.id, role]));
        const wanted = [...new Set(roleIds)];
        if (wanted.some((id) => !byId.has(id))) throw fieldError(['role_ids'], 'validation.unknownReference');
        if (wanted.some((id) => byId.get(id)!.isBlocked)) throw fieldError(['role_ids'], 'role.blockedCannotBeDefault');
        await rolesRepo.setDefaults(tx, companyId, wanted);
        await recordAudit(tx, ctx, {
          companyId,
          action: 'role.defaultsChanged',
          entityType: 'role',
          before: { default_role_ids: all.filter((role) => role.isDefault).map((role) => role.id) },
          after: { default_role_ids: wanted.sort((a, b) => a - b) },
        });
      });
      return { status: 'ok' as const };
    },

    // --- external-role mappings -----------------------------------------------------

    async mappingList(ctx: AuthenticatedContext, query: Page & { search?: string; sort: 'external_name' | 'role_name'; order: 'asc' | 'desc' }) {
      assertPermission(ctx, 'companyAdmin');
      return rolesRepo.mappingList(db, ctx.actor.companyId, query, pageWindow(query));
    },

    async mappingGet(ctx: AuthenticatedContext, externalName: string) {
      assertPermission(ctx, 'companyAdmin');
      const mapping = await rolesRepo.findMapping(db, ctx.actor.companyId, externalName);
      if (!mapping) throw notFoundError();
      return { external_name: mapping.external_name, role_id: mapping.role_id, role_name: mapping.role_name };
    },

    async mappingSave(ctx: AuthenticatedContext, body: { original_name: string | null; external_name: string; role_id: number | null }) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      return db.transaction(async (tx) => {
        const existing = body.original_name === null ? null : await rolesRepo.findMapping(tx, companyId, body.original_name);
        if (body.original_name !== null && !existing) throw notFoundError();
        const issues: Issue[] = [];
        const clash = await rolesRepo.findMapping(tx, companyId, body.external_name);
        if (clash && clash.id !== existing?.id) issues.push({ path: ['external_name'], code: 'roleMapping.nameTaken' });
        const role = body.role_id === null ? null : await rolesRepo.findById(tx, companyId, body.role_id);
        if (body.role_id === null) issues.push({ path: ['role_id'], code: 'global.error.required' });
        else if (!role) issues.push({ path: ['role_id'], code: 'validation.unknownReference' });
        assertNoIssues(issues);
        if (existing) await rolesRepo.updateMapping(tx, companyId, existing.id, body.external_name, role!.id);
        else await rolesRepo.insertMapping(tx, companyId, body.external_name, role!.id);
        const mapping = { external_name: body.external_name, role_id: role!.id, role_name: role!.name };
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'roleMapping',
          entityId: body.external_name,
          before: existing ? { external_name: existing.external_name, role_id: existing.role_id, role_name: existing.role_name } : null,
          after: mapping,
        });
        return { status: 'ok' as const, mapping };
      });
    },

    async mappingDelete(ctx: AuthenticatedContext, externalName: string) {
      assertPermission(ctx, 'companyAdmin');
      await db.transaction(async (tx) => {
        const existing = await rolesRepo.findMapping(tx, ctx.actor.companyId, externalName);
        if (!existing) throw notFoundError();
        await rolesRepo.deleteMapping(tx, ctx.actor.companyId, existing.id);
        await recordAudit(tx, ctx, {
          companyId: ctx.actor.companyId,
          action: 'roleMapping.delete',
          entityType: 'roleMapping',
          entityId: existing.external_name,
          before: { external_name: existing.external_name, role_id: existing.role_id, role_name: existing.role_name },
        });
      });
      return { status: 'ok' as const };
    },

    // --- transferred permissions (deputy-auth) ---------------------------------------
    // The administrator hands anything over on `/settings/role/deputy-auth`; every user hands over what they
    // hold themselves on `/substitutes/deputyAuth` (scope 'own'), and sees only what they granted or received.

    async transferList(ctx: AuthenticatedContext, query: Page & Omit<TransferListFilter, 'today' | 'search'> & { search?: string }) {
      assertPermission(ctx, 'companyAdmin');
      return listTransfers(ctx, query);
    },

    async ownTransferList(ctx: AuthenticatedContext, query: Page & Omit<TransferListFilter, 'today' | 'search' | 'fromUserId' | 'toUserId'> & { search?: string; direction: 'given' | 'received' }) {
      const { direction, ...filter } = query;
      return listTransfers(ctx, direction === 'given' ? { ...filter, fromUserId: ctx.actor.userId } : { ...filter, toUserId: ctx.actor.userId });
    },

    async ownTransferOptions(ctx: AuthenticatedContext) {
      const { companyId, userId, isAdminContext } = ctx.actor;
      const [held, roleRows, userRows] = await Promise.all([
        authRepo.permissionMapOf(db, companyId, userId, null),
        rolesRepo.memberRoles(db, companyId, userId),
        rolesRepo.users(db, companyId),
      ]);
      return {
        roles: roleRows.map((role) => ({ id: role.id, name: role.name, parent_role_id: role.parentRoleId, is_blocked: role.isBlocked, is_default: role.isDefault })),
        users: userRows.filter((user) => user.id !== userId),
        is_admin_context: isAdminContext,
        permissions: PERMISSIONS.filter((name) => held[name] === true && isGrantablePermission(name, isAdminContext)),
      };
    },

    async transferSave(ctx: AuthenticatedContext, body: PermissionTransferSaveBody) {
      assertPermission(ctx, 'companyAdmin');
      return saveTransfer(ctx, body, 'company');
    },

    async ownTransferSave(ctx: AuthenticatedContext, body: PermissionTransferSaveBody) {
      return saveTransfer(ctx, body, 'own');
    },

    async transferDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      return deleteTransfer(ctx, id, 'company');
    },

    async ownTransferDelete(ctx: AuthenticatedContext, id: number) {
      return deleteTransfer(ctx, id, 'own');
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
