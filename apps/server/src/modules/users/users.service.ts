import {
  AppError,
  ErrorCode,
  PERMISSIONS,
  formatBankAccount,
  isGrantablePermission,
  isPermission,
  normaliseBankAccount,
  normaliseDocumentNumber,
  passwordPolicyOf,
  superiorChainHasLoop,
  toLocalDate,
  validateNewPassword,
  validateUserProfile,
  type Issue,
  type Permission,
} from '@delego/domain';
import type { MyProfile, UserDetail, UserSaveBody, UserStatusFilter } from '@delego/contract';
import type { Database, Executor } from '../../db/client.ts';
import { refuseUniqueViolation } from '../../db/pg-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { pageWindow } from '../../http/paging.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { authRepo } from '../auth/auth.repo.ts';
import { passwordHasher } from '../auth/password-hasher.ts';
import { loadCommonPasswordCheck } from '../auth/common-passwords.ts';
import { usersRepo, type UserListFilter, type UserRow, type UserValues } from './users.repo.ts';


/** Trimmed text, or null when nothing is left. */
function clean(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

async function detailOf(db: Executor, row: UserRow): Promise<UserDetail> {
  const [roleIds, permissions, costCentreIds] = await Promise.all([
    usersRepo.roleIdsOf(db, row.id),
    usersRepo.permissionsOf(db, row.id),
    usersRepo.costCentreIdsOf(db, row.id),
  ]);
  return {
    id: row.id,
    name: row.name,
    middle_name: row.middleName,
    surname: row.surname,
    login: row.login,
    email: row.email,
    phone: row.phone,
    birth_date: row.birthDate,
    identity_document_number: row.identityDocumentNumber,
    identity_document_expiry: row.identityDocumentExpiry,
    identity_document_issue_place: row.identityDocumentIssuePlace,
    nationality: row.nationality,
    password_expiry: (row.passwordExpiry as UserDetail['password_expiry']) ?? null,
    notify_of_all_offers: row.notifyOfAllOffers,
    integration_id: row.integrationId,
    superior_id: row.superiorId,
    organization_unit_id: row.organizationUnitId,
    private_vehicle_id: row.privateVehicleId,
    default_vehicle_id: row.defaultVehicleId,
    bank_name: row.bankName,
    bank_account_number: row.bankAccountNumber,
    cost_centre_ids: costCentreIds,
    default_cost_centre_id: row.defaultCostCentreId,
    rate_group_id: row.rateGroupId,
    language: row.language === 'en-US' ? 'en-US' : 'pl-PL',
    position: row.position,
    department: row.department,
    responsibilities: row.responsibilities,
    payment_type: (row.paymentType as UserDetail['payment_type']) ?? 'notSet',
    is_active: row.isActive,
    permissions: permissions.filter(isPermission),
    role_ids: roleIds,
    is_external: row.isExternal,
    password_changed_at: row.passwordChangedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The audit copy of a user: every field except the timestamps that change on each save. */
function auditCopy(detail: UserDetail) {
  const { updated_at: _updated, version: _version, ...rest } = detail;
  return rest;
}

/** The stored form of the editor's input: trimmed texts, empty as null, normalised numbers. */
function normalise(body: UserSaveBody) {
  const bankAccount = clean(body.bank_account_number);
  const documentNumber = clean(body.identity_document_number);
  return {
    name: body.name.trim(),
    middleName: clean(body.middle_name),
    surname: body.surname.trim(),
    login: body.login.trim(),
    email: body.email.trim(),
    phone: clean(body.phone),
    birthDate: body.birth_date,
    identityDocumentNumber: documentNumber === null ? null : normaliseDocumentNumber(documentNumber),
    identityDocumentExpiry: body.identity_document_expiry,
    identityDocumentIssuePlace: clean(body.identity_document_issue_place),
    nationality: clean(body.nationality),
    passwordExpiry: body.password_expiry,
    notifyOfAllOffers: body.notify_of_all_offers,
    integrationId: clean(body.integration_id),
    superiorId: body.superior_id,
    organizationUnitId: body.organization_unit_id,
    privateVehicleId: body.private_vehicle_id,
    defaultVehicleId: body.default_vehicle_id,
    bankName: clean(body.bank_name),
    bankAccountNumber: bankAccount === null ? null : normaliseBankAccount(bankAccount),
    defaultCostCentreId: body.default_cost_centre_id,
    rateGroupId: body.rate_group_id,
    language: body.language,
    position: clean(body.position),
    department: clean(body.department),
    responsibilities: clean(body.responsibilities),
    paymentType: body.payment_type,
    isActive: body.is_active,
  } satisfies Partial<UserValues>;
}

/**
 * Who manages users: the company administrator, and in the provider-admin context the holder of
 * mainDbUserManage (spec §6), whose `/admin/users` screens call the same endpoints.
 */
function managerPermission(ctx: AuthenticatedContext): Permission {
  return ctx.actor.isAdminContext ? 'mainDbUserManage' : 'companyAdmin';
}

export function createUsersService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const today = () => toLocalDate(clock.now());

  /** Checks every reference of the editor against the company's own rows. */
  async function referenceIssues(tx: Executor, ctx: AuthenticatedContext, userId: number | null, body: UserSaveBody, existing: { permissions: string[]; role_ids: number[] } | null) {
    const companyId = ctx.actor.companyId;
    const issues: Issue[] = [];
    if (body.superior_id !== null) {
      const superiors = await usersRepo.superiorMap(tx, companyId);
      if (!superiors.has(body.superior_id)) issues.push({ path: ['superior_id'], code: 'validation.unknownReference' });
      else if (superiorChainHasLoop(userId, body.superior_id, superiors)) issues.push({ path: ['superior_id'], code: 'user.superiorLoop' });
    }
    if (body.organization_unit_id !== null && !(await usersRepo.organizationUnitExists(tx, companyId, body.organization_unit_id))) {
      issues.push({ path: ['organization_unit_id'], code: 'validation.unknownReference' });
    }
    if (body.rate_group_id !== null && !(await usersRepo.rateGroupExists(tx, companyId, body.rate_group_id))) {
      issues.push({ path: ['rate_group_id'], code: 'validation.unknownReference' });
    }
    if (body.private_vehicle_id !== null) {
      const vehicle = await usersRepo.findVehicle(tx, companyId, body.private_vehicle_id);
      if (!vehicle) issues.push({ path: ['private_vehicle_id'], code: 'validation.unknownReference' });
      else if (!vehicle.isPrivate || (vehicle.ownerUserId !== null && vehicle.ownerUserId !== userId)) {
        issues.push({ path: ['private_vehicle_id'], code: 'user.vehicleNotPrivate' });
      }
    }
    if (body.default_vehicle_id !== null) {
      const vehicle = await usersRepo.findVehicle(tx, companyId, body.default_vehicle_id);
      if (!vehicle) issues.push({ path: ['default_vehicle_id'], code: 'validation.unknownReference' });
      else if (vehicle.isPrivate && vehicle.id !== body.private_vehicle_id && vehicle.ownerUserId !== userId) {
        // Someone else's private car cannot be this user's default vehicle.
        issues.push({ path: ['default_vehicle_id'], code: 'user.vehicleOfAnotherUser' });
      }
    }
    const centreIds = [...new Set(body.cost_centre_ids)];
    const knownCentres = await usersRepo.existingCostCentreIds(tx, companyId, centreIds);
    if (centreIds.some((id) => !knownCentres.has(id))) issues.push({ path: ['cost_centre_ids'], code: 'validation.unknownReference' });
    if (body.default_cost_centre_id === null && centreIds.length > 0) {
      issues.push({ path: ['default_cost_centre_id'], code: 'user.defaultCostCentreRequired' });
    } else if (body.default_cost_centre_id !== null && !centreIds.includes(body.default_cost_centre_id)) {
      issues.push({ path: ['default_cost_centre_id'], code: 'user.defaultCostCentreNotAssigned' });
    }
    if (body.role_ids) {
      const roleIds = [...new Set(body.role_ids)];
      const knownRoles = await usersRepo.rolesByIds(tx, companyId, roleIds);
      if (roleIds.some((id) => !knownRoles.has(id))) issues.push({ path: ['role_ids'], code: 'validation.unknownReference' });
      // A blocked role takes no new members (spec §5 Roles and groups); held ones may stay.
      else if (roleIds.some((id) => knownRoles.get(id)!.isBlocked && !existing?.role_ids.includes(id))) {
        issues.push({ path: ['role_ids'], code: 'user.roleBlocked' });
      }
    }
    const added = body.permissions.filter((name) => !existing?.permissions.includes(name));
    if (added.some((name) => !isGrantablePermission(name, ctx.actor.isAdminContext))) {
      issues.push({ path: ['permissions'], code: 'permission.providerOnly' });
    }
    return issues;
  }

  /** An administrator must not take away their own right to manage users, or nobody may be left to undo it. */
  async function assertActorKeepsAdmin(tx: Executor, ctx: AuthenticatedContext, path: string[]) {
    const map = await authRepo.permissionMapOf(tx, ctx.actor.companyId, ctx.actor.userId, today());
    if (!map[managerPermission(ctx)]) throw fieldError(path, 'user.cannotRemoveOwnAdmin');
  }

  return {
    async list(ctx: AuthenticatedContext, query: { page: number; page_size: number; search?: string; status: UserStatusFilter; sort: UserListFilter['sort']; order: 'asc' | 'desc' }) {
      assertPermission(ctx, managerPermission(ctx));
      const { items, total } = await usersRepo.list(db, ctx.actor.companyId, query, pageWindow(query));
      return {
        total,
        items: items.map(({ user, roleNames }) => ({
          id: user.id,
          name: user.name,
          middle_name: user.middleName,
          surname: user.surname,
          login: user.login,
          email: user.email,
          position: user.position,
          department: user.department,
          is_active: user.isActive,
          roles: roleNames,
        })),
      };
    },

    async formOptions(ctx: AuthenticatedContext) {
      assertPermission(ctx, managerPermission(ctx));
      const options = await usersRepo.formOptions(db, ctx.actor.companyId);
      return {
        ...options,
        password_policy: passwordPolicyOf(ctx.actor.settings),
        company_password_expiry: ctx.actor.settings.password_expiry,
        is_admin_context: ctx.actor.isAdminContext,
      };
    },

    async get(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, managerPermission(ctx));
      const row = await usersRepo.findById(db, ctx.actor.companyId, id);
      if (!row) throw notFoundError();
      return detailOf(db, row);
    },

    async save(ctx: AuthenticatedContext, body: UserSaveBody) {
      assertPermission(ctx, managerPermission(ctx));
      const companyId = ctx.actor.companyId;
      const isNew = body.id === undefined;
      const values = normalise(body);
      const issues: Issue[] = validateUserProfile(
        {
          name: values.name,
          middle_name: values.middleName,
          surname: values.surname,
          login: values.login,
          email: values.email,
          phone: values.phone,
          birth_date: values.birthDate,
          identity_document_number: values.identityDocumentNumber,
          bank_account_number: values.bankAccountNumber,
        },
        { today: today() },
      );
      const password = body.password ?? '';
      const repeated = body.repeat_password ?? '';
      if (isNew || password !== '' || repeated !== '') {
        const policy = passwordPolicyOf(ctx.actor.settings);
        const passwordIssues = validateNewPassword(password, policy, { path: ['password'], repeated, isCommon: await loadCommonPasswordCheck() });
        issues.push(...passwordIssues.map((issue) => (issue.code === 'validation.required' ? { ...issue, code: 'global.error.required' } : issue)));
      }
      if (!isNew && body.id === ctx.actor.userId && !body.is_active) issues.push({ path: ['is_active'], code: 'user.cannotDisableSelf' });

      const passwordHash = password !== '' && issues.length === 0 ? await passwordHasher.hash(password) : null;
      return refuseUniqueViolation(
        () => db.transaction(async (tx) => {
          const existing = isNew ? null : await usersRepo.findById(tx, companyId, body.id!, { forUpdate: true });
          if (!isNew && !existing) throw notFoundError();
          // An edit names the version it was made on, so that it never silently overwrites a newer one.
          if (existing && body.version === undefined) assertNoIssues([{ path: ['version'], code: 'validation.required' }]);
          if (existing && body.version !== existing.version) {
            throw new AppError(ErrorCode.conflict, { messages: ['The record was changed by someone else'] });
          }
          const before = existing ? await detailOf(tx, existing) : null;
          const userId = existing?.id ?? null;
          const all = [...issues, ...(await referenceIssues(tx, ctx, userId, body, before))];
          if (values.login !== '' && (await usersRepo.isLoginTaken(tx, companyId, values.login, userId))) {
            all.push({ path: ['login'], code: 'user.loginTaken' });
          }
          assertNoIssues(all);

          const now = clock.now();
          const row = existing
            ? await usersRepo.update(tx, companyId, existing.id, { ...values, ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}) })
            : await usersRepo.insert(tx, companyId, { ...values, passwordHash: passwordHash!, passwordChangedAt: now }, { isProvider: ctx.actor.isAdminContext });
          const roleIds = body.role_ids ? [...new Set(body.role_ids)] : isNew ? await usersRepo.defaultRoleIds(tx, companyId) : null;
          if (roleIds) await usersRepo.replaceRoles(tx, row.id, roleIds);
          await usersRepo.replacePermissions(tx, row.id, [...new Set(body.permissions)]);
          await usersRepo.replaceCostCentres(tx, row.id, [...new Set(body.cost_centre_ids)]);

          // Someone else's sessions end when their account is disabled or their password replaced.
          const disabled = existing?.isActive === true && !row.isActive;
          if (existing && row.id !== ctx.actor.userId && (disabled || passwordHash)) {
            await authRepo.endUserSessions(tx, companyId, row.id, now, disabled ? 'accountDisabled' : 'passwordSetByAdmin');
          }
          if (row.id === ctx.actor.userId) await assertActorKeepsAdmin(tx, ctx, ['role_ids']);

          const after = await detailOf(tx, row);
          await recordAudit(tx, ctx, {
            companyId,
            action: isNew ? 'user.create' : 'user.update',
            entityType: 'user',
            entityId: row.id,
            before: before ? auditCopy(before) : null,
            after: { ...auditCopy(after), ...(passwordHash ? { password_changed: true } : {}) },
          });
          return { status: 'ok' as const, user: after };
        }),
        // Two saves of the same new login at once: the unique index decides.
        () => fieldError(['login'], 'user.loginTaken'),
      );
    },

    async setActive(ctx: AuthenticatedContext, id: number, isActive: boolean) {
      assertPermission(ctx, managerPermission(ctx));
      const companyId = ctx.actor.companyId;
      if (id === ctx.actor.userId && !isActive) throw fieldError(['is_active'], 'user.cannotDisableSelf');
      await db.transaction(async (tx) => {
        const existing = await usersRepo.findById(tx, companyId, id, { forUpdate: true });
        if (!existing) throw notFoundError();
        if (existing.isActive === isActive) return;
        await usersRepo.setActive(tx, companyId, id, isActive);
        if (!isActive) await authRepo.endUserSessions(tx, companyId, id, clock.now(), 'accountDisabled');
        await recordAudit(tx, ctx, {
          companyId,
          action: isActive ? 'user.enable' : 'user.disable',
          entityType: 'user',
          entityId: id,
          before: { is_active: existing.isActive },
          after: { is_active: isActive },
        });
      });
      return { status: 'ok' as const };
    },

    /** The signed-in user's own data, roles and effective permissions (any user). */
    async myProfile(ctx: AuthenticatedContext): Promise<MyProfile> {
      const { companyId, userId } = ctx.actor;
      const row = await usersRepo.findById(db, companyId, userId);
      if (!row) throw notFoundError();
      const [superior, unit, group, privateVehicle, defaultVehicle, centres, roleData, directPermissions, transfers] = await Promise.all([
        row.superiorId === null ? null : usersRepo.userName(db, companyId, row.superiorId),
        row.organizationUnitId === null ? null : usersRepo.organizationUnitName(db, companyId, row.organizationUnitId),
        row.rateGroupId === null ? null : usersRepo.rateGroupName(db, companyId, row.rateGroupId),
        row.privateVehicleId === null ? null : usersRepo.findVehicle(db, companyId, row.privateVehicleId),
        row.defaultVehicleId === null ? null : usersRepo.findVehicle(db, companyId, row.defaultVehicleId),
        usersRepo.costCentresOf(db, companyId, userId),
        usersRepo.rolesForProfile(db, companyId, userId),
        usersRepo.permissionsOf(db, userId),
        usersRepo.activeTransfersTo(db, companyId, userId, today()),
      ]);
      const vehicleLabel = (vehicle: { plates: string; model: string } | null) => (vehicle ? `${vehicle.plates} – ${vehicle.model}` : null);
      const byId = new Map(roleData.all.map((role) => [role.id, role]));
      const chainOf = (parentId: number | null): string[] => {
        const names: string[] = [];
        const seen = new Set<number>();
        for (let current = parentId === null ? undefined : byId.get(parentId); current && !seen.has(current.id); current = current.parentRoleId === null ? undefined : byId.get(current.parentRoleId)) {
          seen.add(current.id);
          names.push(current.name);
        }
        return names;
      };
      return {
        user: {
          login: row.login,
          name: row.name,
          middle_name: row.middleName,
          surname: row.surname,
          email: row.email,
          phone: row.phone,
          language: row.language === 'en-US' ? 'en-US' : 'pl-PL',
          position: row.position,
          department: row.department,
          responsibilities: row.responsibilities,
          birth_date: row.birthDate,
          identity_document_number: row.identityDocumentNumber,
          identity_document_expiry: row.identityDocumentExpiry,
          identity_document_issue_place: row.identityDocumentIssuePlace,
          nationality: row.nationality,
          superior,
          organization_unit: unit,
          rate_group: group,
          private_vehicle: vehicleLabel(privateVehicle),
          default_vehicle: vehicleLabel(defaultVehicle),
          cost_centres: centres.map((centre) => ({
            id: centre.id,
            label: centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate,
            is_default: centre.id === row.defaultCostCentreId,
          })),
          payment_type: (row.paymentType as MyProfile['user']['payment_type']) ?? 'notSet',
          bank_name: row.bankName,
          bank_account_number: row.bankAccountNumber ? formatBankAccount(row.bankAccountNumber) : null,
        },
        roles: roleData.all
          .filter((role) => roleData.heldIds.has(role.id))
          .map((role) => ({ id: role.id, name: role.name, description: role.description, is_blocked: role.isBlocked, inherits_from: chainOf(role.parentRoleId) })),
        direct_permissions: directPermissions.filter(isPermission),
        transfers: transfers.map((transfer) => ({
          permission_name: transfer.permissionName !== null && isPermission(transfer.permissionName) ? transfer.permissionName : null,
          role: transfer.roleId !== null && transfer.roleName !== null ? { id: transfer.roleId, name: transfer.roleName } : null,
          date_from: transfer.dateFrom ?? '',
          date_to: transfer.dateTo ?? '',
          granted_by: `${transfer.grantedByName} ${transfer.grantedBySurname}`,
        })),
        effective_permissions: PERMISSIONS.filter((name: Permission) => ctx.actor.permissions[name] === true),
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
