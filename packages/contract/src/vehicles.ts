import { z } from 'zod';
import { ENGINE_CAPACITY_LIMIT, VEHICLE_TYPES } from '@delego/domain';
import { defineEndpoint, okResponseSchema } from './define-endpoint.ts';
import { idField, queryIdField, requiredText } from './master-data-fields.ts';
import { idBodySchema, listQuerySchema, pageSchema } from './paging.ts';

export const VEHICLE_SORT_COLUMNS = ['plates', 'model', 'engine_capacity', 'type', 'owner'] as const;
/** company: company vehicles; private: private ones; mine: the signed-in user's own. */
export const VEHICLE_SCOPES = ['all', 'company', 'private', 'mine'] as const;

/** Vehicle (spec §3): company vehicles have no owner, private ones belong to a user. */
export const vehicleDtoSchema = z.object({
  id: z.number().int(),
  plates: z.string(),
  model: z.string(),
  engine_capacity: z.number().int(),
  type: z.enum(VEHICLE_TYPES),
  is_private: z.boolean(),
  owner_user_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  is_active: z.boolean(),
  /** Whether the signed-in user may change or delete it. */
  can_edit: z.boolean(),
});
export type VehicleDto = z.infer<typeof vehicleDtoSchema>;

/** Spec §5 Vehicle: plate, model, engine capacity and kind required; capacity an integer below 9999 cm³. */
export const vehicleBodySchema = z.strictObject({
  id: idField.optional(),
  plates: requiredText(20),
  model: requiredText(100),
  engine_capacity: z
    .number({ error: 'global.error.required' })
    .int('validation.integer')
    .min(1, 'vehicle.engineCapacityRange')
    .max(ENGINE_CAPACITY_LIMIT - 1, 'vehicle.engineCapacityRange'),
  type: z.enum(VEHICLE_TYPES, { error: 'global.error.required' }),
  is_private: z.boolean(),
  /** The owner of a private vehicle; an employee's own vehicles are always theirs. */
  owner_user_id: idField.nullable().optional(),
  is_active: z.boolean().optional(),
});

/** Spec §7: GET vehicle/list, POST vehicle/save (status ok and vehicle.id), POST vehicle/delete. */
export const vehicleApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/vehicle/list',
    summary: "Vehicles: an employee's own private ones and the company's; every vehicle for an administrator",
    query: listQuerySchema(VEHICLE_SORT_COLUMNS, { scope: z.enum(VEHICLE_SCOPES).optional(), owner_user_id: queryIdField }),
    response: pageSchema(vehicleDtoSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/vehicle/save',
    summary: 'Create or change a vehicle',
    body: vehicleBodySchema,
    response: z.object({ status: z.literal('ok'), vehicle: vehicleDtoSchema }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/vehicle/delete',
    summary: 'Delete a vehicle',
    body: idBodySchema,
    response: okResponseSchema,
  }),
} as const;
