import type { FastifyInstance } from 'fastify';
import { travelServiceSettingsApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { TravelServiceSettingsService } from './travel-service-settings.service.ts';

export function registerTravelServiceSettingsRoutes(app: FastifyInstance, service: TravelServiceSettingsService): void {
  bindEndpoint(app, travelServiceSettingsApi.acceptorList, (ctx) => service.acceptors(ctx));
  bindEndpoint(app, travelServiceSettingsApi.acceptorAdd, (ctx, { body }) => service.addAcceptor(ctx, body.user_id));
  bindEndpoint(app, travelServiceSettingsApi.acceptorRemove, (ctx, { body }) => service.removeAcceptor(ctx, body.user_id));
  bindEndpoint(app, travelServiceSettingsApi.parameterList, (ctx) => service.parameters(ctx));
  bindEndpoint(app, travelServiceSettingsApi.parameterSave, (ctx, { body }) => service.saveParameter(ctx, body));
  bindEndpoint(app, travelServiceSettingsApi.parameterDelete, (ctx, { body }) => service.deleteParameter(ctx, body.id));
  bindEndpoint(app, travelServiceSettingsApi.mailSubject, (ctx) => service.mailSubject(ctx));
  bindEndpoint(app, travelServiceSettingsApi.mailSubjectSave, (ctx, { body }) => service.saveMailSubject(ctx, body.template));
  bindEndpoint(app, travelServiceSettingsApi.additionalSettings, (ctx) => service.additionalSettings(ctx));
  bindEndpoint(app, travelServiceSettingsApi.additionalSettingsSave, (ctx, { body }) => service.saveAdditionalSettings(ctx, body));
}
