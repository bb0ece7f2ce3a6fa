import { z } from 'zod';
import { MapsQuotaError, MapsUnavailableError, QUOTA_MESSAGES, type DistanceProvider } from './distance-provider.ts';

/** OSRM route service answer (`Project-OSRM/osrm-backend` docs/http.md): `code` and routes with `distance` in metres. */
const answerSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z.array(z.object({ distance: z.number().nonnegative() })).optional(),
});

/**
 * An OSRM server's route service with the driving profile. OSRM routes between coordinates only, so
 * both places must be places of the location list. A 429 (a rate-limited server such as the public
 * demo) is the spec's 'map quota exceeded'.
 */
export function createOsrmDistanceProvider(options: { baseUrl: string; fetchImpl?: typeof fetch; timeoutMs?: number }): DistanceProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    source: 'osrm',
    needsCoordinates: true,
    async drivingMetres(from, to) {
      if (!from.coordinates || !to.coordinates) throw new MapsUnavailableError('OSRM needs the coordinates of both places');
      // OSRM takes `lon,lat`.
      const points = [from.coordinates, to.coordinates].map((point) => `${point.longitude},${point.latitude}`).join(';');
      const url = `${base}/route/v1/driving/${points}?overview=false&alternatives=false&steps=false`;
      let response: Response;
      try {
        response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      } catch (error) {
        throw new MapsUnavailableError('OSRM did not answer', { cause: error });
      }
      if (response.status === 429) throw new MapsQuotaError(QUOTA_MESSAGES.rate, 'OSRM answered 429 Too Many Requests');
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new MapsUnavailableError(`OSRM answered HTTP ${response.status} with an unexpected shape`);
      const route = parsed.data.routes?.[0];
      if (!response.ok || parsed.data.code !== 'Ok' || !route) throw new MapsUnavailableError(`OSRM: ${parsed.data.code} ${parsed.data.message ?? ''}`.trim());
      return route.distance;
    },
  };
}
