import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  costCentres,
  organizationUnits,
  permissionTransfers,
  rateGroups,
  roles,
  userCostCentres,
  userPermissions,
  userRoles,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type UserRow = typeof users.$inferSelect;
export type UserValues = Omit<typeof users.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'version'>;

export interface UserListFilter {
  search?: string;
  status: 'all' | 'active' | 'disabled';
  sort: 'surname' | 'login' | 'email' | 'position' | 'is_active';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  surname: [users.surname, users.name],
  login: [sql`lower(${users.login})`],
  email: [sql`lower(${users.email})`],
  position: [users.position, users.surname],
  is_active: [users.isActive, users.surname],
} as const;

function listConditions(companyId: number, filter: UserListFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(users.companyId, companyId)];
  if (filter.status === 'active') where.push(eq(users.isActive, true));
  if (filter.status === 'disabled') where.push(eq(users.isActive, false));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(
      or(
        ilike(users.login, pattern),
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.surname, pattern),
        ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
        ilike(sql`${users.surname} || ' ' || ${users.name}`, pattern),
      ),
    );
  }
  return and(...where);
}

/**
 * Names of the roles a user holds, alphabetically. The outer column is written out in full:
 * Drizzle leaves columns of a single-table select unqualified, and a bare "id" inside the
 * subquery would mean the role's id.
 */
const roleNamesOfUser = sql<string[]>`coalesce((
  SELECT array_agg(r.name ORDER BY lower(r.name)) FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
   WHERE ur.user_id = ${sql.identifier('users')}.${sql.identifier('id')}
), '{}')`;

