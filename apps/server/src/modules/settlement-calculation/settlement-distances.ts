import { catalogueIssueCode, type DelegationForm, type Issue, type SystemSettings } from '@delego/domain';
import type { Database } from '../../db/client.ts';
import { createMapsDistance, type DistanceProvider, type DistanceSource, type MapPlace, type MapsDistance } from '../../integrations/maps/distance-provider.ts';
import { createLocationService, type LocationService } from '../location/location.service.ts';

/** The maps distance of one transport segment as the form shows it beside the kilometres entered. */
export interface SegmentMapsDistance {
  km: string;
  source: DistanceSource;
}

/** Finds the location a typed place names (the location service's `placeNamed`). */
export type PlaceFinder = (text: string) => Promise<{ latitude: number; longitude: number } | null>;

/** What the settlement services need for the distance check. */
export interface SettlementDistances {
  maps: MapsDistance;
  placeOf: PlaceFinder;
}

/**
 * The maps distance (the provider's, or the coordinates' estimate without one) with the location list
 * placing typed places. Seeds pass no provider.
 */
export function createSettlementDistances(deps: {
  db: Database;
  provider: DistanceProvider | null;
  locations?: LocationService;
  onFailure?: (error: unknown) => void;
}): SettlementDistances {
  const locations = deps.locations ?? createLocationService({ db: deps.db });
  return { maps: createMapsDistance({ provider: deps.provider, onFailure: deps.onFailure }), placeOf: (text) => locations.placeNamed(text) };
}

type Segment = DelegationForm['transport'][number];

/** A segment whose kilometres the company checks: the mileage allowance, or any segment with kilometres entered. */
function carriesDistance(segment: Segment): boolean {
  return segment.settlement_type_id === 'lumpSum' || (segment.distance ?? '').trim() !== '';
}

/**
 * Puts the maps service's distance into each transport segment the company's distance check covers
 * (spec §9 distance verification), in place of whatever the browser sent: the check must not rest on
 * a figure the employee can write. Without a check (`none`) no segment gets one and the service is
 * not asked. A checked segment needs both places; the coordinates' estimate (and OSRM) further needs
 * places the location list knows. A limit answer of the service is said at the segment's distance.
 * `live` (a form change, sent as the employee types): a place the location list does not know is not
 * sent to the maps service — each keystroke would be a paid request for a half-typed name; the save asks.
 */
export async function withMapsDistances(
  form: DelegationForm,
  settings: Pick<SystemSettings, 'distance_verification'>,
  deps: SettlementDistances,
  options: { live?: boolean } = {},
): Promise<{ form: DelegationForm; issues: Issue[]; distances: (SegmentMapsDistance | null)[] }> {
  const issues: Issue[] = [];
  const distances: (SegmentMapsDistance | null)[] = form.transport.map(() => null);
  const transport = await Promise.all(
    form.transport.map(async (given, index): Promise<Segment> => {
      // Assigned, not spread: V8 (Node 20) builds a spread of a segment's ~30 fields on a slow path, and the form
      // comes with every keystroke (docs/performance.md).
      const segment: Segment = Object.assign({}, given, { google_maps_api_distance: null, google_maps_api_distance_source: null });
      if (settings.distance_verification === 'none' || !carriesDistance(segment)) return segment;
      const fromText = (segment.from_place_text ?? '').trim();
      const toText = (segment.to_place_text ?? '').trim();
      if (!fromText) issues.push({ path: ['transport', index, 'from_place_text'], code: 'validation.required' });
      if (!toText) issues.push({ path: ['transport', index, 'to_place_text'], code: 'validation.required' });
      if (!fromText || !toText) return segment;
      const from: MapPlace = { text: fromText, coordinates: await deps.placeOf(fromText) };
      const to: MapPlace = { text: toText, coordinates: await deps.placeOf(toText) };
      if (options.live && deps.maps.source === 'google' && (!from.coordinates || !to.coordinates)) return segment;
      const outcome = await deps.maps.distance(from, to);
      if (outcome.kind === 'quota') {
        issues.push({ path: ['transport', index, 'distance'], code: catalogueIssueCode(outcome.message) });
        return segment;
      }
      if (outcome.kind === 'unplaceable') {
        if (!from.coordinates) issues.push({ path: ['transport', index, 'from_place_text'], code: 'delegation.placeNotInLocations' });
        if (!to.coordinates) issues.push({ path: ['transport', index, 'to_place_text'], code: 'delegation.placeNotInLocations' });
        return segment;
      }
      distances[index] = { km: outcome.km, source: outcome.source };
      return Object.assign(segment, { google_maps_api_distance: outcome.km, google_maps_api_distance_source: outcome.source });
    }),
  );
  return { form: { ...form, transport }, issues, distances };
}
