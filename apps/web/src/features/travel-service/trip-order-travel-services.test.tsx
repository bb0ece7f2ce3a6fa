import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LocationDto } from '@delego/contract';
import type { TravelServiceOrderForm } from '@delego/domain';
import { renderApp } from '../../testing/render-app.tsx';
import { pickerText } from '../../testing/pickers.ts';
import { FRA, WAW, basicData, orderer, tripOrder } from './testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const BERLIN: LocationDto = {
  id: 60,
  type: 'city',
  iata_code: null,
  country_code: 'DE',
  name_pl: 'Berlin',
  name_en: 'Berlin',
  city_pl: null,
  city_en: null,
  latitude: 52.52,
  longitude: 13.4,
};
const WARSAW: LocationDto = {
  id: 2,
  type: 'city',
  iata_code: null,
  country_code: 'PL',
  name_pl: 'Warszawa',
  name_en: 'Warsaw',
  city_pl: null,
  city_en: null,
  latitude: 52.23,
  longitude: 21.01,
};


beforeEach(() => {
  window.localStorage.setItem('delego.locations', JSON.stringify([WAW, FRA]));
});

describe('travel services of a trip order', { timeout: 40_000 }, () => {
  it('lists the trip order’s travel-service orders and starts a new one for it', async () => {
    const { server } = renderApp('/delegation-order/readonly/4', {
      user: orderer,
      handlers: {
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: tripOrder } },
        'GET /api/travel-service/list': {
          body: {
            items: [
              {
                id: 31,
                version: 1,
                number: '31',
                company_name: 'ACME',
                status: 'booked',
                user: { id: 11, fullName: 'Anna Nowak' },
                created_by: { id: 10, fullName: 'Jan Kowalski' },
                created_at: '2026-11-21T09:00:00Z',
                types: ['flight'],
                start_date: '2027-05-04',
                end_date: '2027-05-06',
                travellers: ['Anna Nowak'],
                can_edit: false,
                allowedActions: [],
                unread_messages: 0,
              },
            ],
            total: 1,
            total_is_exact: true,
          },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Usługi podróżne' }, FIRST_LOAD);
    expect((await within(panel).findByRole('link', { name: 'Zamówienie nr 31' })).getAttribute('href')).toBe(
      '/travel-service/item-details/31',
    );
    expect(within(panel).getByText(/Lot · 04\.05\.2027 – 06\.05\.2027 · Zarezerwowane/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Zamów usługi podróżne' }).getAttribute('href')).toBe(
      '/travel-service/new?delegation_order=4',
    );
    expect(
      server.requestsTo('GET /api/travel-service/list')[0]!.url.searchParams.get('delegation_order_id'),
    ).toBe('4');
  });

  it('fills a new order from the trip order: its worker, days and places, warns of transport the trip does not allow, and links it', async () => {
    const { user, server } = renderApp('/travel-service/new?delegation_order=4', {
      user: orderer,
      handlers: {
        'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: tripOrder } },
        'GET /api/travel-service/get-basic-data': { body: basicData({ insurance_behaviour: 3 }) },
        'GET /api/location/search': (request) => ({
          body: { items: request.url.searchParams.get('query') === 'Berlin' ? [BERLIN] : [WARSAW] },
        }),
        'POST /api/travel-service/edit-service-order': {
          body: { status: 'OK', id: 32, messages: [], warnings: [] },
        },
      },
    });
    expect(
      await screen.findByText(
        'Usługi do polecenia wyjazdu PW/4/2027: nowe usługi mają jego daty i miejsca.',
        {},
        FIRST_LOAD,
      ),
    ).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /Pracownik/ }) as HTMLElement).textContent).toContain(
      'Anna Nowak',
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj usługę' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa usługa: Lot' });
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Lotnisko wylotu' }) as HTMLInputElement).value).toBe('Warszawa'));
    expect(
      (within(dialog).getByRole('combobox', { name: 'Lotnisko docelowe' }) as HTMLInputElement).value,
    ).toBe('Berlin');
    expect(pickerText(/^Data wylotu/, dialog)).toBe('04.05.2027');
    expect(pickerText(/^Data powrotu/, dialog)).toBe('06.05.2027');
    expect(within(dialog).getByText('Anna Nowak')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hotel i samochód' })).getByRole('button', {
        name: 'Anuluj',
      }),
    );
    const flight = await screen.findByRole('article', { name: 'Usługa 1: Lot' });
    expect(within(flight).getByText('Polecenie wyjazdu nie przewiduje tego środka transportu')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Zapisz zamówienie' }));
    await waitFor(() =>
      expect(server.requestsTo('POST /api/travel-service/edit-service-order')).toHaveLength(1),
    );
    const body = server.requestsTo('POST /api/travel-service/edit-service-order')[0]!
      .body as TravelServiceOrderForm;
    expect(body).toMatchObject({ user_id: 11, delegation_order_id: 4 });
    expect(body.travelServiceOrderItems[0]!.params).toMatchObject({
      start_place_id: 2,
      end_place_id: 60,
      start_date: '2027-05-04',
      return_date: '2027-05-06',
    });
  });
});
