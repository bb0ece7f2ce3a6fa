import { z } from 'zod';
import { SUBSTITUTE_COMMENT_MAX_LENGTH } from '@delego/domain';
import { sessionResponseSchema } from './auth.ts';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';
import { idSchema, localDateSchema, queryIdSchema } from './primitives.ts';
import { userOptionSchema } from './user-options.ts';

export const SUBSTITUTE_SORT_COLUMNS = ['date_from', 'date_to', 'absent_user', 'substitute_user'] as const;
export const SUBSTITUTE_STATUS_FILTERS = ['all', 'current', 'upcoming', 'past'] as const;

const personSchema = z.object({ id: z.number().int(), name: z.string(), surname: z.string(), login: z.string() });

/** Spec §3 Substitute: the absent user, who acts for them, an optional period and a comment. */
export const substituteSchema = z.object({
  id: z.number().int(),
  absent_user: personSchema,
  substitute_user: personSchema,
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  comment: z.string(),
  /** current | upcoming | past, on the Warsaw calendar date of the request. */
  state: z.enum(['current', 'upcoming', 'past']),
});
export type Substitute = z.infer<typeof substituteSchema>;

const periodFields = {
  date_from: localDateSchema.nullable(),
  date_to: localDateSchema.nullable(),
  comment: z.string().max(SUBSTITUTE_COMMENT_MAX_LENGTH, 'validation.tooLong'),
};

/** One's own substitute: the absent user is the signed-in user. */
export const mySubstituteSaveBodySchema = z.strictObject({ id: idSchema.optional(), substitute_user_id: idSchema.nullable(), ...periodFields });
export type MySubstituteSaveBody = z.infer<typeof mySubstituteSaveBodySchema>;

/** The administrator's substitute, for any two people of the company. */
export const substituteSaveBodySchema = z.strictObject({
  id: idSchema.optional(),
  absent_user_id: idSchema.nullable(),
  substitute_user_id: idSchema.nullable(),
  ...periodFields,
});
export type SubstituteSaveBody = z.infer<typeof substituteSaveBodySchema>;

export const ABSENT_WAITING_KINDS = ['order', 'settlement', 'advance', 'travelService'] as const;
export type AbsentWaitingKind = (typeof ABSENT_WAITING_KINDS)[number];

/** One of the first documents waiting for an absent colleague's decision. */
export const absentWaitingItemSchema = z.object({
  kind: z.enum(ABSENT_WAITING_KINDS),
  id: z.number().int(),
  number: z.string().nullable(),
  destination: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  employee_name: z.string(),
});
export type AbsentWaitingItem = z.infer<typeof absentWaitingItemSchema>;

/**
 * What waits for the decision of a colleague the signed-in user substitutes today: the counts of the
 * colleague's own 'waiting for me' lists (bounded as those lists' counts are) and the first few of each.
 */
export const absentWaitingSchema = z.object({
  absent_user: personSchema,
  counts: z.object({ orders: z.number().int(), settlements: z.number().int(), advances: z.number().int(), travel_services: z.number().int() }),
  items: z.array(absentWaitingItemSchema),
});
export type AbsentWaiting = z.infer<typeof absentWaitingSchema>;

export const substitutesApi = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/user-substitute/list',
    summary: "The signed-in user's substitutes and the colleagues they substitute",
    response: z.object({ my_substitutes: z.array(substituteSchema), substituting: z.array(substituteSchema) }),
  }),
  colleagues: defineEndpoint({
    method: 'GET',
    path: '/user-substitute/colleagues',
    summary: 'Active colleagues matching a name, login or e-mail, to choose a substitute from',
    query: z.strictObject({ search: z.string().trim().max(200).optional(), id: queryIdSchema.optional() }),
    response: z.object({ items: z.array(userOptionSchema) }),
  }),
  saveMine: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/save',
    summary: 'Name a substitute for oneself, optionally for a period',
    body: mySubstituteSaveBodySchema,
    response: z.object({ status: z.literal('ok'), substitute: substituteSchema }),
  }),
  deleteMine: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/delete',
    summary: 'Withdraw one of one’s own substitutes',
    body: idBodySchema,
    response: okResponseSchema,
  }),
  waiting: defineEndpoint({
    method: 'GET',
    path: '/user-substitute/waiting',
    summary: 'For each colleague the signed-in user substitutes today, what waits for their decision',
    response: z.object({ items: z.array(absentWaitingSchema) }),
  }),
  loginAs: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/login-as',
    summary: 'Act as an absent colleague one substitutes today',
    body: z.strictObject({ absent_user_id: idSchema }),
    response: sessionResponseSchema,
  }),
  loginBack: defineEndpoint({
    method: 'POST',
    path: '/user-substitute/login-back',
    summary: 'Go back to one’s own account after login-as',
    response: sessionResponseSchema,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/settings/user-substitute/list',
    summary: 'Every substitute of the company',
    query: listQuerySchema(SUBSTITUTE_SORT_COLUMNS, { status: z.enum(SUBSTITUTE_STATUS_FILTERS).default('all') }),
    response: pageSchema(substituteSchema),
  }),
  adminSave: defineEndpoint({
    method: 'POST',
    path: '/settings/user-substitute/save',
    summary: 'Name a substitute for any user of the company',
    body: substituteSaveBodySchema,
    response: z.object({ status: z.literal('ok'), substitute: substituteSchema }),
  }),
  adminDelete: defineEndpoint({
    method: 'POST',
    path: '/settings/user-substitute/delete',
    summary: 'Withdraw a substitute',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
