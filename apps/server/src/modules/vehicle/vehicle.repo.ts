import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, vehicles } from '../../db/schema/index.ts';
import { containsPattern } from '../../http/paging.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleValues = Pick<typeof vehicles.$inferInsert, 'ownerUserId' | 'plates' | 'model' | 'engineCapacity' | 'type' | 'isPrivate' | 'isActive'>;

const SORT = {
  plates: [vehicles.plates],
  model: [sql`lower(${vehicles.model})`, vehicles.plates],
  engine_capacity: [vehicles.engineCapacity, vehicles.plates],
  type: [vehicles.type, vehicles.plates],
  owner: [users.surname, users.name, vehicles.plates],
} as const;

/** Who sees which vehicles: an administrator every one, an employee the company's active ones and their own. */
export type VehicleVisibility = { kind: 'all' } | { kind: 'employee'; userId: number };
export type VehicleScope = 'all' | 'company' | 'private' | 'mine';

const ownerJoin = and(eq(users.id, vehicles.ownerUserId), eq(users.companyId, vehicles.companyId));

function visibilityCondition(visibility: VehicleVisibility): SQL | undefined {
  if (visibility.kind === 'all') return undefined;
  return or(and(eq(vehicles.isPrivate, false), eq(vehicles.isActive, true)), and(eq(vehicles.isPrivate, true), eq(vehicles.ownerUserId, visibility.userId)));
}

function scopeCondition(scope: VehicleScope | undefined, userId: number): SQL | undefined {
  switch (scope) {
    case 'company':
      return eq(vehicles.isPrivate, false);
    case 'private':
      return eq(vehicles.isPrivate, true);
    case 'mine':
      return and(eq(vehicles.isPrivate, true), eq(vehicles.ownerUserId, userId));
    default:
      return undefined;
  }
}

export interface VehicleWithOwner {
  row: VehicleRow;
  ownerName: string | null;
}

const ownerName = sql<string | null>`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${users.name} || ' ' || ${users.surname} END`;

export const vehicleRepo = {
  async list(
    db: Executor,
    companyId: number,
    visibility: VehicleVisibility,
    filter: { search?: string; sort: keyof typeof SORT; order: 'asc' | 'desc'; scope?: VehicleScope; ownerUserId?: number; userId: number },
    page: { offset: number; limit: number },
  ) {
    const pattern = filter.search ? containsPattern(filter.search) : null;
    const where = and(
      eq(vehicles.companyId, companyId),
      visibilityCondition(visibility),
      scopeCondition(filter.scope, filter.userId),
      filter.ownerUserId === undefined ? undefined : eq(vehicles.ownerUserId, filter.ownerUserId),
      pattern
        ? or(
            ilike(sql`replace(${vehicles.plates}, ' ', '')`, containsPattern(filter.search!.replace(/\s+/g, ''))),
            ilike(vehicles.model, pattern),
            ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
          )
        : undefined,
    );
    const direction = filter.order === 'desc' ? desc : asc;
    const [items, [total]] = await Promise.all([
      db
        .select({ row: vehicles, ownerName })
        .from(vehicles)
        .leftJoin(users, ownerJoin)
        .where(where)
        .orderBy(...SORT[filter.sort].map((column) => direction(column)), asc(vehicles.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ value: count() }).from(vehicles).leftJoin(users, ownerJoin).where(where),
    ]);
    return { items, total: total?.value ?? 0 };
  },

  async findById(db: Executor, companyId: number, id: number): Promise<VehicleWithOwner | null> {
    const [row] = await db
      .select({ row: vehicles, ownerName })
      .from(vehicles)
      .leftJoin(users, ownerJoin)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** The company's vehicles among `ids` (a settlement's segments name them). */
  async findMany(db: Executor, companyId: number, ids: number[]): Promise<VehicleRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId), inArray(vehicles.id, ids)));
  },

  /** Plates are the same whatever their spacing and case. */
  /**
   * Whether the plates are already registered where they would clash: a company car clashes with any
   * vehicle, a private one with the company cars and its owner's other vehicles. A colleague's private
   * car never clashes, so the answer does not tell an employee what a colleague drives.
   */
  async isPlatesTaken(db: Executor, companyId: number, platesKey: string, privateOwnerId: number | null, exceptId: number | undefined): Promise<boolean> {
    const [row] = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.companyId, companyId),
          eq(sql`upper(replace(${vehicles.plates}, ' ', ''))`, platesKey),
          privateOwnerId === null ? undefined : or(eq(vehicles.isPrivate, false), eq(vehicles.ownerUserId, privateOwnerId)),
          exceptId === undefined ? undefined : ne(vehicles.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async userExists(db: Executor, companyId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1);
    return row !== undefined;
  },

  async insert(db: Executor, companyId: number, values: VehicleValues): Promise<number> {
    const [row] = await db.insert(vehicles).values({ companyId, ...values }).returning({ id: vehicles.id });
    return row!.id;
  },

  async update(db: Executor, companyId: number, id: number, values: VehicleValues): Promise<void> {
    await db
      .update(vehicles)
      .set(values)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)));
  },

  /**
   * Deletes a vehicle and clears it from users who had it as their private or default vehicle
   * (those columns have no foreign key); their version moves on like any other change to them.
   */
  async delete(db: Executor, companyId: number, id: number): Promise<void> {
    await db
      .update(users)
      .set({
        privateVehicleId: sql`CASE WHEN ${users.privateVehicleId} = ${id} THEN NULL ELSE ${users.privateVehicleId} END`,
        defaultVehicleId: sql`CASE WHEN ${users.defaultVehicleId} = ${id} THEN NULL ELSE ${users.defaultVehicleId} END`,
        updatedAt: sql`now()`,
        version: sql`${users.version} + 1`,
      })
      .where(and(eq(users.companyId, companyId), or(eq(users.privateVehicleId, id), eq(users.defaultVehicleId, id))));
    await db.delete(vehicles).where(and(eq(vehicles.companyId, companyId), eq(vehicles.id, id)));
  },
};
