import { readFileSync } from 'node:fs';
import { CATALOGUE_MESSAGES, greatCircleKm, estimatedRoadKm, ROAD_FACTOR } from '@delego/domain';
import { describe, expect, it, vi } from 'vitest';
import { createMapsDistance, MapsQuotaError, MapsUnavailableError, type MapPlace } from './distance-provider.ts';
import { createGoogleDistanceProvider } from './google-distance-provider.ts';
import { createOsrmDistanceProvider } from './osrm-distance-provider.ts';

function recorded(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

/** A fetch answering the recorded body with the status, remembering the URLs asked. */
function fetchAnswering(name: string, status = 200) {
  const urls: string[] = [];
  const fetchImpl = vi.fn(async (url: string | URL) => {
    urls.push(String(url));
    return new Response(JSON.stringify(recorded(name)), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, urls, calls: () => fetchImpl.mock.calls.length };
}

/** A fetch that never answers before the request's own signal aborts it. */
const hangingFetch = ((_url: string | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  })) as typeof fetch;

const warszawa: MapPlace = { text: 'Warszawa', coordinates: { latitude: 52.2297, longitude: 21.0122 } };
const krakow: MapPlace = { text: 'Kraków', coordinates: { latitude: 50.0647, longitude: 19.945 } };
const unknownPlace: MapPlace = { text: 'Pcim Dolny, ul. Główna 1', coordinates: null };

describe('the coordinates estimate', () => {
  it('measures Warszawa–Kraków as about 252 km in a straight line', () => {
    expect(greatCircleKm(warszawa.coordinates!, krakow.coordinates!)).toBeCloseTo(252, 0);
  });

  it('estimates the road as the straight line times the road factor', () => {
    expect(estimatedRoadKm(warszawa.coordinates!, krakow.coordinates!)).toBeCloseTo(252.2 * ROAD_FACTOR, 0);
  });

  it('is what the form gets without a maps service, labelled as an estimate', async () => {
    const maps = createMapsDistance({ provider: null });
    expect(maps.source).toBe('estimate');
    await expect(maps.distance(warszawa, krakow)).resolves.toEqual({ kind: 'distance', km: '302.4', source: 'estimate' });
  });

  it('cannot place a place the location list does not know', async () => {
    await expect(createMapsDistance({ provider: null }).distance(warszawa, unknownPlace)).resolves.toEqual({ kind: 'unplaceable' });
  });
});

describe('the Google Distance Matrix provider', () => {
  it('reads the driving distance in metres and asks with the coordinates, driving, metric', async () => {
    const { fetchImpl, urls } = fetchAnswering('google-ok');
    const provider = createGoogleDistanceProvider({ apiKey: 'test-key', fetchImpl });
    await expect(provider.drivingMetres(warszawa, krakow)).resolves.toBe(293412);
    const url = new URL(urls[0]!);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/distancematrix/json');
    expect(url.searchParams.get('origins')).toBe('52.2297,21.0122');
    expect(url.searchParams.get('destinations')).toBe('50.0647,19.945');
    expect(url.searchParams.get('mode')).toBe('driving');
    expect(url.searchParams.get('units')).toBe('metric');
    expect(url.searchParams.get('key')).toBe('test-key');
  });

  it('sends a place the location list does not know as the text entered', async () => {
    const { fetchImpl, urls } = fetchAnswering('google-ok');
    await createGoogleDistanceProvider({ apiKey: 'k', fetchImpl }).drivingMetres(unknownPlace, krakow);
    expect(new URL(urls[0]!).searchParams.get('origins')).toBe('Pcim Dolny, ul. Główna 1');
  });

  it.each([
    ['google-over-daily-limit', CATALOGUE_MESSAGES.mapsLimitsExhausted],
    ['google-over-query-limit', CATALOGUE_MESSAGES.mapQuotaExceeded],
  ])('turns %s into the catalogue message', async (fixture, message) => {
    const provider = createGoogleDistanceProvider({ apiKey: 'k', fetchImpl: fetchAnswering(fixture).fetchImpl });
    const failure = await provider.drivingMetres(warszawa, krakow).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MapsQuotaError);
    expect((failure as MapsQuotaError).catalogueMessage).toBe(message);
  });

  it.each(['google-request-denied', 'google-zero-results'])('reports %s as the service unavailable', async (fixture) => {
    const provider = createGoogleDistanceProvider({ apiKey: 'k', fetchImpl: fetchAnswering(fixture).fetchImpl });
    await expect(provider.drivingMetres(warszawa, krakow)).rejects.toBeInstanceOf(MapsUnavailableError);
  });

  it('gives up after its timeout', async () => {
    const provider = createGoogleDistanceProvider({ apiKey: 'k', fetchImpl: hangingFetch, timeoutMs: 50 });
    await expect(provider.drivingMetres(warszawa, krakow)).rejects.toBeInstanceOf(MapsUnavailableError);
  });
});

describe('the OSRM provider', () => {
  it('asks the route service, driving, with lon,lat and reads the distance in metres', async () => {
    const { fetchImpl, urls } = fetchAnswering('osrm-ok');
    const provider = createOsrmDistanceProvider({ baseUrl: 'http://osrm.test/', fetchImpl });
    await expect(provider.drivingMetres(warszawa, krakow)).resolves.toBe(292876.4);
    expect(urls[0]).toBe('http://osrm.test/route/v1/driving/21.0122,52.2297;19.945,50.0647?overview=false&alternatives=false&steps=false');
  });

  it('turns a 429 into map quota exceeded', async () => {
    const provider = createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: fetchAnswering('osrm-too-many-requests', 429).fetchImpl });
    const failure = await provider.drivingMetres(warszawa, krakow).catch((error: unknown) => error);
    expect((failure as MapsQuotaError).catalogueMessage).toBe(CATALOGUE_MESSAGES.mapQuotaExceeded);
  });

  it('reports no route as the service unavailable', async () => {
    const provider = createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: fetchAnswering('osrm-no-route', 400).fetchImpl });
    await expect(provider.drivingMetres(warszawa, krakow)).rejects.toBeInstanceOf(MapsUnavailableError);
  });

  it('needs both places with coordinates and does not ask without them', async () => {
    const answering = fetchAnswering('osrm-ok');
    const provider = createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: answering.fetchImpl });
    await expect(provider.drivingMetres(unknownPlace, krakow)).rejects.toBeInstanceOf(MapsUnavailableError);
    expect(answering.calls()).toBe(0);
  });

  it('gives up after its timeout', async () => {
    const provider = createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: hangingFetch, timeoutMs: 50 });
    await expect(provider.drivingMetres(warszawa, krakow)).rejects.toBeInstanceOf(MapsUnavailableError);
  });
});

