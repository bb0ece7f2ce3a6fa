import {
  DOMESTIC_COUNTRY_CODE,
  FOREIGN_PER_DIEM_ROWS,
  findConflictingRate,
  findOverlappingMileageRate,
  listPerDiemRatesInForce,
  normaliseRegion,
  resolveRateGroupChain,
  toLocalDate,
  validateDelegationRate,
  validateMileageRate,
  wouldCreateGroupCycle,
  type Issue,
  type MileageVehicleKind,
  type PerDiemRate,
  type PerDiemRateSource,
} from '@delego/domain';
import type { BodyOf } from '@delego/contract';
import type { ratesApi } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { pageWindow } from '../../http/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertPermission } from '../../lib/access.ts';
import { assertNoIssues, conflictError, fieldError, notFoundError } from '../../lib/app-errors.ts';
import { recordAudit, recordSaveAudit } from '../audit/audit.repo.ts';
import { ratesRepo, type DelegationRateRow, type MileageRateRow, type RateGroupRow } from './rates.repo.ts';

type Order = 'asc' | 'desc';
interface ListQuery<TSort extends string> {
  page: number;
  page_size: number;
  sort: TSort;
  order: Order;
  search?: string;
}
type InForceSort = 'country_code' | 'per_diem' | 'hotel_limit' | 'currency' | 'source';
type InForceQuery = ListQuery<InForceSort> & { date?: string; source?: PerDiemRateSource };

/** The annex's Polish country names, so a search by name also finds the company's own rows (which have none). */
const COUNTRY_NAMES_PL = new Map<string, string>([
  [DOMESTIC_COUNTRY_CODE, 'Polska'],
  ...FOREIGN_PER_DIEM_ROWS.flatMap((row) => (row.country_code && row.region === null ? [[row.country_code, row.name_pl.toLowerCase()] as [string, string]] : [])),
]);


/** numeric columns come back padded ("1.150000"); keep at least two decimals, drop the rest of the zeros. */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return `${value}.00`;
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

function toDelegationRateDto(row: DelegationRateRow) {
  return {
    id: row.id,
    group_id: row.groupId,
    group_name: row.groupName,
    country_code: row.countryCode,
    region: row.region,
    per_diem: trimDecimal(row.perDiem),
    currency: row.currency,
    hotel_limit: trimDecimal(row.hotelLimit),
    valid_from: row.validFrom,
    valid_to: row.validTo,
  };
}

function toMileageRateDto(row: MileageRateRow) {
  return { id: row.id, vehicle_kind: row.vehicleKind, rate: trimDecimal(row.rate), valid_from: row.validFrom, valid_to: row.validTo };
}

function toRateGroupDto(row: { id: number; name: string; parentId: number | null; parentName: string | null; userCount: number; rateCount: number; childCount: number }) {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    parent_name: row.parentName,
    user_count: row.userCount,
    rate_count: row.rateCount,
    child_count: row.childCount,
  };
}

function compareInForce(sort: InForceSort) {
  const numeric = (a: string, b: string) => Number(a) - Number(b);
  const comparators: Record<InForceSort, (a: PerDiemRate, b: PerDiemRate) => number> = {
    country_code: (a, b) => a.country_code.localeCompare(b.country_code) || (a.region ?? '').localeCompare(b.region ?? ''),
    per_diem: (a, b) => numeric(a.per_diem, b.per_diem),
    hotel_limit: (a, b) => numeric(a.hotel_limit, b.hotel_limit),
    currency: (a, b) => a.currency.localeCompare(b.currency),
    source: (a, b) => a.source.localeCompare(b.source),
  };
  return comparators[sort];
}

