import { z } from 'zod';
import { idSchema, localDateSchema, moneySchema, queryIdSchema } from './primitives.ts';

/** Field schemas shared by the master-data contracts (cost centres, structure, vehicles, pages…). */
export const idField = idSchema;
export const isoDateField = localDateSchema;
/** An amount in PLN as a decimal string with at most two decimals (ADR 0004). */
export const amountField = moneySchema;

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
export const queryIdField = queryIdSchema.optional();

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
