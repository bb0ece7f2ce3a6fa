/**
 * Locations of travel services (spec §3 Location, §7 location calls): cities, airports, train
 * stations and places for hotels. The list is searched the same way by the server and by the
 * browser's cache of chosen locations.
 */

export const LOCATION_TYPES = ['city', 'airport', 'train_station', 'place'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** The most results one search returns, and how many it returns unless asked for fewer. */
export const LOCATION_SEARCH_MAX_LIMIT = 30;
export const LOCATION_SEARCH_DEFAULT_LIMIT = 10;

/** The fields a search reads; the server's rows and the browser's cached entries both have them. */
export interface SearchableLocation {
  id: number;
  type: LocationType;
  iata_code: string | null;
  country_code: string;
  name_pl: string;
  name_en: string;
  city_pl: string | null;
  city_en: string | null;
}

// Letters NFD does not split into a base letter and a mark (Polish ł, German ß, Nordic ø/æ…).
const FOLDED_LETTERS: Record<string, string> = { ł: 'l', ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * Lower case without diacritics, words separated by single spaces: "Łódź Kaliska" → "lodz kaliska",
 * "Zürich" → "zurich", so a traveller can type without Polish or foreign letters.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łßøæœđðþı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Every word the query may start: both languages' names, the city served and the IATA code. */
export function locationSearchWords(location: SearchableLocation): string[] {
  return foldedLocation(location).words;
}

interface FoldedLocation {
  /** Every word of `locationSearchWords`. */
  words: string[];
  /** The Polish and the English name, folded. */
  names: [string, string];
}

/**
 * The folded texts of each location, made once per location object: the service holds its locations for the
 * process's life, and a search runs on every keystroke and a place look-up for every place of a form. A location
 * object is read, never changed, after it is made.
 */
const foldedLocations = new WeakMap<SearchableLocation, FoldedLocation>();

function foldedLocation(location: SearchableLocation): FoldedLocation {
  let folded = foldedLocations.get(location);
  if (!folded) {
    const texts = [location.name_pl, location.name_en, location.city_pl ?? '', location.city_en ?? '', location.iata_code ?? ''];
    const words = [...new Set(texts.flatMap((text) => foldForSearch(text).split(' ')).filter((word) => word !== ''))];
    folded = { words, names: [foldForSearch(location.name_pl), foldForSearch(location.name_en)] };
    foldedLocations.set(location, folded);
  }
  return folded;
}

// Cities first: a traveller typing "Krak" most often means the city; then its airports and stations.
const TYPE_ORDER: Record<LocationType, number> = { city: 0, airport: 1, train_station: 2, place: 3 };

function rankOf(location: SearchableLocation, query: string, queryWords: string[]): number | null {
  const { words, names } = foldedLocation(location);
  if (!queryWords.every((queryWord) => words.some((word) => word.startsWith(queryWord)))) return null;
  if (location.iata_code !== null && location.iata_code.toLowerCase() === query) return 0;
  if (names.some((name) => name.startsWith(query))) return 1;
  return 2;
}

/**
 * The locations whose words start with every word of the query (diacritics and case ignored):
 * an exact IATA code first, then names starting with the query, then other matches; within each,
 * cities before airports, stations and places, then by name in the given language.
 */
export function searchLocations<T extends SearchableLocation>(
  locations: readonly T[],
  query: string,
  options: { types?: readonly LocationType[]; limit?: number; language?: string } = {},
): T[] {
  const folded = foldForSearch(query);
  if (folded === '') return [];
  const queryWords = folded.split(' ');
  const types = options.types && options.types.length > 0 ? new Set(options.types) : null;
  const limit = Math.min(options.limit ?? LOCATION_SEARCH_DEFAULT_LIMIT, LOCATION_SEARCH_MAX_LIMIT);
  const nameOf = (location: T) => (options.language?.startsWith('en') ? location.name_en : location.name_pl);
  const collator = new Intl.Collator(options.language?.startsWith('en') ? 'en' : 'pl');
  const ranked: { location: T; rank: number }[] = [];
  for (const location of locations) {
    if (types && !types.has(location.type)) continue;
    const rank = rankOf(location, folded, queryWords);
    if (rank !== null) ranked.push({ location, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      TYPE_ORDER[a.location.type] - TYPE_ORDER[b.location.type] ||
      collator.compare(nameOf(a.location), nameOf(b.location)) ||
      a.location.id - b.location.id,
  );
  return ranked.slice(0, limit).map((entry) => entry.location);
}

/** Each list's locations by folded name (a city before any other kind, else the first), made once per list. */
const namedLocationIndexes = new WeakMap<readonly SearchableLocation[], Map<string, SearchableLocation>>();

function namedLocationIndex<T extends SearchableLocation>(locations: readonly T[]): Map<string, T> {
  let index = namedLocationIndexes.get(locations) as Map<string, T> | undefined;
  if (!index) {
    index = new Map();
    for (const location of locations) {
      for (const name of foldedLocation(location).names) {
        const named = index.get(name);
        if (named === undefined || (named.type !== 'city' && location.type === 'city')) index.set(name, location);
      }
    }
    namedLocationIndexes.set(locations, index);
  }
  return index;
}

/**
 * The location a place typed on a form names, for the distance check: the text before the first comma
 * ("Kraków, ul. Długa 5" → "Kraków") equal to a location's Polish or English name, ignoring case and
 * diacritics; a city before any other kind of location. Null when no location has that name.
 */
export function locationNamed<T extends SearchableLocation>(locations: readonly T[], text: string): T | null {
  const name = foldForSearch(text.split(',')[0] ?? '');
  if (name === '') return null;
  return namedLocationIndex(locations).get(name) ?? null;
}
