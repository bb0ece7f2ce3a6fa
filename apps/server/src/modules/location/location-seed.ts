import type { Executor } from '../../db/client.ts';
import { CITIES } from './location-data-cities.ts';
import { AIRPORTS, PLACES, TRAIN_STATIONS } from './location-data-points.ts';
import { locationRepo, type NewLocationRow } from './location.repo.ts';

/** The rows of the location data files, each keyed by a stable `code` ("city:pl-warszawa", "airport:WAW"). */
export function locationSeedRows(): NewLocationRow[] {
  const cities = new Map(CITIES.map((row) => [row[0], row]));
  const cityOf = (key: string) => {
    const city = cities.get(key);
    if (!city) throw new Error(`Location data names an unknown city ${key}`);
    return city;
  };
  const rows: NewLocationRow[] = CITIES.map(([key, countryCode, namePl, nameEn, latitude, longitude]) => ({
    code: `city:${key}`,
    type: 'city',
    iataCode: null,
    countryCode,
    namePl,
    nameEn,
    cityPl: null,
    cityEn: null,
    latitude,
    longitude,
  }));
  const points = [
    ...AIRPORTS.map((row) => ({ row, type: 'airport' as const, code: `airport:${row[0]}`, iataCode: row[0] })),
    ...TRAIN_STATIONS.map((row) => ({ row, type: 'train_station' as const, code: `station:${row[0]}`, iataCode: null })),
    ...PLACES.map((row) => ({ row, type: 'place' as const, code: `place:${row[0]}`, iataCode: null })),
  ];
  for (const { row, type, code, iataCode } of points) {
    const [, cityKey, namePl, nameEn, latitude, longitude] = row;
    const city = cityOf(cityKey);
    rows.push({ code, type, iataCode, countryCode: city[1], namePl, nameEn, cityPl: city[2], cityEn: city[3], latitude, longitude });
  }
  return rows;
}

/** Keeps the locations table in step with the data files (run at start with the other reference data). */
export async function syncLocations(db: Executor): Promise<void> {
  await locationRepo.upsert(db, locationSeedRows());
}
