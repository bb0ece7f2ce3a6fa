import type { FastifyInstance } from 'fastify';
import { locationApi } from '@delego/contract';
import { LOCATION_TYPES } from '@delego/domain';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { LocationService } from './location.service.ts';

/** The types named in `airport,city` (the contract has checked each name). */
function typesOf(list: string | undefined) {
  if (list === undefined) return undefined;
  const named = list.split(',');
  return LOCATION_TYPES.filter((type) => named.includes(type));
}

export function registerLocationRoutes(app: FastifyInstance, service: LocationService): void {
  bindEndpoint(app, locationApi.getLocationById, (ctx, { query }) => service.getById(ctx, query.id));
  bindEndpoint(app, locationApi.getTrainStationById, (ctx, { query }) => service.getTrainStationById(ctx, query.id));
  bindEndpoint(app, locationApi.search, (ctx, { query }) =>
    service.search(ctx, { query: query.query, types: typesOf(query.types), limit: query.limit }),
  );
}
