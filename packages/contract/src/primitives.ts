import { z } from 'zod';
import { INT32_MAX, isLocalDate, parseLocalDateTimeToMillis } from '@delego/domain';

/**
 * Field schemas that refuse, with a field issue, what PostgreSQL would choke on (issue 15 "no input
 * reaches a 500"): ids beyond the 32-bit `integer` columns, impossible calendar days (2026-02-30),
 * decimals with more digits than their `numeric` column. Build every new endpoint's fields from
 * these. Text with a NUL or a lone surrogate, and any number beyond 32 bits, is refused for every
 * route at once by the server's validator (`findUnstorableInput`), so plain `z.string()` is safe.
 */

/** A row id in a JSON body: a whole number from 1 to 2 147 483 647. */
export const idSchema = z.number().int('validation.integer').min(1, 'validation.valueOutOfRange').max(INT32_MAX, 'validation.valueOutOfRange');

/**
 * A user's id: positive, or negative for the provider-admin company's users (spec §6: the provider
 * administrator is recognised by a negative user id). Never zero.
 */
export const userIdSchema = z
  .number()
  .int('validation.integer')
  .min(-INT32_MAX, 'validation.valueOutOfRange')
  .max(INT32_MAX, 'validation.valueOutOfRange')
  .refine((value) => value !== 0, 'validation.valueOutOfRange');

/** A row id in a query string (`?id=3`), read as a number. */
export const queryIdSchema = z.coerce.number().int('validation.integer').min(1, 'validation.valueOutOfRange').max(INT32_MAX, 'validation.valueOutOfRange');

/** A whole number in a query string within `min`…`max` (at most the 32-bit range). */
export function queryIntSchema(min: number, max: number = INT32_MAX) {
  return z.coerce.number().int('validation.integer').min(min, 'validation.valueOutOfRange').max(Math.min(max, INT32_MAX), 'validation.valueOutOfRange');
}

/** A whole number in a JSON body within `min`…`max` (at most the 32-bit range). */
export function intSchema(min: number, max: number = INT32_MAX) {
  return z.number().int('validation.integer').min(min, 'validation.valueOutOfRange').max(Math.min(max, INT32_MAX), 'validation.valueOutOfRange');
}

/** A calendar day `YYYY-MM-DD` that exists (not 2026-02-30). */
export const localDateSchema = z.string().refine(isLocalDate, 'validation.date');

/** A Warsaw wall time `YYYY-MM-DD HH:mm[:ss[.SSS]]` that exists (not 2026-02-30, not in the spring DST gap). */
export const localDateTimeSchema = z.string().refine((text) => parseLocalDateTimeToMillis(text) !== null, 'validation.dateTime');

/**
 * A non-negative decimal string for a `numeric(precision, scale)` column: at most
 * `precision - scale` digits before the point and `scale` after it.
 */
export function decimalSchema(precision: number, scale: number, message = 'validation.number') {
  const pattern = new RegExp(`^\\d{1,${precision - scale}}(\\.\\d{1,${scale}})?$`);
  return z.string().regex(pattern, message);
}

/** A money amount for a `numeric(14,2)` column: up to 12 digits, at most 2 decimals. */
export const moneySchema = decimalSchema(14, 2, 'validation.amount');

/**
 * `available-users?others=true`: only the workers other than oneself, for a screen that needs one to
 * act for; none answers 403 with "No users assigned" (spec §6, ADR 0036).
 */
export const availableUsersQuerySchema = z.object({ others: z.enum(['true', 'false']).optional() });
