import type { FastifyInstance } from 'fastify';
import { adminTravelServiceApi, travelServiceApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { TravelServiceService } from './travel-service.service.ts';

export function registerTravelServiceRoutes(app: FastifyInstance, service: TravelServiceService): void {
  bindEndpoint(app, travelServiceApi.availableUsers, (ctx) => service.availableUsers(ctx));
  bindEndpoint(app, travelServiceApi.availableCompanies, (ctx) => service.availableCompanies(ctx));
  bindEndpoint(app, travelServiceApi.basicData, (ctx) => service.basicData(ctx));
  bindEndpoint(app, travelServiceApi.list, (ctx, { query }) => service.list(ctx, query));
  bindEndpoint(app, travelServiceApi.getServiceOrder, (ctx, { query }) => service.getServiceOrder(ctx, query.id, false));
  bindEndpoint(app, travelServiceApi.editServiceOrder, (ctx, { body }) => service.editServiceOrder(ctx, body));
  bindEndpoint(app, travelServiceApi.chooseOffers, (ctx, { body }) => service.chooseOffers(ctx, body));
  bindEndpoint(app, travelServiceApi.decide, (ctx, { body }) => service.decide(ctx, body));
  bindEndpoint(app, travelServiceApi.itemAction, (ctx, { body }) => service.clientItemAction(ctx, body));
  bindEndpoint(app, travelServiceApi.markMessagesRead, (ctx, { body }) => service.markMessagesRead(ctx, body, false));
  bindEndpoint(app, adminTravelServiceApi.list, (ctx, { query }) => service.adminList(ctx, query));
  bindEndpoint(app, adminTravelServiceApi.getServiceOrder, (ctx, { query }) => service.getServiceOrder(ctx, query.id, true));
  bindEndpoint(app, adminTravelServiceApi.getServiceOrderItem, (ctx, { query }) => service.adminItem(ctx, query.id));
  bindEndpoint(app, adminTravelServiceApi.saveOffers, (ctx, { body }) => service.saveOffers(ctx, body));
  bindEndpoint(app, adminTravelServiceApi.itemAction, (ctx, { body }) => service.consultantItemAction(ctx, body));
  bindEndpoint(app, adminTravelServiceApi.addBooking, (ctx, { body }) => service.addBooking(ctx, body));
  bindEndpoint(app, adminTravelServiceApi.markMessagesRead, (ctx, { body }) => service.markMessagesRead(ctx, body, true));
  bindEndpoint(app, adminTravelServiceApi.toggleNotification, (ctx, { body }) => service.toggleNotification(ctx, body.id));
}