export const usersRepo = {
  async list(db: Executor, companyId: number, filter: UserListFilter, page: { offset: number; limit: number }) {
    const where = listConditions(companyId, filter);
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ user: users, roleNames: roleNamesOfUser })
        .from(users)
        .where(where)
        .orderBy(...SORT_COLUMNS[filter.sort].map((column) => direction(column)), asc(users.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(users).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findById(db: Executor, companyId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
    const query = db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async isLoginTaken(db: Executor, companyId: number, login: string, exceptUserId: number | null): Promise<boolean> {
    const where = [eq(users.companyId, companyId), eq(sql`lower(${users.login})`, login.toLowerCase())];
    if (exceptUserId !== null) where.push(ne(users.id, exceptUserId));
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  },

  /** `isProvider`: a user of the provider-admin company, whose id comes from the negative sequence (spec §6). */
  async insert(db: Executor, companyId: number, values: UserValues, options: { isProvider?: boolean } = {}): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ ...values, companyId, ...(options.isProvider ? { id: sql`nextval('provider_admin_user_id_seq')` } : {}) })
      .returning();
    return row!;
  },

  async update(db: Executor, companyId: number, id: number, values: Partial<UserValues>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .returning();
    return row!;
  },

  async roleIdsOf(db: Executor, userId: number): Promise<number[]> {
    const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.roleId);
    return rows.map((row) => row.id);
  },

  async permissionsOf(db: Executor, userId: number): Promise<string[]> {
    const rows = await db
      .select({ name: userPermissions.permissionName })
      .from(userPermissions)
      .where(eq(userPermissions.userId, userId))
      .orderBy(userPermissions.permissionName);
    return rows.map((row) => row.name);
  },

  async costCentreIdsOf(db: Executor, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: userCostCentres.costCentreId })
      .from(userCostCentres)
      .where(eq(userCostCentres.userId, userId))
      .orderBy(userCostCentres.costCentreId);
    return rows.map((row) => row.id);
  },

  async replaceRoles(db: Executor, userId: number, roleIds: readonly number[]): Promise<void> {
    await db.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  },

  async replacePermissions(db: Executor, userId: number, names: readonly string[]): Promise<void> {
    await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
    if (names.length > 0) await db.insert(userPermissions).values(names.map((permissionName) => ({ userId, permissionName })));
  },

  async replaceCostCentres(db: Executor, userId: number, costCentreIds: readonly number[]): Promise<void> {
    await db.delete(userCostCentres).where(eq(userCostCentres.userId, userId));
    if (costCentreIds.length > 0) await db.insert(userCostCentres).values(costCentreIds.map((costCentreId) => ({ userId, costCentreId })));
  },

  async setActive(db: Executor, companyId: number, id: number, isActive: boolean): Promise<void> {
    await db
      .update(users)
      .set({ isActive, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  },

  async defaultRoleIds(db: Executor, companyId: number): Promise<number[]> {
    const rows = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.isDefault, true), eq(roles.isBlocked, false)))
      .orderBy(roles.id);
    return rows.map((row) => row.id);
  },

  // --- references of the editor's selects, each limited to the company ----------

  /** The company's roles among `ids`, each with whether it is blocked. */
  async rolesByIds(db: Executor, companyId: number, ids: readonly number[]): Promise<Map<number, { isBlocked: boolean }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: roles.id, isBlocked: roles.isBlocked })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), inArray(roles.id, [...ids])));
    return new Map(rows.map((row) => [row.id, { isBlocked: row.isBlocked }]));
  },

  async existingCostCentreIds(db: Executor, companyId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.companyId, companyId), inArray(costCentres.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  },

  async organizationUnitExists(db: Executor, companyId: number, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.id, id)))
      .limit(1);
    return row !== undefined;
  },

  async rateGroupExists(db: Executor, companyId: number, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: rateGroups.id })
      .from(rateGroups)
      .where(and(eq(rateGroups.companyId, companyId), eq(rateGroups.id, id)))
      .limit(1);
    return row !== undefined;
  },

  async findVehicle(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** Every user's superior, for the loop check of the superior chain. */
  async superiorMap(db: Executor, companyId: number): Promise<Map<number, number | null>> {
    const rows = await db.select({ id: users.id, superiorId: users.superiorId }).from(users).where(eq(users.companyId, companyId));
    return new Map(rows.map((row) => [row.id, row.superiorId]));
  },

  // --- the editor's select options --------------------------------------------

  async formOptions(db: Executor, companyId: number) {
    const [userRows, centreRows, vehicleRows, unitRows, groupRows, roleRows] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, surname: users.surname, login: users.login, is_active: users.isActive })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.surname, users.name, users.id),
      db
        .select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name, enabled_for_new: costCentres.enabledForNew })
        .from(costCentres)
        .where(eq(costCentres.companyId, companyId))
        .orderBy(sql`lower(${costCentres.ordinate})`),
      db
        .select({
          id: vehicles.id,
          plates: vehicles.plates,
          model: vehicles.model,
          is_private: vehicles.isPrivate,
          owner_user_id: vehicles.ownerUserId,
          is_active: vehicles.isActive,
        })
        .from(vehicles)
        .where(eq(vehicles.companyId, companyId))
        .orderBy(vehicles.plates),
      db
        .select({ id: organizationUnits.id, name: organizationUnits.name, parent_id: organizationUnits.parentId, is_main: organizationUnits.isMain })
        .from(organizationUnits)
        .where(eq(organizationUnits.companyId, companyId))
        .orderBy(desc(organizationUnits.isMain), organizationUnits.name),
      db.select({ id: rateGroups.id, name: rateGroups.name }).from(rateGroups).where(eq(rateGroups.companyId, companyId)).orderBy(rateGroups.name),
      db
        .select({ id: roles.id, name: roles.name, description: roles.description, is_default: roles.isDefault, is_blocked: roles.isBlocked })
        .from(roles)
        .where(eq(roles.companyId, companyId))
        .orderBy(sql`lower(${roles.name})`),
    ]);
    return { users: userRows, cost_centres: centreRows, vehicles: vehicleRows, organization_units: unitRows, rate_groups: groupRows, roles: roleRows };
  },

  // --- the profile ----------------------------------------------------------------

  async userName(db: Executor, companyId: number, id: number): Promise<string | null> {
    const [row] = await db
      .select({ name: users.name, surname: users.surname })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, id)))
      .limit(1);
    return row ? `${row.name} ${row.surname}` : null;
  },

  async organizationUnitName(db: Executor, companyId: number, id: number): Promise<string | null> {
    const [row] = await db
      .select({ name: organizationUnits.name })
      .from(organizationUnits)
      .where(and(eq(organizationUnits.companyId, companyId), eq(organizationUnits.id, id)))
      .limit(1);
    return row?.name ?? null;
  },

  async rateGroupName(db: Executor, companyId: number, id: number): Promise<string | null> {
    const [row] = await db
      .select({ name: rateGroups.name })
      .from(rateGroups)
      .where(and(eq(rateGroups.companyId, companyId), eq(rateGroups.id, id)))
      .limit(1);
    return row?.name ?? null;
  },

  async costCentresOf(db: Executor, companyId: number, userId: number) {
    return db
      .select({ id: costCentres.id, ordinate: costCentres.ordinate, name: costCentres.name })
      .from(userCostCentres)
      .innerJoin(costCentres, eq(costCentres.id, userCostCentres.costCentreId))
      .where(and(eq(userCostCentres.userId, userId), eq(costCentres.companyId, companyId)))
      .orderBy(sql`lower(${costCentres.ordinate})`);
  },

  /** The roles a user holds and every role of the company (to follow parent chains). */
  async rolesForProfile(db: Executor, companyId: number, userId: number) {
    const [held, all] = await Promise.all([
      db
        .select({ id: roles.id })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, userId), eq(roles.companyId, companyId))),
      db
        .select({ id: roles.id, name: roles.name, description: roles.description, parentRoleId: roles.parentRoleId, isBlocked: roles.isBlocked })
        .from(roles)
        .where(eq(roles.companyId, companyId))
        .orderBy(sql`lower(${roles.name})`),
    ]);
    return { heldIds: new Set(held.map((row) => row.id)), all };
  },

  /** Transfers to the user whose period includes `today`. */
  async activeTransfersTo(db: Executor, companyId: number, userId: number, today: string) {
    return db
      .select({
        permissionName: permissionTransfers.permissionName,
        roleId: roles.id,
        roleName: roles.name,
        dateFrom: permissionTransfers.dateFrom,
        dateTo: permissionTransfers.dateTo,
        grantedByName: users.name,
        grantedBySurname: users.surname,
      })
      .from(permissionTransfers)
      .leftJoin(roles, eq(roles.id, permissionTransfers.roleId))
      .innerJoin(users, eq(users.id, permissionTransfers.fromUserId))
      .where(
        and(
          eq(permissionTransfers.companyId, companyId),
          eq(permissionTransfers.toUserId, userId),
          or(isNull(permissionTransfers.dateFrom), sql`${permissionTransfers.dateFrom} <= ${today}::date`),
          or(isNull(permissionTransfers.dateTo), sql`${permissionTransfers.dateTo} >= ${today}::date`),
        ),
      )
      .orderBy(permissionTransfers.dateTo);
  },
};
