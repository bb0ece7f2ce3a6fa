/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * Roads are longer than the straight line between two places. Published detour indices for road
 * networks lie around 1.2–1.4 (e.g. Ballou, Rahardja & Sakai 2002, "Selected country circuity factors
 * for road travel distance estimation"); 1.2 is the lower end, chosen so that an honest trip is
 * rarely flagged while a clearly inflated one still is. Warszawa–Kraków: 252 km in a straight line,
 * 302 km estimated (great-circle 252.0 km), about 295 km by road.
 */
export const ROAD_FACTOR = 1.2;

type Coordinates = { latitude: number; longitude: number };

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance in km. */
export function greatCircleKm(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The road distance estimated from the straight line, used when no maps service is configured or it fails. */
export function estimatedRoadKm(from: Coordinates, to: Coordinates): number {
  return greatCircleKm(from, to) * ROAD_FACTOR;
}