describe('the maps distance of a route', () => {
  it('gives the service kilometres labelled by the service and asks once per pair of places', async () => {
    const answering = fetchAnswering('google-ok');
    const maps = createMapsDistance({ provider: createGoogleDistanceProvider({ apiKey: 'k', fetchImpl: answering.fetchImpl }) });
    await expect(maps.distance(warszawa, krakow)).resolves.toEqual({ kind: 'distance', km: '293.4', source: 'google' });
    await maps.distance(warszawa, krakow);
    expect(answering.calls()).toBe(1);
    await maps.distance(krakow, warszawa);
    expect(answering.calls()).toBe(2);
  });

  it('passes a limit answer on, and asks again next time', async () => {
    const answering = fetchAnswering('google-over-daily-limit');
    const maps = createMapsDistance({ provider: createGoogleDistanceProvider({ apiKey: 'k', fetchImpl: answering.fetchImpl }) });
    await expect(maps.distance(warszawa, krakow)).resolves.toEqual({ kind: 'quota', message: CATALOGUE_MESSAGES.mapsLimitsExhausted });
    await maps.distance(warszawa, krakow);
    expect(answering.calls()).toBe(2);
  });

  it('does not ask OSRM, nor report a failure, for a place the location list does not know', async () => {
    const answering = fetchAnswering('osrm-ok');
    const failures: unknown[] = [];
    const maps = createMapsDistance({ provider: createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: answering.fetchImpl }), onFailure: (error) => failures.push(error) });
    await expect(maps.distance(unknownPlace, krakow)).resolves.toEqual({ kind: 'unplaceable' });
    expect(answering.calls()).toBe(0);
    expect(failures).toEqual([]);
  });

  it('falls back to the labelled estimate when the service fails otherwise, and reports the failure', async () => {
    const failures: unknown[] = [];
    const maps = createMapsDistance({
      provider: createOsrmDistanceProvider({ baseUrl: 'http://osrm.test', fetchImpl: hangingFetch, timeoutMs: 50 }),
      onFailure: (error) => failures.push(error),
    });
    await expect(maps.distance(warszawa, krakow)).resolves.toEqual({ kind: 'distance', km: '302.4', source: 'estimate' });
    expect(failures).toHaveLength(1);
  });
});
