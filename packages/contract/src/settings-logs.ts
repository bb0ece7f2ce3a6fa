import { z } from 'zod';
import { INT32_MIN } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { listQuerySchema, pageSchema } from './paging.ts';
import { localDateSchema, queryIntSchema } from './primitives.ts';

const isoDate = localDateSchema;
const personSchema = z.object({ id: z.number().int(), login: z.string(), name: z.string(), surname: z.string() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  created_at: z.string(),
  /** Who acted; null for actions without a signed-in user (a failed login of an unknown login). */
  user: personSchema.nullable(),
  /** Whom they acted as (login-as); equals `user` otherwise. */
  context_user: personSchema.nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip_address: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = listQuerySchema(['created_at'] as const, {
  /** Actions done by this user, themselves or while acting as someone else, or as them. */
  user_id: queryIntSchema(INT32_MIN).optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  entity_type: z.string().trim().max(100).optional(),
  entity_id: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
}).extend({ order: z.enum(['asc', 'desc']).default('desc') });

export const logsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/logs/list',
    summary: "The company's audit trail, newest first",
    query: auditLogQuerySchema,
    response: pageSchema(auditEntrySchema),
  }),
  filterOptions: defineEndpoint({
    method: 'GET',
    path: '/settings/logs/filter-options',
    summary: 'The object types, actions and users that occur in the audit trail',
    response: z.object({
      entity_types: z.array(z.string()),
      actions: z.array(z.string()),
      users: z.array(personSchema),
    }),
  }),
} as const;
