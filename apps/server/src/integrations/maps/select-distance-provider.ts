import type { MapsConfig } from '../../config.ts';
import type { DistanceProvider } from './distance-provider.ts';
import { createGoogleDistanceProvider } from './google-distance-provider.ts';
import { createOsrmDistanceProvider } from './osrm-distance-provider.ts';

/** The maps service the environment names (`MAPS_PROVIDER`), or null for the coordinates' estimate. */
export function distanceProviderOf(maps: MapsConfig): DistanceProvider | null {
  if (maps.provider === 'google') return createGoogleDistanceProvider({ apiKey: maps.googleApiKey, timeoutMs: maps.timeoutMs });
  if (maps.provider === 'osrm') return createOsrmDistanceProvider({ baseUrl: maps.osrmUrl, timeoutMs: maps.timeoutMs });
  return null;
}
