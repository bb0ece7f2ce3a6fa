import { CATALOGUE_MESSAGES, estimatedRoadKm, type CatalogueMessage, type MapsDistanceSource } from '@delego/domain';
import { LRUCache } from 'lru-cache';

/** Where a distance came from; the form labels the figure by it. */
export type DistanceSource = MapsDistanceSource;

/** A place of a route: the text the employee entered and, when the location list knows it, its coordinates. */
export interface MapPlace {
  text: string;
  coordinates: { latitude: number; longitude: number } | null;
}

/** A maps service that knows road distances. */
export interface DistanceProvider {
  readonly source: Exclude<DistanceSource, 'estimate'>;
  /** The service routes between coordinates only (OSRM), so both places must be places of the location list. */
  readonly needsCoordinates: boolean;
  /**
   * The driving distance in metres. Throws `MapsQuotaError` when the service refuses for its limits,
   * `MapsUnavailableError` for anything else (no answer in time, no route, a refused key, an odd answer).
   */
  drivingMetres(from: MapPlace, to: MapPlace): Promise<number>;
}

/** The service refused because a limit of the account or of the server was reached (spec §8 catalogue texts). */
export class MapsQuotaError extends Error {
  constructor(readonly catalogueMessage: CatalogueMessage, detail: string) {
    super(detail);
    this.name = 'MapsQuotaError';
  }
}

export class MapsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MapsUnavailableError';
  }
}

/** The distance between two places as the form shows and checks it: kilometres with one decimal. */
export type DistanceOutcome =
  | { kind: 'distance'; km: string; source: DistanceSource }
  /** The maps service's limits are exhausted: the check cannot be made (spec §8). */
  | { kind: 'quota'; message: CatalogueMessage }
  /** Neither the service nor the estimate can place these places (the estimate needs places of the location list). */
  | { kind: 'unplaceable' };

export interface MapsDistance {
  /** The configured service's source, or 'estimate' when none is configured. */
  readonly source: DistanceSource;
  distance(from: MapPlace, to: MapPlace): Promise<DistanceOutcome>;
}

/** Answers kept per process: a form recalculates on every change and must not call the service each time. */
const CACHE_ENTRIES = 5_000;

function placeKey(place: MapPlace): string {
  if (place.coordinates) return `${place.coordinates.latitude.toFixed(5)},${place.coordinates.longitude.toFixed(5)}`;
  return place.text.trim().toLocaleLowerCase('pl');
}

function kmOf(metres: number): string {
  return (metres / 1000).toFixed(1);
}

function estimateOf(from: MapPlace, to: MapPlace): DistanceOutcome {
  if (!from.coordinates || !to.coordinates) return { kind: 'unplaceable' };
  return { kind: 'distance', km: estimatedRoadKm(from.coordinates, to.coordinates).toFixed(1), source: 'estimate' };
}

/**
 * The distance of a route from the configured maps service, cached per pair of places. Without a
 * service, and when the service fails for anything but its limits, the coordinates' estimate is
 * given, labelled as such; a limit answer is passed on so the form can name it (spec §8).
 */
export function createMapsDistance(options: { provider: DistanceProvider | null; onFailure?: (error: unknown) => void }): MapsDistance {
  const { provider } = options;
  const cache = new LRUCache<string, DistanceOutcome & { kind: 'distance' }>({ max: CACHE_ENTRIES });
  return {
    source: provider?.source ?? 'estimate',
    async distance(from, to) {
      if (!provider || (provider.needsCoordinates && (!from.coordinates || !to.coordinates))) return estimateOf(from, to);
      const key = `${placeKey(from)}|${placeKey(to)}`;
      const cached = cache.get(key);
      if (cached) return cached;
      try {
        const answer = { kind: 'distance' as const, km: kmOf(await provider.drivingMetres(from, to)), source: provider.source };
        cache.set(key, answer);
        return answer;
      } catch (error) {
        if (error instanceof MapsQuotaError) return { kind: 'quota', message: error.catalogueMessage };
        options.onFailure?.(error);
        return estimateOf(from, to);
      }
    },
  };
}

export const QUOTA_MESSAGES = {
  /** The account's daily limit or billing: only the administrator can lift it. */
  exhausted: CATALOGUE_MESSAGES.mapsLimitsExhausted,
  /** Too many requests for now. */
  rate: CATALOGUE_MESSAGES.mapQuotaExceeded,
} as const;
