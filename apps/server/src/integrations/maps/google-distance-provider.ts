import { z } from 'zod';
import { MapsQuotaError, MapsUnavailableError, QUOTA_MESSAGES, type DistanceProvider, type MapPlace } from './distance-provider.ts';

/** Distance Matrix API (legacy) JSON, `https://developers.google.com/maps/documentation/distance-matrix/distance-matrix`. */
const answerSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  rows: z
    .array(z.object({ elements: z.array(z.object({ status: z.string(), distance: z.object({ value: z.number().nonnegative() }).optional() })) }))
    .default([]),
});

export const GOOGLE_DISTANCE_MATRIX_URL = 'https://maps.googleapis.com/maps/api/distancematrix/json';

/** Google takes coordinates as `lat,lng`; a place the location list does not know goes as the text entered. */
function googlePlace(place: MapPlace): string {
  return place.coordinates ? `${place.coordinates.latitude},${place.coordinates.longitude}` : place.text;
}

/**
 * Google's Distance Matrix for one origin and one destination, driving, in metric units. Its limit
 * statuses are the spec's quota messages: `OVER_DAILY_LIMIT` (billing, key or daily cap — the
 * administrator must act) and `OVER_QUERY_LIMIT` (too many requests for now).
 */
export function createGoogleDistanceProvider(options: { apiKey: string; url?: string; fetchImpl?: typeof fetch; timeoutMs?: number }): DistanceProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    source: 'google',
    needsCoordinates: false,
    async drivingMetres(from, to) {
      const url = new URL(options.url ?? GOOGLE_DISTANCE_MATRIX_URL);
      url.searchParams.set('origins', googlePlace(from));
      url.searchParams.set('destinations', googlePlace(to));
      url.searchParams.set('mode', 'driving');
      url.searchParams.set('units', 'metric');
      url.searchParams.set('key', options.apiKey);
      let response: Response;
      try {
        response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      } catch (error) {
        throw new MapsUnavailableError('Google Distance Matrix did not answer', { cause: error });
      }
      if (!response.ok) throw new MapsUnavailableError(`Google Distance Matrix answered HTTP ${response.status}`);
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new MapsUnavailableError('Google Distance Matrix answered an unexpected shape');
      const { status, error_message: detail } = parsed.data;
      if (status === 'OVER_DAILY_LIMIT') throw new MapsQuotaError(QUOTA_MESSAGES.exhausted, `Google Distance Matrix: ${status} ${detail ?? ''}`.trim());
      if (status === 'OVER_QUERY_LIMIT') throw new MapsQuotaError(QUOTA_MESSAGES.rate, `Google Distance Matrix: ${status} ${detail ?? ''}`.trim());
      if (status !== 'OK') throw new MapsUnavailableError(`Google Distance Matrix: ${status} ${detail ?? ''}`.trim());
      const element = parsed.data.rows[0]?.elements[0];
      if (element?.status !== 'OK' || !element.distance) throw new MapsUnavailableError(`Google Distance Matrix found no route: ${element?.status ?? 'no element'}`);
      return element.distance.value;
    },
  };
}
