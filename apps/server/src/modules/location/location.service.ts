import { AppError, ErrorCode, locationNamed, searchLocations, type LocationType } from '@delego/domain';
import type { LocationDto } from '@delego/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedContext } from '../../http/request-context.ts';
import { locationRepo, type LocationRow } from './location.repo.ts';

export function toLocationDto(row: LocationRow): LocationDto {
  return {
    id: row.id,
    type: row.type as LocationType,
    iata_code: row.iataCode,
    country_code: row.countryCode,
    name_pl: row.namePl,
    name_en: row.nameEn,
    city_pl: row.cityPl,
    city_en: row.cityEn,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * Locations are reference data written only at start (`syncLocations`, before the app serves), so
 * each process reads the few hundred rows once and answers every look-up and search from memory.
 */
export function createLocationService(deps: { db: Database }) {
  let loaded: Promise<{ all: LocationDto[]; byId: Map<number, LocationDto> }> | null = null;
  function list() {
    loaded ??= locationRepo.listAll(deps.db).then(
      (rows) => {
        const all = rows.map(toLocationDto);
        return { all, byId: new Map(all.map((location) => [location.id, location])) };
      },
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    );
    return loaded;
  }

  const notFound = () => new AppError(ErrorCode.notFound, { messages: ['Not found'] });

  return {
    async getById(_ctx: AuthenticatedContext, id: number): Promise<LocationDto> {
      const location = (await list()).byId.get(id);
      if (!location) throw notFound();
      return location;
    },

    async getTrainStationById(_ctx: AuthenticatedContext, id: number): Promise<LocationDto> {
      const location = (await list()).byId.get(id);
      if (location?.type !== 'train_station') throw notFound();
      return location;
    },

    /** The location a place typed on a form names (`locationNamed`), for the distance check; null when none. */
    async placeNamed(text: string): Promise<LocationDto | null> {
      return locationNamed((await list()).all, text);
    },

    async search(ctx: AuthenticatedContext, input: { query: string; types?: LocationType[]; limit: number }) {
      const { all } = await list();
      return { items: searchLocations(all, input.query, { types: input.types, limit: input.limit, language: ctx.actor.language }) };
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
