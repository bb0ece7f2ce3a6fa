import { z } from 'zod';
import { LOCATION_SEARCH_DEFAULT_LIMIT, LOCATION_SEARCH_MAX_LIMIT, LOCATION_TYPES } from '@delego/domain';
import { defineEndpoint } from './define-endpoint.ts';
import { queryIdSchema, queryIntSchema } from './primitives.ts';

/**
 * A city, airport, train station or place for a hotel (spec §3 Location). Names come in both
 * interface languages so a browser that caches a chosen location can show it in either.
 */
export const locationSchema = z.object({
  id: z.number().int(),
  type: z.enum(LOCATION_TYPES),
  /** The airport's three-letter IATA code; null for other types. */
  iata_code: z.string().nullable(),
  /** ISO 3166-1 alpha-2 country code. */
  country_code: z.string(),
  name_pl: z.string(),
  name_en: z.string(),
  /** The city an airport, station or place serves; null for a city. */
  city_pl: z.string().nullable(),
  city_en: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type LocationDto = z.infer<typeof locationSchema>;

const typeList = new RegExp(`^(${LOCATION_TYPES.join('|')})(,(${LOCATION_TYPES.join('|')}))*$`);

export const locationApi = {
  getLocationById: defineEndpoint({
    method: 'GET',
    path: '/location/get-location-by-id',
    summary: 'One location of any type',
    query: z.strictObject({ id: queryIdSchema }),
    response: locationSchema,
  }),
  getTrainStationById: defineEndpoint({
    method: 'GET',
    path: '/location/get-train-station-by-id',
    summary: 'One train station (404 for a location of another type)',
    query: z.strictObject({ id: queryIdSchema }),
    response: locationSchema,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/location/search',
    summary: 'Locations whose words start with the typed words (case and diacritics ignored), cities first',
    query: z.strictObject({
      query: z.string().max(100, 'validation.tooLong'),
      /** Comma-separated types to keep (`airport,city`); every type when left out. */
      types: z.string().regex(typeList, 'validation.invalidValue').optional(),
      limit: queryIntSchema(1, LOCATION_SEARCH_MAX_LIMIT).default(LOCATION_SEARCH_DEFAULT_LIMIT),
    }),
    response: z.object({ items: z.array(locationSchema) }),
  }),
} as const;
