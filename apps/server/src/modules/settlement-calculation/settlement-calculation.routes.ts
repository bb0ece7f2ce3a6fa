import type { FastifyInstance } from 'fastify';
import { settlementCalculationApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { SettlementCalculationService } from './settlement-calculation.service.ts';

export function registerSettlementCalculationRoutes(app: FastifyInstance, service: SettlementCalculationService): void {
  bindEndpoint(app, settlementCalculationApi.formFieldChanged, (ctx, { body }) => service.formFieldChanged(ctx, body));
}
