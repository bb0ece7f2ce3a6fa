import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';
import { queryIdSchema } from './primitives.ts';

export const USER_OPTIONS_LIMIT = 20;

export const userOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  login: z.string(),
  email: z.string(),
  is_active: z.boolean(),
});
export type UserOption = z.infer<typeof userOptionSchema>;

/** A search for choosing a user (vehicle owner, travel-service acceptor) in the settings screens. */
export const userOptionsApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/settings/user-options',
    summary: `Up to ${USER_OPTIONS_LIMIT} active users of the company matching a name, login or e-mail`,
    query: z.strictObject({ search: z.string().trim().max(200).optional(), id: queryIdSchema.optional() }),
    response: z.object({ items: z.array(userOptionSchema) }),
  }),
} as const;
