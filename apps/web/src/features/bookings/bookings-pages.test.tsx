import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BookingDetails, BookingImportResult, BookingListItem } from '@delego/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const manager = buildUserProperties({ permissions: { viewAllBookings: true, bookingMapping: true }, context_user_permissions: { viewAllBookings: true, bookingMapping: true } });
const traveller = buildUserProperties({ permissions: { viewBookingAssigned: true }, context_user_permissions: { viewBookingAssigned: true } });

const flight: BookingListItem = {
  id: 3,
  kind: 'flight',
  source: 'import',
  status: 'ticketed',
  user_id: 10,
  traveller_name: 'Anna Kowalska',
  title: 'LOT · LO 379',
  route: 'Warszawa (WAW) → Frankfurt (FRA)',
  start_at: '2026-05-04 07:10',
  end_at: '2026-05-04 09:20',
  record_locator: 'ABC123',
  amount_gross: '1240.00',
  currency: 'PLN',
  invoice_ids: [],
  invoice_missing: true,
  delegation_id: null,
  delegation_number: null,
};

const details: BookingDetails = {
  ...flight,
  traveller_email: 'anna@firma.pl',
  booked_by_id: null,
  booked_by_name: null,
  travel_service_item_id: null,
  ticket_number: '080-123',
  carrier: 'LOT',
  name: null,
  flight_number: 'LO 379',
  seat_class: 'economy',
  baggage: '23 kg',
  is_return_route: true,
  start_place: 'Warszawa (WAW)',
  end_place: 'Frankfurt (FRA)',
  country_code: 'DE',
  hotel_class: null,
  address: null,
  rooms: null,
  persons_per_room: null,
  room_type: null,
  additional_services: null,
  cancel_until: null,
  price_per_day: null,
  car_class: null,
  comment: null,
  amount_net: null,
  vat_amount: null,
  paid_by: 'companyInvoice',
  cost_centre_id: null,
  cost_centre_name: null,
  project_id: null,
  project_name: null,
  invoices: [],
  created_at: '2026-04-01T10:00:00Z',
  can_edit: false,
};

const preview: BookingImportResult = {
  mode: 'preview',
  file_name: 'tmc.csv',
  row_count: 2,
  valid_count: 1,
  invalid_count: 1,
  update_count: 0,
  issues: [{ path: ['rows', 3, 'amount_gross'], code: 'validation.amount' }],
  preview: [{ line: 2, kind: 'flight', traveller_name: 'Anna Kowalska', user_id: 10, title: 'LOT', start_at: '2026-04-02 07:00', amount_gross: '980.50', currency: 'PLN', is_update: false }],
  unmapped_travellers: [],
  import_id: null,
  created_count: 0,
  updated_count: 0,
  skipped_count: 0,
};

describe('bookings', { timeout: 30_000 }, () => {
  it('lists the flight tab with the invoice still awaited, and shows the flight with every field of its template', async () => {
    const { server, user } = renderApp('/booking/flight', { user: traveller, handlers: { 'GET /api/booking/list': { body: { items: [flight], total: 1 } }, 'POST /api/booking/details': { body: { booking: details } } } });
    const table = await screen.findByRole('table', { name: 'Rezerwacje lotnicze' }, FIRST_LOAD);
    expect(await within(table).findByText('LOT · LO 379')).toBeTruthy();
    expect(within(table).getByText('czeka na fakturę')).toBeTruthy();
    expect(server.requestsTo('GET /api/booking/list')[0]!.url.searchParams.get('tab')).toBe('flight');
    expect(screen.queryByRole('button', { name: 'Importuj plik' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Szczegóły: LOT · LO 379 04.05.2026 07:10' }));
    expect(await screen.findByText('Firma czeka na fakturę – do tego czasu rozliczenie z tą rezerwacją nie może zostać zaakceptowane.')).toBeTruthy();
    expect(screen.getByText('23 kg')).toBeTruthy();
    expect(screen.getByText('Ekonomiczna')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Popraw' })).toBeNull();
  });

  it('previews an import with its row errors and imports only after the invalid rows are chosen to be skipped', async () => {
    const { server, user } = renderApp('/booking', {
      user: manager,
      handlers: {
        'GET /api/booking/list': { body: { items: [], total: 0 } },
        'POST /api/booking/import': (request) =>
          request.url.searchParams.get('mode') === 'preview'
            ? { body: preview }
            : { body: { ...preview, mode: 'commit', import_id: 1, created_count: 1, skipped_count: 1 } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Importuj plik' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Import rezerwacji z serwisu rezerwacyjnego' });
    await user.upload(within(dialog).getByLabelText('Wybierz plik'), new File(['source,…'], 'tmc.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(/Wierszy: 2, poprawnych: 1, z błędami: 1/)).toBeTruthy();
    expect(within(dialog).getByText(/Wiersz 3, kolumna amount_gross:/).textContent).toContain('Podaj kwotę');
    const submit = within(dialog).getByRole('button', { name: 'Importuj 2 wiersze' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Pomiń 1 błędny wiersz i zaimportuj pozostałe'));
    await user.click(within(dialog).getByRole('button', { name: 'Importuj 1 wiersz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/booking/import')).toHaveLength(2));
    expect(server.requestsTo('POST /api/booking/import')[1]!.url.search).toBe('?mode=commit&skip_invalid=true');
    expect(await screen.findByText('Zaimportowano: nowe 1, zaktualizowane 0, pominięte 1.')).toBeTruthy();
  });
});
