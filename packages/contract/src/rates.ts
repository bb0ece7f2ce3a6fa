import { z } from 'zod';
import { MILEAGE_VEHICLE_KINDS, PER_DIEM_RATE_SOURCES, RATE_GROUP_NAME_MAX_LENGTH } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, localDateSchema, queryIdSchema } from './primitives.ts';

const isoDate = localDateSchema;
const id = idSchema;
/** A decimal string as typed; the domain rules check its format and range at the field. */
const decimalText = z.string().trim().max(20, 'validation.tooLong');

/** One per-diem rate in force on a day (spec §2 `/settings/delegation-rate`, `/delegation-info/delegation-rate`). */
export const perDiemRateInForceSchema = z.object({
  country_code: z.string(),
  region: z.string().nullable(),
  /** The annex's name of the row (statutory rates); null for a company override. */
  name_pl: z.string().nullable(),
  per_diem: z.string(),
  currency: z.string(),
  hotel_limit: z.string(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  source: z.enum(PER_DIEM_RATE_SOURCES),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  legal_basis: z.string().nullable(),
});
export type PerDiemRateInForceDto = z.infer<typeof perDiemRateInForceSchema>;

export const RATES_IN_FORCE_SORT_COLUMNS = ['country_code', 'per_diem', 'hotel_limit', 'currency', 'source'] as const;

const ratesInForceFilters = {
  /** The day to look at; today (Warsaw) when left out. */
  date: isoDate.optional(),
  source: z.enum(PER_DIEM_RATE_SOURCES).optional(),
};

const ratesInForceResponse = pageSchema(perDiemRateInForceSchema).extend({
  date: z.string(),
  /** The group chain applied, nearest first (names). */
  group_chain: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const delegationRateSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  country_code: z.string(),
  region: z.string().nullable(),
  per_diem: z.string(),
  currency: z.string(),
  hotel_limit: z.string(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export type DelegationRateDto = z.infer<typeof delegationRateSchema>;
export const DELEGATION_RATE_SORT_COLUMNS = ['country_code', 'valid_from', 'per_diem', 'group_name'] as const;

export const delegationRateBodySchema = z.strictObject({
  id: id.optional(),
  group_id: id.nullable(),
  country_code: z.string().trim().toUpperCase().max(2, 'rates.unknownCountry'),
  region: z.string().max(64, 'validation.tooLong').nullable(),
  per_diem: decimalText,
  currency: z.string().trim().toUpperCase().max(3, 'validation.currency'),
  hotel_limit: decimalText,
  valid_from: isoDate,
  valid_to: isoDate.nullable(),
});

export const mileageRateSchema = z.object({
  id: z.number().int(),
  vehicle_kind: z.enum(MILEAGE_VEHICLE_KINDS),
  rate: z.string(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export type MileageRateDto = z.infer<typeof mileageRateSchema>;
export const MILEAGE_RATE_SORT_COLUMNS = ['valid_from', 'vehicle_kind', 'rate'] as const;

export const mileageRateBodySchema = z.strictObject({
  id: id.optional(),
  vehicle_kind: z.enum(MILEAGE_VEHICLE_KINDS),
  rate: decimalText,
  valid_from: isoDate,
  valid_to: isoDate.nullable(),
});

export const rateGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  /** Users whose rate group this is. */
  user_count: z.number().int(),
  /** Company overrides for this group. */
  rate_count: z.number().int(),
  /** Groups inheriting from this one. */
  child_count: z.number().int(),
});
export type RateGroupDto = z.infer<typeof rateGroupSchema>;
export const RATE_GROUP_SORT_COLUMNS = ['name', 'parent_name', 'user_count'] as const;

export const rateGroupBodySchema = z.strictObject({
  id: id.optional(),
  name: z.string().trim().min(1, 'global.error.required').max(RATE_GROUP_NAME_MAX_LENGTH, 'validation.tooLong'),
  parent_id: id.nullable(),
});

export const ratesApi = {
  inForce: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-rate/in-force',
    summary: "Per-diem rates in force on a day: the statutory tables merged with the company's overrides for a group",
    query: listQuerySchema(RATES_IN_FORCE_SORT_COLUMNS, { ...ratesInForceFilters, group_id: queryIdSchema.optional() }),
    response: ratesInForceResponse,
  }),
  myRates: defineEndpoint({
    method: 'GET',
    path: '/delegation-info/delegation-rate',
    summary: "The per-diem rates in force for the signed-in employee's rate group",
    query: listQuerySchema(RATES_IN_FORCE_SORT_COLUMNS, ratesInForceFilters),
    response: ratesInForceResponse,
  }),
  customList: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-rate/custom/list',
    summary: "The company's per-diem overrides",
    query: listQuerySchema(DELEGATION_RATE_SORT_COLUMNS, { group_id: queryIdSchema.optional() }),
    response: pageSchema(delegationRateSchema),
  }),
  customSave: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/custom/save',
    summary: 'Create or change a per-diem override',
    body: delegationRateBodySchema,
    response: z.object({ status: z.literal('ok'), delegation_rate: delegationRateSchema }),
  }),
  customDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/custom/delete',
    summary: 'Delete a per-diem override',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  mileageList: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-rate/mileage/list',
    summary: "The company's mileage rates",
    query: listQuerySchema(MILEAGE_RATE_SORT_COLUMNS, { vehicle_kind: z.enum(MILEAGE_VEHICLE_KINDS).optional() }),
    response: pageSchema(mileageRateSchema),
  }),
  mileageSave: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/mileage/save',
    summary: 'Create or change a mileage rate (never above the statutory maximum)',
    body: mileageRateBodySchema,
    response: z.object({ status: z.literal('ok'), mileage_rate: mileageRateSchema }),
  }),
  mileageDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/mileage/delete',
    summary: 'Delete a mileage rate',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  groupList: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-rate/group/list',
    summary: "The company's rate groups with their use",
    query: listQuerySchema(RATE_GROUP_SORT_COLUMNS),
    response: pageSchema(rateGroupSchema),
  }),
  groupOptions: defineEndpoint({
    method: 'GET',
    path: '/settings/delegation-rate/group/options',
    summary: 'Every rate group of the company, for selects',
    response: z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() })) }),
  }),
  groupSave: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/group/save',
    summary: 'Create or change a rate group',
    body: rateGroupBodySchema,
    response: z.object({ status: z.literal('ok'), rate_group: rateGroupSchema }),
  }),
  groupDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/delegation-rate/group/delete',
    summary: 'Delete a rate group that no user, rate or group uses',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
