import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LocationDto } from '@delego/contract';
import { AppProviders } from '../../app/providers.tsx';
import { i18n } from '../../lib/i18n.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { LocationField } from './location-field.tsx';

const FRA: LocationDto = { id: 41, type: 'airport', iata_code: 'FRA', country_code: 'DE', name_pl: 'Frankfurt nad Menem', name_en: 'Frankfurt Airport', city_pl: 'Frankfurt nad Menem', city_en: 'Frankfurt am Main', latitude: 50.04, longitude: 8.56 };
const FRANKFURT: LocationDto = { id: 40, type: 'city', iata_code: null, country_code: 'DE', name_pl: 'Frankfurt nad Menem', name_en: 'Frankfurt am Main', city_pl: null, city_en: null, latitude: 50.11, longitude: 8.68 };
const KRAKOW: LocationDto = { id: 7, type: 'train_station', iata_code: null, country_code: 'PL', name_pl: 'Kraków Główny', name_en: 'Kraków Główny', city_pl: 'Kraków', city_en: 'Krakow', latitude: 50.07, longitude: 19.95 };

function Field({ initial = null, onValue = () => undefined }: { initial?: number | null; onValue?: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <LocationField
      label="Dokąd"
      types={['airport', 'city']}
      value={value}
      onChange={(id) => {
        setValue(id);
        onValue(id);
      }}
    />
  );
}

const renderField = (ui: React.ReactNode) => render(<AppProviders><QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider></AppProviders>);

describe('the location field', () => {
  it('searches the server for the typed text with the allowed types and remembers the choice', async () => {
    const api = mockFetch({ 'GET /api/location/search': { body: { items: [FRANKFURT, FRA] } } });
    const chosen: (number | null)[] = [];
    renderField(<Field onValue={(id) => chosen.push(id)} />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Dokąd' });
    await user.click(input);
    expect(await screen.findByText('Zacznij pisać, aby wyszukać')).toBeTruthy();

    await user.type(input, 'frank');
    const option = await screen.findByRole('option', { name: /Frankfurt nad Menem \(FRA\)/ });
    expect(within(option).getByText('Lotnisko · Frankfurt nad Menem · Niemcy')).toBeTruthy();
    await waitFor(() => expect(api.requestsTo('GET /api/location/search').at(-1)!.url.searchParams.get('query')).toBe('frank'));
    expect(api.requestsTo('GET /api/location/search').at(-1)!.url.searchParams.get('types')).toBe('airport,city');

    await user.click(option);
    expect(chosen).toEqual([41]);
    expect((input as HTMLInputElement).value).toBe('Frankfurt nad Menem (FRA)');
    expect(JSON.parse(window.localStorage.getItem('delego.locations')!)).toEqual([FRA]);
  });

  it('shows a cached value without asking the server, in the interface language', async () => {
    window.localStorage.setItem('delego.locations', JSON.stringify([FRA]));
    const api = mockFetch({});
    await i18n.changeLanguage('en-US');
    renderField(<Field initial={41} />);
    expect((screen.getByRole('combobox', { name: 'Dokąd' }) as HTMLInputElement).value).toBe('Frankfurt Airport (FRA)');
    expect(api.requests).toEqual([]);
  });

  it('loads a value the browser has not cached by its id', async () => {
    const api = mockFetch({ 'GET /api/location/get-location-by-id': { body: FRANKFURT } });
    renderField(<Field initial={40} />);
    expect(await screen.findByDisplayValue('Frankfurt nad Menem')).toBeTruthy();
    expect(api.requestsTo('GET /api/location/get-location-by-id')[0]!.url.searchParams.get('id')).toBe('40');
  });

  it('offers the places chosen last, of the allowed types only, before anything is typed', async () => {
    window.localStorage.setItem('delego.locations', JSON.stringify([KRAKOW, FRA]));
    mockFetch({});
    renderField(<Field />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Dokąd' }));
    expect(await screen.findByRole('option', { name: /Frankfurt nad Menem \(FRA\)/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Kraków Główny/ })).toBeNull();
  });

  it('says when nothing matches', async () => {
    mockFetch({ 'GET /api/location/search': { body: { items: [] } } });
    renderField(<Field />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Dokąd' }), 'qqq');
    expect(await screen.findByText('Brak pasujących miejsc')).toBeTruthy();
  });
});
