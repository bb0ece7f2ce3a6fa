import { COUNTRY_CODES, DOMESTIC_COUNTRY_CODE, FOREIGN_PER_DIEM_ROWS } from '@delego/domain';

/** The city regions of the foreign annex per country (e.g. New York and Washington for the USA). */
const REGIONS_BY_COUNTRY: ReadonlyMap<string, readonly string[]> = (() => {
  const regions = new Map<string, string[]>();
  for (const row of FOREIGN_PER_DIEM_ROWS) {
    if (row.country_code === null || row.region === null) continue;
    const list = regions.get(row.country_code) ?? [];
    if (!list.includes(row.region)) list.push(row.region);
    regions.set(row.country_code, list);
  }
  return regions;
})();

/** The regions the rate tables have for a country (empty when the country's rate is one for all of it). */
export function regionsOf(countryCode: string): readonly string[] {
  return REGIONS_BY_COUNTRY.get(countryCode) ?? [];
}

/** The annex's Polish name of a region, used when the interface has no translation of it. */
export function regionNameFromAnnex(countryCode: string, region: string): string {
  const row = FOREIGN_PER_DIEM_ROWS.find((candidate) => candidate.country_code === countryCode && candidate.region === region);
  return row?.name_pl ?? region;
}

const namesCache = new Map<string, Intl.DisplayNames | null>();

function createDisplayNames(language: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  } catch {
    // A browser without region names falls back to the annex's names and the codes.
    return null;
  }
}

function displayNames(language: string): Intl.DisplayNames | null {
  if (!namesCache.has(language)) namesCache.set(language, createDisplayNames(language));
  return namesCache.get(language) ?? null;
}

/** The country's name in the interface language (the annex's Polish name as a fallback), or the code. */
export function countryName(code: string, language: string): string {
  const name = displayNames(language)?.of(code);
  if (name && name !== code) return name;
  const annexRow = FOREIGN_PER_DIEM_ROWS.find((row) => row.country_code === code && row.region === null);
  return annexRow?.name_pl ?? code;
}

/** Every country a part may be in, Poland first, then by name in the interface language. */
export function countryOptions(language: string): string[] {
  const collator = new Intl.Collator(language);
  const others = COUNTRY_CODES.filter((code) => code !== DOMESTIC_COUNTRY_CODE);
  others.sort((a, b) => collator.compare(countryName(a, language), countryName(b, language)));
  return [DOMESTIC_COUNTRY_CODE, ...others];
}
