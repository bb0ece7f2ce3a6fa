import type { FastifyInstance } from 'fastify';
import { ratesApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { RatesService } from './rates.service.ts';

export function registerRatesRoutes(app: FastifyInstance, service: RatesService): void {
  bindEndpoint(app, ratesApi.inForce, (ctx, { query }) => service.inForce(ctx, query));
  bindEndpoint(app, ratesApi.myRates, (ctx, { query }) => service.myRates(ctx, query));
  bindEndpoint(app, ratesApi.customList, (ctx, { query }) => service.customList(ctx, query));
  bindEndpoint(app, ratesApi.customSave, (ctx, { body }) => service.customSave(ctx, body));
  bindEndpoint(app, ratesApi.customDelete, (ctx, { body }) => service.customDelete(ctx, body.id));
  bindEndpoint(app, ratesApi.mileageList, (ctx, { query }) => service.mileageList(ctx, query));
  bindEndpoint(app, ratesApi.mileageSave, (ctx, { body }) => service.mileageSave(ctx, body));
  bindEndpoint(app, ratesApi.mileageDelete, (ctx, { body }) => service.mileageDelete(ctx, body.id));
  bindEndpoint(app, ratesApi.groupList, (ctx, { query }) => service.groupList(ctx, query));
  bindEndpoint(app, ratesApi.groupOptions, (ctx) => service.groupOptions(ctx));
  bindEndpoint(app, ratesApi.groupSave, (ctx, { body }) => service.groupSave(ctx, body));
  bindEndpoint(app, ratesApi.groupDelete, (ctx, { body }) => service.groupDelete(ctx, body.id));
}
