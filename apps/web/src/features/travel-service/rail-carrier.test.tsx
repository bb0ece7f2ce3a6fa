import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LocationDto } from '@delego/contract';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { pastePickerText, pickerText } from '../../testing/pickers.ts';
import { basicData, orderer } from './testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const CENTRALNA: LocationDto = { id: 101, type: 'train_station', iata_code: null, country_code: 'PL', name_pl: 'Warszawa Centralna', name_en: 'Warszawa Centralna', city_pl: 'Warszawa', city_en: 'Warsaw', latitude: 52.23, longitude: 21.0 };
const GLOWNY: LocationDto = { id: 7, type: 'train_station', iata_code: null, country_code: 'PL', name_pl: 'Kraków Główny', name_en: 'Kraków Główny', city_pl: 'Kraków', city_en: 'Krakow', latitude: 50.07, longitude: 19.95 };

beforeEach(() => {
  window.localStorage.setItem('delego.locations', JSON.stringify([CENTRALNA, GLOWNY]));
});

describe('the rail-carrier page', { timeout: 40_000 }, () => {
  it('needs two stations and a day, then opens the order with the journey as its rail service', async () => {
    const { user } = renderApp('/travel-service/rail-carrier', { user: orderer, handlers: { 'GET /api/travel-service/get-basic-data': { body: basicData() } } });
    await user.click(await screen.findByRole('button', { name: 'Dalej: podróżni i zamówienie' }, FIRST_LOAD));
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Stacja początkowa' }))).toBe('Pole wymagane');
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Stacja docelowa' }))).toBe('Pole wymagane');

    await user.click(screen.getByRole('combobox', { name: 'Stacja początkowa' }));
    await user.click(await screen.findByRole('option', { name: /Warszawa Centralna/ }));
    await user.click(screen.getByRole('combobox', { name: 'Stacja docelowa' }));
    await user.click(await screen.findByRole('option', { name: /Kraków Główny/ }));
    pastePickerText(/^Data wyjazdu/, '10.03.2027');
    await user.click(screen.getByRole('combobox', { name: 'Klasa' }));
    await user.click(await screen.findByRole('option', { name: 'Druga' }));
    await user.click(screen.getByRole('button', { name: 'Dalej: podróżni i zamówienie' }));

    const dialog = await screen.findByRole('dialog', { name: 'Nowa usługa: Kolej' }, FIRST_LOAD);
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Stacja początkowa' }) as HTMLInputElement).value).toBe('Warszawa Centralna'));
    expect((within(dialog).getByRole('combobox', { name: 'Stacja docelowa' }) as HTMLInputElement).value).toBe('Kraków Główny');
    expect(pickerText(/^Data wyjazdu/, dialog)).toBe('10.03.2027');
    expect(within(dialog).getByRole('combobox', { name: 'Klasa' }).textContent).toBe('Druga');
    expect(within(dialog).getByText('Jan Kowalski')).toBeTruthy();
  });
});
