import { describe, expect, it } from 'vitest';
import { foldForSearch, locationNamed, searchLocations, type SearchableLocation } from './locations.ts';

const city = (id: number, pl: string, en: string, country = 'PL'): SearchableLocation => ({ id, type: 'city', iata_code: null, country_code: country, name_pl: pl, name_en: en, city_pl: null, city_en: null });
const LIST: SearchableLocation[] = [
  city(1, 'Łódź', 'Lodz'),
  { id: 2, type: 'airport', iata_code: 'LCJ', country_code: 'PL', name_pl: 'Łódź im. Władysława Reymonta', name_en: 'Łódź Władysław Reymont Airport', city_pl: 'Łódź', city_en: 'Lodz' },
  { id: 3, type: 'train_station', iata_code: null, country_code: 'PL', name_pl: 'Łódź Fabryczna', name_en: 'Łódź Fabryczna', city_pl: 'Łódź', city_en: 'Lodz' },
  city(4, 'Zurych', 'Zurich', 'CH'),
  city(5, 'Frankfurt nad Menem', 'Frankfurt am Main', 'DE'),
  { id: 6, type: 'airport', iata_code: 'FRA', country_code: 'DE', name_pl: 'Frankfurt nad Menem', name_en: 'Frankfurt am Main Airport', city_pl: 'Frankfurt nad Menem', city_en: 'Frankfurt am Main' },
  city(7, 'Warszawa', 'Warsaw'),
  { id: 8, type: 'airport', iata_code: 'WAW', country_code: 'PL', name_pl: 'Warszawa-Chopin', name_en: 'Warsaw Chopin Airport', city_pl: 'Warszawa', city_en: 'Warsaw' },
  { id: 9, type: 'airport', iata_code: 'WMI', country_code: 'PL', name_pl: 'Warszawa-Modlin', name_en: 'Warsaw Modlin Airport', city_pl: 'Warszawa', city_en: 'Warsaw' },
];

describe('location search', () => {
  it('folds Polish and foreign letters that NFD keeps whole', () => {
    expect(foldForSearch('Łódź Kaliska')).toBe('lodz kaliska');
    expect(foldForSearch('Gießen – Øresund')).toBe('giessen oresund');
  });

  it('finds a place typed without diacritics, the city before its airport and station', () => {
    expect(searchLocations(LIST, 'lodz').map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it('matches the start of words only, in either language', () => {
    expect(searchLocations(LIST, 'odz')).toEqual([]);
    expect(searchLocations(LIST, 'warsaw').map((l) => l.id)).toEqual([7, 8, 9]);
    expect(searchLocations(LIST, 'zurich').map((l) => l.id)).toEqual([4]);
  });

  it('needs every typed word to start some word of the location', () => {
    expect(searchLocations(LIST, 'warszawa mod').map((l) => l.id)).toEqual([9]);
    expect(searchLocations(LIST, 'frankfurt main').map((l) => l.id)).toEqual([5, 6]);
  });

  it('puts an exact IATA code first', () => {
    expect(searchLocations(LIST, 'wmi').map((l) => l.id)).toEqual([9]);
    expect(searchLocations(LIST, 'FRA').map((l) => l.id)).toEqual([6, 5]);
  });

  it('filters by type and keeps to the limit', () => {
    expect(searchLocations(LIST, 'war', { types: ['airport'] }).map((l) => l.id)).toEqual([8, 9]);
    expect(searchLocations(LIST, 'w', { limit: 1 })).toHaveLength(1);
    expect(searchLocations(LIST, 'w', { limit: 500 }).length).toBeLessThanOrEqual(30);
  });

  it('finds nothing for an empty or punctuation-only query', () => {
    expect(searchLocations(LIST, '')).toEqual([]);
    expect(searchLocations(LIST, ' - ')).toEqual([]);
  });
});

describe('the location a typed place names', () => {
  it('takes the name before the first comma, in either language, without diacritics, the city before an airport of that name', () => {
    expect(locationNamed(LIST, 'Warszawa, ul. Marszałkowska 1')?.id).toBe(7);
    expect(locationNamed(LIST, 'lodz')?.id).toBe(1);
    expect(locationNamed(LIST, 'Frankfurt nad Menem')?.id).toBe(5);
    expect(locationNamed(LIST, 'Warszawa-Chopin')?.id).toBe(8);
  });

  it('names nothing for a part of a name or an unknown place', () => {
    expect(locationNamed(LIST, 'Warsz')).toBeNull();
    expect(locationNamed(LIST, 'Pcim Dolny')).toBeNull();
    expect(locationNamed(LIST, ' , ')).toBeNull();
  });
});
