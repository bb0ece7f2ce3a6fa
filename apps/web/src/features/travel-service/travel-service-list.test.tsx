import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TravelServiceOrderRow } from '@delego/contract';
import { emptyParams } from '@delego/domain';
import { AppProviders } from '../../app/providers.tsx';
import { loadLanguage } from '../../lib/i18n.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { OrderItemSummary } from './shared/order-item-summary.tsx';
import { basicData, FRA, orderer, WAW } from './testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;

const row = (overrides: Partial<TravelServiceOrderRow>): TravelServiceOrderRow => ({
  id: 5,
  version: 1,
  number: '5',
  company_name: 'ACME',
  status: 'sentForChoice',
  user: { id: 10, fullName: 'Jan Kowalski' },
  created_by: { id: 10, fullName: 'Jan Kowalski' },
  created_at: '2026-11-20T09:00:00Z',
  types: ['flight', 'hotel'],
  start_date: '2026-12-03',
  end_date: '2026-12-05',
  travellers: ['Jan Kowalski'],
  can_edit: true,
  allowedActions: ['edit', 'chooseOffer', 'cancel'],
  unread_messages: 0,
  ...overrides,
});

describe('travel-service order list', { timeout: 30_000 }, () => {
  it('shows each order with the pages its allowed actions open and filters by status, type, traveller and number', async () => {
    const { server, user } = renderApp('/travel-service', {
      user: orderer,
      handlers: {
        'GET /api/travel-service/get-basic-data': { body: basicData() },
        'GET /api/travel-service/list': {
          body: {
            items: [
              row({ unread_messages: 2 }),
              row({
                id: 6,
                number: '6',
                status: 'bought',
                can_edit: false,
                allowedActions: [],
                types: ['rail'],
              }),
            ],
            total: 2,
            total_is_exact: true,
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Zamówienia podróży' }, FIRST_LOAD);
    expect(await within(table).findByText('Lot, Hotel')).toBeTruthy();
    // Spec §9: the unread messages of an order are counted on its row.
    expect(within(table).getByRole('row', { name: /^5\b/ }).querySelector('[aria-label="2 nieprzeczytane wiadomości"]')).toBeTruthy();
    expect(within(table).getAllByLabelText(/nieprzeczytan/)).toHaveLength(1);
    expect(within(table).getAllByText('03.12.2026 – 05.12.2026')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Edytuj: 5' }).getAttribute('href')).toBe(
      '/travel-service/edit/5',
    );
    expect(within(table).getByRole('link', { name: 'Wybierz ofertę: 5' }).getAttribute('href')).toBe(
      '/travel-service/choose-offer/5',
    );
    expect(within(table).queryByRole('link', { name: 'Akceptacja: 5' })).toBeNull();
    expect(within(table).queryByRole('link', { name: 'Edytuj: 6' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Wykupione: 6' }).getAttribute('href')).toBe(
      '/travel-service/bought/6',
    );
    expect(within(table).getByRole('link', { name: 'Szczegóły: 6' }).getAttribute('href')).toBe(
      '/travel-service/item-details/6',
    );

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Wykupione' }));
    await user.click(screen.getByRole('combobox', { name: 'Rodzaj usługi' }));
    await user.click(await screen.findByRole('option', { name: 'Kolej' }));
    await user.click(screen.getByRole('combobox', { name: 'Podróżny' }));
    await user.click(await screen.findByRole('option', { name: 'Anna Nowak' }));
    await user.type(screen.getByRole('textbox', { name: 'Numer' }), '6');
    await waitFor(() => {
      const last = server.requestsTo('GET /api/travel-service/list').at(-1)!.url.searchParams;
      expect([
        last.get('status'),
        last.get('type'),
        last.get('traveller_id'),
        last.get('number'),
        last.get('page'),
      ]).toEqual(['bought', 'rail', '11', '6', '1']);
    });
  });
});

describe('the order item summary', () => {
  it("shows a flight's own parameters with their labels, the extra segment and the travellers", async () => {
    await loadLanguage('pl-PL');
    mockFetch({
      'GET /api/location/get-location-by-id': (request) => ({
        body: request.url.searchParams.get('id') === '1' ? WAW : FRA,
      }),
    });
    const params = {
      ...emptyParams('flight'),
      start_place_id: 1,
      end_place_id: 41,
      start_date: '2026-12-03',
      start_time: '07:10',
      is_baggage: true,
      additionalSegments: [
        { start_place_id: 41, end_place_id: 1, start_date: '2026-12-05', start_time: '18:00' },
      ],
    };
    render(
      <AppProviders><QueryClientProvider client={new QueryClient()}>
        <OrderItemSummary
          item={{
            type: 'flight',
            params,
            sequence: 1,
            passengers: [{ name: 'Jan', surname: 'Kowalski' }],
            comment: '',
          }}
        />
      </QueryClientProvider></AppProviders>,
    );
    const summary = screen.getByRole('region', { name: 'Usługa 1: Lot' });
    expect(await within(summary).findByText('Warszawa Chopin (WAW)')).toBeTruthy();
    expect(within(summary).getByText('Lotnisko docelowe').nextSibling?.textContent).toBe(
      'Frankfurt nad Menem (FRA)',
    );
    expect(within(summary).getByText('Data wylotu').nextSibling?.textContent).toBe('03.12.2026 07:10');
    expect(within(summary).getByText('Bagaż rejestrowany').nextSibling?.textContent).toBe('Tak');
    expect(within(summary).getByText('Odcinek 2').nextSibling?.textContent).toBe(
      'Frankfurt nad Menem (FRA) → Warszawa Chopin (WAW), 05.12.2026 18:00',
    );
    expect(within(summary).getByText('Podróżni').nextSibling?.textContent).toBe('Jan Kowalski');
    expect(within(summary).queryByText('Typ pokoju')).toBeNull();
  });

  it('gives a hotel arrival after 18:00 the late-arrival hint', async () => {
    await loadLanguage('pl-PL');
    mockFetch({});
    render(
      <AppProviders><QueryClientProvider client={new QueryClient()}>
        <OrderItemSummary
          item={{
            type: 'hotel',
            params: {
              ...emptyParams('hotel'),
              start_date: '2026-12-03',
              start_time: '21:30',
              end_date: '2026-12-05',
              is_breakfast: true,
            },
          }}
        />
      </QueryClientProvider></AppProviders>,
    );
    expect(screen.getByText('Przyjazd po 18:00 – poinformuj hotel o późnym przyjeździe')).toBeTruthy();
    expect(screen.getByText('Śniadanie').nextSibling?.textContent).toBe('Tak');
    expect(screen.getByText('Typ pokoju').nextSibling?.textContent).toBe('Jednoosobowy');
  });
});
