import { z } from 'zod';
import { idSchema, queryIntSchema } from './primitives.ts';

/**
 * The query every list endpoint takes: page (1-based), page size, sort column and
 * direction, and a free-text search. Each list names its sortable columns.
 */
export function listQuerySchema<const TSort extends readonly [string, ...string[]], TFilters extends z.ZodRawShape = Record<never, never>>(
  sortColumns: TSort,
  filters?: TFilters,
) {
  return z.strictObject({
    page: queryIntSchema(1).default(1),
    page_size: queryIntSchema(1, 200).default(25),
    sort: z.enum(sortColumns).default(sortColumns[0]),
    order: z.enum(['asc', 'desc']).default('asc'),
    search: z.string().trim().max(200).optional(),
    ...(filters ?? ({} as TFilters)),
  });
}

/** A page of a list: its items and the total count across all pages. */
export function pageSchema<TItem extends z.ZodType>(item: TItem) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/**
 * A page of a long document list whose total is counted only up to a bound, so that a
 * caller who can see 100 000 documents pays for a page, not for counting them all: the
 * total is exact when `total_is_exact`, and otherwise a lower bound ('more than N').
 */
export function boundedPageSchema<TItem extends z.ZodType>(item: TItem) {
  return z.object({ items: z.array(item), total: z.number().int(), total_is_exact: z.boolean() });
}

/** `{ id }`, the body of every delete and edit-load call. */
export const idBodySchema = z.strictObject({ id: idSchema });
