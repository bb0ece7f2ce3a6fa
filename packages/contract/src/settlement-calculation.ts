import { z } from 'zod';
import { MAPS_DISTANCE_SOURCES, formIssueSchema, type CalculatedSettlement, type Issue } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';

export const settlementCalculationApi = {
  /**
   * Spec §7: validates and recalculates the settlement form on every change. The form's own
   * shape is checked by the engine, so a half-filled form answers issues, not a 400.
   */
  formFieldChanged: defineEndpoint({
    method: 'POST',
    path: '/delegation/form-field-changed',
    summary: 'Validate and calculate the settlement form',
    body: z.strictObject({
      delegation: z.record(z.string(), z.unknown()),
      delegationErrors: z.array(formIssueSchema).max(1000).nullish(),
    }),
    response: z.object({
      validation: z.custom<Issue[]>((value) => Array.isArray(value)),
      calculated: z.custom<CalculatedSettlement | null>((value) => value === null || typeof value === 'object'),
      /**
       * Per transport segment, the maps distance the server checks the kilometres against, and where it
       * came from (`estimate`: from the places' coordinates, no maps service); null when not checked.
       */
      maps_distances: z.array(z.object({ km: z.string(), source: z.enum(MAPS_DISTANCE_SOURCES) }).nullable()).default([]),
    }),
  }),
} as const;
