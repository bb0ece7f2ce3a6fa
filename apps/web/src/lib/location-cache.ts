import { locationSchema, type LocationDto } from '@delego/contract';
import type { LocationType } from '@delego/domain';

/**
 * Locations the user has chosen, kept in local storage (spec §4 "Locations are cached in browser local
 * storage"): a saved form shows its places without asking the server, and an empty search offers the
 * places chosen last. Newest first, at most `MAX_CACHED` entries.
 */
const STORAGE_KEY = 'delego.locations';
const MAX_CACHED = 100;

function readAll(): LocationDto[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // An entry written by an older version of the app, or edited by hand, is dropped rather than shown.
    return parsed.flatMap((entry) => {
      const location = locationSchema.safeParse(entry);
      return location.success ? [location.data] : [];
    });
  } catch {
    return [];
  }
}

export function cachedLocation(id: number): LocationDto | undefined {
  return readAll().find((location) => location.id === id);
}

/** The most recently chosen locations of the given types (every type when none is given). */
export function recentLocations(types?: readonly LocationType[]): LocationDto[] {
  const all = readAll();
  return types && types.length > 0 ? all.filter((location) => types.includes(location.type)) : all;
}

export function rememberLocation(location: LocationDto): void {
  const rest = readAll().filter((entry) => entry.id !== location.id);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([location, ...rest].slice(0, MAX_CACHED)));
  } catch {
    // A full or disabled storage only loses the shortcut; the field still works through the server.
  }
}
