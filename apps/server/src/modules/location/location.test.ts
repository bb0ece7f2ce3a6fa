import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { settingsCallers } from '../../../test/sessions.ts';
import { apiCalls } from '../../../test/api-helpers.ts';
import { locations } from '../../db/schema/index.ts';
import { syncLocations } from './location-seed.ts';

let t: TestApp;
let employee: { authorization: string };
let otherAdmin: { authorization: string };
let api: ReturnType<typeof apiCalls>;

beforeAll(async () => {
  t = await createTestApp();
  ({ employee, otherAdmin } = await settingsCallers(t));
  api = apiCalls(t.app);
});
afterAll(async () => t.close());

async function search(query: string, extra = '', headers = employee) {
  const response = await api.get(`/location/search?query=${encodeURIComponent(query)}${extra}`, headers);
  expect(response.statusCode).toBe(200);
  return response.json().items as { id: number; type: string; iata_code: string | null; name_pl: string; name_en: string; city_pl: string | null; country_code: string }[];
}

describe('location list', () => {
  it('holds every Polish airport with scheduled flights and the main stations and cities of Poland and Europe', async () => {
    const rows = await t.db.select().from(locations);
    const codes = new Set(rows.map((row) => row.iataCode));
    for (const iata of ['WAW', 'WMI', 'RDO', 'KRK', 'KTW', 'GDN', 'WRO', 'POZ', 'SZZ', 'BZG', 'LCJ', 'LUZ', 'RZE', 'IEG', 'SZY', 'FRA', 'MUC', 'LHR', 'CDG']) {
      expect(codes.has(iata), iata).toBe(true);
    }
    expect(rows.filter((row) => row.type === 'city').length).toBeGreaterThan(250);
    expect(rows.filter((row) => row.type === 'train_station' && row.countryCode === 'PL').length).toBeGreaterThan(50);
    expect(rows.length).toBeGreaterThan(500);
  });

  it('syncing again changes nothing and keeps the ids the browser has cached', async () => {
    const before = await t.db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.code, 'airport:WAW'));
    await syncLocations(t.db);
    const after = await t.db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.code, 'airport:WAW'));
    expect(after).toEqual(before);
  });
});

describe('location/search', () => {
  it('finds a city typed without Polish letters, the city before its airport and stations', async () => {
    const items = await search('lodz');
    expect(items[0]).toMatchObject({ type: 'city', name_pl: 'Łódź', name_en: 'Lodz', country_code: 'PL', city_pl: null });
    expect(items.map((item) => item.type)).toEqual(expect.arrayContaining(['airport', 'train_station']));
    expect(items.find((item) => item.type === 'airport')).toMatchObject({ iata_code: 'LCJ', city_pl: 'Łódź' });
  });

  it('finds by the English or Polish name and by the IATA code first', async () => {
    expect((await search('Frankfurt', '&types=airport')).map((item) => item.iata_code)).toEqual(['FRA', 'HHN']);
    expect((await search('wiedeń', '&types=city'))[0]).toMatchObject({ name_en: 'Vienna' });
    expect((await search('vienna', '&types=train_station'))[0]).toMatchObject({ name_pl: 'Wien Hauptbahnhof' });
    expect((await search('waw'))[0]).toMatchObject({ iata_code: 'WAW', type: 'airport' });
  });

  it('keeps to the asked types and limit, and answers nothing for an empty query', async () => {
    const stations = await search('warszawa', '&types=train_station,place&limit=3');
    expect(stations).toHaveLength(3);
    expect(stations.every((item) => item.type === 'train_station' || item.type === 'place')).toBe(true);
    expect(await search('')).toEqual([]);
    expect(await search('zzzzqx')).toEqual([]);
  });

  it('refuses an unknown type and a limit beyond the maximum with field issues', async () => {
    const badType = await api.get('/location/search?query=wa&types=airport,harbour', employee);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().issues).toEqual([expect.objectContaining({ path: ['querystring', 'types'], code: 'validation.invalidValue' })]);
    const badLimit = await api.get('/location/search?query=wa&limit=31', employee);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().issues).toEqual([expect.objectContaining({ path: ['querystring', 'limit'], code: 'validation.valueOutOfRange' })]);
  });

  it('serves the same shared list to every company and refuses the anonymous caller', async () => {
    expect((await search('krak', '', otherAdmin))[0]).toMatchObject({ name_pl: 'Kraków' });
    expect((await api.get('/location/search?query=krak', {})).statusCode).toBe(401);
  });
});

describe('location/get-location-by-id and get-train-station-by-id', () => {
  it('answers a location of any type by id, and a train station only when it is one', async () => {
    const [airport] = await search('KRK');
    const byId = await api.get(`/location/get-location-by-id?id=${airport!.id}`, employee);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({
      id: airport!.id,
      type: 'airport',
      iata_code: 'KRK',
      country_code: 'PL',
      name_pl: 'Kraków-Balice im. Jana Pawła II',
      name_en: 'John Paul II Kraków-Balice Airport',
      city_pl: 'Kraków',
      city_en: 'Krakow',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect((await api.get(`/location/get-train-station-by-id?id=${airport!.id}`, employee)).statusCode).toBe(404);

    const [station] = await search('Kraków Główny', '&types=train_station');
    const stationById = await api.get(`/location/get-train-station-by-id?id=${station!.id}`, employee);
    expect(stationById.statusCode).toBe(200);
    expect(stationById.json()).toMatchObject({ type: 'train_station', name_pl: 'Kraków Główny', city_en: 'Krakow' });
  });

  it('answers 404 for an id that names no location and 400 for one that is not an id', async () => {
    expect((await api.get('/location/get-location-by-id?id=2147483647', employee)).statusCode).toBe(404);
    expect((await api.get('/location/get-location-by-id?id=abc', employee)).statusCode).toBe(400);
  });
});
