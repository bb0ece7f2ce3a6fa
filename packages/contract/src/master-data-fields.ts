import { z } from 'zod';

/** Field schemas shared by the master-data contracts (cost centres, structure, vehicles, pages…). */
export const idField = z.number().int().positive();
export const isoDateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');
/** An amount in PLN as a decimal string with at most two decimals (ADR 0004). */
export const amountField = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'validation.amount');

/** Required text: trimmed, not empty ('Pole wymagane'), at most `max` characters. */
export function requiredText(max: number) {
  return z.string().trim().min(1, 'global.error.required').max(max, 'validation.tooLong');
}

/** Optional text: trimmed; an empty text is stored as null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

/** An optional positive id in a query string (`?cost_centre_id=3`). */
export const queryIdField = z.coerce.number().int().positive().optional();

/** A user as the assignment screens list them. */
export const userSummarySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  login: z.string(),
  email: z.string(),
  is_active: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