export function createRatesService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** The statutory table merged with the company's overrides for a group chain, searched, sorted and paged. */
  async function ratesInForce(companyId: number, groupId: number | null, query: InForceQuery) {
    const date = query.date ?? toLocalDate(clock.now());
    const [groups, overrides] = await Promise.all([ratesRepo.allGroups(db, companyId), ratesRepo.allDelegationRates(db, companyId)]);
    const names = new Map(groups.map((group) => [group.id, group.name]));
    const { chain } = resolveRateGroupChain(
      groups.map((group) => ({ id: group.id, parent_id: group.parentId })),
      groupId,
    );
    const rates = listPerDiemRatesInForce(
      {
        companyOverrides: overrides.map((row) => ({
          group_id: row.groupId,
          country_code: row.countryCode,
          region: row.region,
          per_diem: row.perDiem,
          currency: row.currency,
          hotel_limit: row.hotelLimit,
          valid_from: row.validFrom,
          valid_to: row.validTo,
        })),
        rateGroupChain: chain,
      },
      date,
    );
    const search = query.search?.toLowerCase();
    const filtered = rates.filter(
      (rate) =>
        (!query.source || rate.source === query.source) &&
        (!search ||
          rate.country_code.toLowerCase().includes(search) ||
          (rate.name_pl ?? '').toLowerCase().includes(search) ||
          (COUNTRY_NAMES_PL.get(rate.country_code) ?? '').toLowerCase().includes(search) ||
          (rate.region ?? '').toLowerCase().includes(search) ||
          rate.currency.toLowerCase().includes(search)),
    );
    const compare = compareInForce(query.sort);
    filtered.sort((a, b) => (query.order === 'desc' ? -1 : 1) * compare(a, b) || a.country_code.localeCompare(b.country_code));
    const { offset, limit } = pageWindow(query);
    return {
      date,
      group_chain: chain.map((id) => ({ id: Number(id), name: names.get(Number(id)) ?? '' })),
      total: filtered.length,
      items: filtered.slice(offset, offset + limit).map((rate) => {
        const rateGroupId = rate.group_id === null ? null : Number(rate.group_id);
        return {
          country_code: rate.country_code,
          region: rate.region,
          name_pl: rate.name_pl,
          per_diem: rate.source === 'company' ? trimDecimal(rate.per_diem) : rate.per_diem,
          currency: rate.currency,
          hotel_limit: rate.source === 'company' ? trimDecimal(rate.hotel_limit) : rate.hotel_limit,
          valid_from: rate.valid_from,
          valid_to: rate.valid_to,
          source: rate.source,
          group_id: rateGroupId,
          group_name: rateGroupId === null ? null : (names.get(rateGroupId) ?? null),
          legal_basis: rate.legal_basis,
        };
      }),
    };
  }

  async function requireGroup(companyId: number, groupId: number, groups?: RateGroupRow[]): Promise<RateGroupRow> {
    const all = groups ?? (await ratesRepo.allGroups(db, companyId));
    const group = all.find((candidate) => candidate.id === groupId);
    if (!group) throw notFoundError();
    return group;
  }

  return {
    /** `/settings/delegation-rate`: the rates in force for a chosen day and group. */
    async inForce(ctx: AuthenticatedContext, query: InForceQuery & { group_id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      if (query.group_id !== undefined) await requireGroup(ctx.actor.companyId, query.group_id);
      return ratesInForce(ctx.actor.companyId, query.group_id ?? null, query);
    },

    /** `/delegation-info/delegation-rate`: every employee sees the rates in force for their own rate group. */
    async myRates(ctx: AuthenticatedContext, query: InForceQuery) {
      const { rateGroupId } = await ratesRepo.rateGroupOfUser(db, ctx.actor.companyId, ctx.actor.contextUserId);
      return ratesInForce(ctx.actor.companyId, rateGroupId, query);
    },

    async customList(ctx: AuthenticatedContext, query: ListQuery<'country_code' | 'valid_from' | 'per_diem' | 'group_name'> & { group_id?: number }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await ratesRepo.delegationRatePage(
        db,
        ctx.actor.companyId,
        { search: query.search, groupId: query.group_id, sort: query.sort, order: query.order },
        pageWindow(query),
      );
      return { items: items.map(toDelegationRateDto), total };
    },

    async customSave(ctx: AuthenticatedContext, body: BodyOf<typeof ratesApi.customSave>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const input = { ...body, region: normaliseRegion(body.region) };
      const issues = validateDelegationRate(input);
      assertNoIssues(issues);
      return db.transaction(async (tx) => {
        await ratesRepo.lockCompanyRates(tx, companyId);
        const existing = body.id === undefined ? null : await ratesRepo.findDelegationRate(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (input.group_id !== null) await requireGroup(companyId, input.group_id, await ratesRepo.allGroups(tx, companyId));
        const all = await ratesRepo.allDelegationRates(tx, companyId);
        const conflict = findConflictingRate(
          input,
          all.map((row) => ({ ...toDelegationRateDto(row), id: row.id })),
        );
        if (conflict) {
          throw fieldError(['country_code'], 'rates.duplicate', { valid_from: conflict.valid_from, valid_to: conflict.valid_to ?? '…' });
        }
        const values = {
          groupId: input.group_id,
          countryCode: input.country_code,
          region: input.region,
          perDiem: input.per_diem,
          currency: input.currency,
          hotelLimit: input.hotel_limit,
          validFrom: input.valid_from,
          validTo: input.valid_to,
        };
        const id = existing ? existing.id : await ratesRepo.insertDelegationRate(tx, companyId, values);
        if (existing) await ratesRepo.updateDelegationRate(tx, companyId, id, values);
        const saved = toDelegationRateDto((await ratesRepo.findDelegationRate(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'delegationRate',
          entityId: id,
          before: existing ? toDelegationRateDto(existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, delegation_rate: saved };
      });
    },

    async customDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await ratesRepo.findDelegationRate(tx, companyId, id);
        if (!existing) throw notFoundError();
        await ratesRepo.deleteDelegationRate(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'delegationRate.delete', entityType: 'delegationRate', entityId: id, before: toDelegationRateDto(existing) });
      });
      return { status: 'ok' as const };
    },

    async mileageList(ctx: AuthenticatedContext, query: ListQuery<'valid_from' | 'vehicle_kind' | 'rate'> & { vehicle_kind?: MileageVehicleKind }) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await ratesRepo.mileagePage(db, ctx.actor.companyId, { vehicleKind: query.vehicle_kind, sort: query.sort, order: query.order }, pageWindow(query));
      return { items: items.map(toMileageRateDto), total };
    },

    async mileageSave(ctx: AuthenticatedContext, body: BodyOf<typeof ratesApi.mileageSave>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const issues = validateMileageRate(body);
      assertNoIssues(issues);
      return db.transaction(async (tx) => {
        await ratesRepo.lockCompanyRates(tx, companyId);
        const existing = body.id === undefined ? null : await ratesRepo.findMileageRate(tx, companyId, body.id);
        if (body.id !== undefined && !existing) throw notFoundError();
        const all = await ratesRepo.allMileageRates(tx, companyId);
        const overlap = findOverlappingMileageRate(
          body,
          all.map((row) => ({ ...toMileageRateDto(row) })),
        );
        if (overlap) {
          throw fieldError(['valid_from'], 'rates.mileageOverlap', { valid_from: overlap.valid_from, valid_to: overlap.valid_to ?? '…' });
        }
        const values = { vehicleKind: body.vehicle_kind, rate: body.rate, validFrom: body.valid_from, validTo: body.valid_to };
        const id = existing ? existing.id : await ratesRepo.insertMileageRate(tx, companyId, values);
        if (existing) await ratesRepo.updateMileageRate(tx, companyId, id, values);
        const saved = toMileageRateDto((await ratesRepo.findMileageRate(tx, companyId, id))!);
        await recordSaveAudit(tx, ctx, {
          companyId,
          entityType: 'mileageRate',
          entityId: id,
          before: existing ? toMileageRateDto(existing) : null,
          after: saved,
        });
        return { status: 'ok' as const, mileage_rate: saved };
      });
    },

    async mileageDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        const existing = await ratesRepo.findMileageRate(tx, companyId, id);
        if (!existing) throw notFoundError();
        await ratesRepo.deleteMileageRate(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'mileageRate.delete', entityType: 'mileageRate', entityId: id, before: toMileageRateDto(existing) });
      });
      return { status: 'ok' as const };
    },

    async groupList(ctx: AuthenticatedContext, query: ListQuery<'name' | 'parent_name' | 'user_count'>) {
      assertPermission(ctx, 'companyAdmin');
      const { items, total } = await ratesRepo.groupPage(db, ctx.actor.companyId, { search: query.search, sort: query.sort, order: query.order }, pageWindow(query));
      return { items: items.map(toRateGroupDto), total };
    },

    /** Every group, for selects (also the user editor's rate-group field). */
    async groupOptions(ctx: AuthenticatedContext) {
      assertPermission(ctx, 'companyAdmin');
      const groups = await ratesRepo.allGroups(db, ctx.actor.companyId);
      return { items: groups.map((group) => ({ id: group.id, name: group.name, parent_id: group.parentId })) };
    },

    async groupSave(ctx: AuthenticatedContext, body: BodyOf<typeof ratesApi.groupSave>) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      const name = body.name.trim();
      return db.transaction(async (tx) => {
        await ratesRepo.lockCompanyRates(tx, companyId);
        const groups = await ratesRepo.allGroups(tx, companyId);
        const existing = body.id === undefined ? null : (groups.find((group) => group.id === body.id) ?? null);
        if (body.id !== undefined && !existing) throw notFoundError();
        if (body.parent_id !== null) await requireGroup(companyId, body.parent_id, groups);
        const issues: Issue[] = [];
        const sameName = await ratesRepo.findGroupByName(tx, companyId, name);
        if (sameName && sameName.id !== body.id) issues.push({ path: ['name'], code: 'rates.groupNameTaken' });
        const graph = groups.map((group) => ({ id: group.id, parent_id: group.parentId }));
        if (wouldCreateGroupCycle(graph, body.id ?? null, body.parent_id)) issues.push({ path: ['parent_id'], code: 'rates.groupCycle' });
        assertNoIssues(issues);
        const before = existing ? await ratesRepo.groupWithUsage(tx, companyId, existing.id) : null;
        const id = existing ? existing.id : await ratesRepo.insertGroup(tx, companyId, { name, parentId: body.parent_id });
        if (existing) await ratesRepo.updateGroup(tx, companyId, id, { name, parentId: body.parent_id });
        const saved = toRateGroupDto((await ratesRepo.groupWithUsage(tx, companyId, id))!);
        await recordAudit(tx, ctx, {
          companyId,
          action: existing ? 'rateGroup.update' : 'rateGroup.create',
          entityType: 'rateGroup',
          entityId: id,
          before: before ? { name: before.name, parent_id: before.parentId } : null,
          after: { name: saved.name, parent_id: saved.parent_id },
        });
        return { status: 'ok' as const, rate_group: saved };
      });
    },

    /** A group that users, rates or child groups use cannot be deleted (`rates.groupInUse` with the counts). */
    async groupDelete(ctx: AuthenticatedContext, id: number) {
      assertPermission(ctx, 'companyAdmin');
      const companyId = ctx.actor.companyId;
      await db.transaction(async (tx) => {
        await ratesRepo.lockCompanyRates(tx, companyId);
        const group = await ratesRepo.groupWithUsage(tx, companyId, id);
        if (!group) throw notFoundError();
        if (group.userCount + group.rateCount + group.childCount > 0) {
          throw conflictError(['id'], 'rates.groupInUse', { users: group.userCount, rates: group.rateCount, groups: group.childCount });
        }
        await ratesRepo.deleteGroup(tx, companyId, id);
        await recordAudit(tx, ctx, { companyId, action: 'rateGroup.delete', entityType: 'rateGroup', entityId: id, before: { name: group.name, parent_id: group.parentId } });
      });
      return { status: 'ok' as const };
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
