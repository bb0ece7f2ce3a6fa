import type { FastifyInstance } from 'fastify';
import { exchangeRateApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { ExchangeRateService } from './exchange-rate.service.ts';

export function registerExchangeRateRoutes(app: FastifyInstance, service: ExchangeRateService): void {
  bindEndpoint(app, exchangeRateApi.list, (ctx, { query }) =>
    service.list(ctx, { currency: query.currency, dateFrom: query.date_from, dateTo: query.date_to, source: query.source, page: query.page, page_size: query.page_size }),
  );
  bindEndpoint(app, exchangeRateApi.importNbp, (ctx, { body }) => service.importNbp(ctx, body.date_from, body.date_to));
  bindEndpoint(app, exchangeRateApi.save, (ctx, { body }) => service.saveManual(ctx, body));
  bindEndpoint(app, exchangeRateApi.delete, (ctx, { body }) => service.deleteManual(ctx, body.id));
}
