import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.ts';

export const healthApi = {
  /** Liveness without touching the database; also the bench's baseline route. */
  live: defineEndpoint({
    method: 'GET',
    path: '/health/live',
    isPublic: true,
    summary: 'The process answers',
    response: z.object({ status: z.literal('ok') }),
  }),
} as const;
