import { and, asc, count, desc, eq, gt, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { externalRoleMappings, permissionTransfers, rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type RoleRow = typeof roles.$inferSelect;

const parentRoles = alias(roles, 'parent_roles');
/** Correlated counts; the outer column is written out in full (see roleNamesOfUser in users.repo.ts). */
const outerRoleId = sql`${sql.identifier('roles')}.${sql.identifier('id')}`;
const memberCount = sql<number>`(SELECT count(*)::int FROM ${userRoles} ur WHERE ur.role_id = ${outerRoleId})`;
const permissionCount = sql<number>`(SELECT count(*)::int FROM ${rolePermissions} rp WHERE rp.role_id = ${outerRoleId})`;

const fromUsers = alias(users, 'from_users');
const toUsers = alias(users, 'to_users');

const userColumns = { id: users.id, name: users.name, surname: users.surname, login: users.login, email: users.email, is_active: users.isActive };

export interface RoleListFilter {
  search?: string;
  status: 'all' | 'active' | 'blocked';
  sort: 'name' | 'member_count' | 'is_default' | 'is_blocked';
  order: 'asc' | 'desc';
}

export interface TransferListFilter {
  search?: string;
  /** Only the transfers this user granted (`/substitutes/deputyAuth`, given). */
  fromUserId?: number;
  /** Only the transfers handed over to this user (`/substitutes/deputyAuth`, received). */
  toUserId?: number;
  status: 'all' | 'current' | 'upcoming' | 'past';
  sort: 'date_from' | 'date_to' | 'to_user';
  order: 'asc' | 'desc';
  today: string;
}

export const rolesRepo = {
  async list(db: Executor, companyId: number, filter: RoleListFilter, page: { offset: number; limit: number }) {
    const where: (SQL | undefined)[] = [eq(roles.companyId, companyId)];
    if (filter.status === 'active') where.push(eq(roles.isBlocked, false));
    if (filter.status === 'blocked') where.push(eq(roles.isBlocked, true));
    if (filter.search) where.push(or(ilike(roles.name, containsPattern(filter.search)), ilike(roles.description, containsPattern(filter.search))));
    const condition = and(...where);
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumn = { name: sql`lower(${roles.name})`, member_count: memberCount, is_default: roles.isDefault, is_blocked: roles.isBlocked }[filter.sort];
    const [items, [total]] = await Promise.all([
      db
        .select({ role: roles, parentName: parentRoles.name, memberCount, permissionCount })
        .from(roles)
        .leftJoin(parentRoles, eq(parentRoles.id, roles.parentRoleId))
        .where(condition)
        .orderBy(direction(sortColumn), asc(sql`lower(${roles.name})`), asc(roles.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(roles).where(condition),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findById(db: Executor, companyId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<RoleRow | null> {
    const query = db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, id)))
      .limit(1);
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async all(db: Executor, companyId: number): Promise<RoleRow[]> {
    return db.select().from(roles).where(eq(roles.companyId, companyId)).orderBy(sql`lower(${roles.name})`);
  },

  /** The unblocked roles the user is a member of (not those handed over to them). */
  async memberRoles(db: Executor, companyId: number, userId: number): Promise<RoleRow[]> {
    return db
      .select({ role: roles })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.companyId, companyId), eq(roles.isBlocked, false)))
      .orderBy(sql`lower(${roles.name})`)
      .then((rows) => rows.map((row) => row.role));
  },

  async permissionsOf(db: Executor, roleIds: readonly number[]): Promise<{ roleId: number; name: string }[]> {
    if (roleIds.length === 0) return [];
    return db
      .select({ roleId: rolePermissions.roleId, name: rolePermissions.permissionName })
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, [...roleIds]))
      .orderBy(rolePermissions.permissionName);
  },

  async isNameTaken(db: Executor, companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    const where = [eq(roles.companyId, companyId), eq(sql`lower(${roles.name})`, name.toLowerCase())];
    if (exceptId !== null) where.push(ne(roles.id, exceptId));
    const [row] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(...where))
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: { name: string; description: string; parentRoleId: number | null; isDefault: boolean }): Promise<RoleRow> {
    const [row] = await db
      .insert(roles)
      .values({ ...values, companyId })
      .returning();
    return row!;
  },

  async update(
    db: Executor,
    companyId: number,
    id: number,
    values: Partial<{ name: string; description: string; parentRoleId: number | null; isDefault: boolean; isBlocked: boolean }>,
  ): Promise<RoleRow> {
    const [row] = await db
      .update(roles)
      .set(values)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, id)))
      .returning();
    return row!;
  },

  async replacePermissions(db: Executor, roleId: number, names: readonly string[]): Promise<void> {
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (names.length > 0) await db.insert(rolePermissions).values(names.map((permissionName) => ({ roleId, permissionName })));
  },

  async memberCount(db: Executor, roleId: number): Promise<number> {
    const [row] = await db.select({ value: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
    return row?.value ?? 0;
  },

  /** Whether anything besides members points at the role: child roles, mappings, transfers. */
  async isReferenced(db: Executor, companyId: number, roleId: number): Promise<boolean> {
    const [children, mappings, transfers] = await Promise.all([
      db.select({ value: count() }).from(roles).where(and(eq(roles.companyId, companyId), eq(roles.parentRoleId, roleId))),
      db.select({ value: count() }).from(externalRoleMappings).where(eq(externalRoleMappings.roleId, roleId)),
      db.select({ value: count() }).from(permissionTransfers).where(eq(permissionTransfers.roleId, roleId)),
    ]);
    return [children, mappings, transfers].some(([row]) => (row?.value ?? 0) > 0);
  },

  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
  },

  async members(db: Executor, companyId: number, roleId: number) {
    return db
      .select(userColumns)
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, roleId), eq(users.companyId, companyId)))
      .orderBy(users.surname, users.name, users.id);
  },

  async users(db: Executor, companyId: number) {
    return db.select(userColumns).from(users).where(eq(users.companyId, companyId)).orderBy(users.surname, users.name, users.id);
  },

  async findUser(db: Executor, companyId: number, userId: number) {
    const [row] = await db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row ?? null;
  },

  async addMember(db: Executor, roleId: number, userId: number): Promise<boolean> {
    const inserted = await db.insert(userRoles).values({ roleId, userId }).onConflictDoNothing().returning();
    return inserted.length > 0;
  },

  async removeMember(db: Executor, roleId: number, userId: number): Promise<boolean> {
    const removed = await db
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, roleId), eq(userRoles.userId, userId)))
      .returning();
    return removed.length > 0;
  },

  /** Makes exactly the given roles the company's default roles. */
  async setDefaults(db: Executor, companyId: number, roleIds: readonly number[]): Promise<void> {
    await db
      .update(roles)
      .set({ isDefault: roleIds.length > 0 ? inArray(roles.id, [...roleIds]) : sql`false` })
      .where(eq(roles.companyId, companyId));
  },

  // --- external-role mappings ---------------------------------------------------

  async mappingList(
    db: Executor,
    companyId: number,
    filter: { search?: string; sort: 'external_name' | 'role_name'; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ) {
    const where: (SQL | undefined)[] = [eq(externalRoleMappings.companyId, companyId)];
    if (filter.search) where.push(or(ilike(externalRoleMappings.externalName, containsPattern(filter.search)), ilike(roles.name, containsPattern(filter.search))));
    const condition = and(...where);
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumn = filter.sort === 'role_name' ? sql`lower(${roles.name})` : sql`lower(${externalRoleMappings.externalName})`;
    const [items, [total]] = await Promise.all([
      db
        .select({ external_name: externalRoleMappings.externalName, role_id: roles.id, role_name: roles.name })
        .from(externalRoleMappings)
        .innerJoin(roles, eq(roles.id, externalRoleMappings.roleId))
        .where(condition)
        .orderBy(direction(sortColumn), asc(externalRoleMappings.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ value: count() })
        .from(externalRoleMappings)
        .innerJoin(roles, eq(roles.id, externalRoleMappings.roleId))
        .where(condition),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findMapping(db: Executor, companyId: number, externalName: string) {
    const [row] = await db
      .select({ id: externalRoleMappings.id, external_name: externalRoleMappings.externalName, role_id: roles.id, role_name: roles.name })
      .from(externalRoleMappings)
      .innerJoin(roles, eq(roles.id, externalRoleMappings.roleId))
      .where(and(eq(externalRoleMappings.companyId, companyId), eq(sql`lower(${externalRoleMappings.externalName})`, externalName.trim().toLowerCase())))
      .limit(1);
    return row ?? null;
  },

  async insertMapping(db: Executor, companyId: number, externalName: string, roleId: number): Promise<void> {
    await db.insert(externalRoleMappings).values({ companyId, externalName, roleId });
  },

  async updateMapping(db: Executor, companyId: number, id: number, externalName: string, roleId: number): Promise<void> {
    await db
      .update(externalRoleMappings)
      .set({ externalName, roleId })
      .where(and(eq(externalRoleMappings.companyId, companyId), eq(externalRoleMappings.id, id)));
  },

  async deleteMapping(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(externalRoleMappings).where(and(eq(externalRoleMappings.companyId, companyId), eq(externalRoleMappings.id, id)));
  },

  // --- transferred permissions ----------------------------------------------------

  async transferList(db: Executor, companyId: number, filter: TransferListFilter, page: { offset: number; limit: number }) {
    const where: (SQL | undefined)[] = [eq(permissionTransfers.companyId, companyId)];
    if (filter.fromUserId !== undefined) where.push(eq(permissionTransfers.fromUserId, filter.fromUserId));
    if (filter.toUserId !== undefined) where.push(eq(permissionTransfers.toUserId, filter.toUserId));
    const { today } = filter;
    // An open end (null, possible for transfers made elsewhere) never limits the period.
    if (filter.status === 'current') {
      where.push(sql`coalesce(${permissionTransfers.dateFrom} <= ${today}::date, true) AND coalesce(${permissionTransfers.dateTo} >= ${today}::date, true)`);
    }
    if (filter.status === 'upcoming') where.push(gt(permissionTransfers.dateFrom, today));
    if (filter.status === 'past') where.push(lt(permissionTransfers.dateTo, today));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      where.push(
        or(
          ilike(toUsers.login, pattern),
          ilike(sql`${toUsers.name} || ' ' || ${toUsers.surname}`, pattern),
          ilike(sql`${toUsers.surname} || ' ' || ${toUsers.name}`, pattern),
          ilike(permissionTransfers.permissionName, pattern),
          ilike(roles.name, pattern),
          ilike(permissionTransfers.comment, pattern),
        ),
      );
    }
    const condition = and(...where);
    const direction = filter.order === 'desc' ? desc : asc;
    const sortColumns = {
      date_from: [permissionTransfers.dateFrom],
      date_to: [permissionTransfers.dateTo],
      to_user: [toUsers.surname, toUsers.name],
    }[filter.sort];
    const base = () =>
      db
        .select({ transfer: permissionTransfers, fromUser: fromUsers, toUser: toUsers, role: roles })
        .from(permissionTransfers)
        .innerJoin(fromUsers, eq(fromUsers.id, permissionTransfers.fromUserId))
        .innerJoin(toUsers, eq(toUsers.id, permissionTransfers.toUserId))
        .leftJoin(roles, eq(roles.id, permissionTransfers.roleId));
    const [items, [total]] = await Promise.all([
      base()
        .where(condition)
        .orderBy(...sortColumns.map((column) => direction(column)), asc(permissionTransfers.id))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ value: count() })
        .from(permissionTransfers)
        .innerJoin(toUsers, eq(toUsers.id, permissionTransfers.toUserId))
        .leftJoin(roles, eq(roles.id, permissionTransfers.roleId))
        .where(condition),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findTransfer(db: Executor, companyId: number, id: number) {
    const [row] = await db
      .select({ transfer: permissionTransfers, fromUser: fromUsers, toUser: toUsers, role: roles })
      .from(permissionTransfers)
      .innerJoin(fromUsers, eq(fromUsers.id, permissionTransfers.fromUserId))
      .innerJoin(toUsers, eq(toUsers.id, permissionTransfers.toUserId))
      .leftJoin(roles, eq(roles.id, permissionTransfers.roleId))
      .where(and(eq(permissionTransfers.companyId, companyId), eq(permissionTransfers.id, id)))
      .limit(1);
    return row ?? null;
  },

  async insertTransfer(
    db: Executor,
    companyId: number,
    values: { fromUserId: number; toUserId: number; permissionName: string | null; roleId: number | null; dateFrom: string; dateTo: string; comment: string },
  ): Promise<number> {
    const [row] = await db
      .insert(permissionTransfers)
      .values({ ...values, companyId })
      .returning({ id: permissionTransfers.id });
    return row!.id;
  },

  async updateTransfer(
    db: Executor,
    companyId: number,
    id: number,
    values: { toUserId: number; permissionName: string | null; roleId: number | null; dateFrom: string; dateTo: string; comment: string },
  ): Promise<void> {
    await db
      .update(permissionTransfers)
      .set(values)
      .where(and(eq(permissionTransfers.companyId, companyId), eq(permissionTransfers.id, id)));
  },

  async deleteTransfer(db: Executor, companyId: number, id: number): Promise<void> {
    await db.delete(permissionTransfers).where(and(eq(permissionTransfers.companyId, companyId), eq(permissionTransfers.id, id)));
  },
};
