import type { FastifyInstance } from 'fastify';
import { vehicleApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { VehicleService } from './vehicle.service.ts';

/** Spec §7: GET vehicle/list, POST vehicle/save, POST vehicle/delete. */
export function registerVehicleRoutes(app: FastifyInstance, service: VehicleService): void {
  bindEndpoint(app, vehicleApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, vehicleApi.save, (ctx, { body }) => service.save(ctx, body));
  bindEndpoint(app, vehicleApi.delete, (ctx, { body }) => service.delete(ctx, body.id));
}
