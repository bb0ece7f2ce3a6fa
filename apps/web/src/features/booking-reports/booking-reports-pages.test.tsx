import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BookingReport } from '@delego/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const reporter = buildUserProperties({ permissions: { reportDelegation: true }, context_user_permissions: { reportDelegation: true } });

const options = {
  cost_centres: [
    { id: 5, name: 'MPK-100' },
    { id: 6, name: 'MPK-200' },
  ],
  organization_units: [{ id: 7, name: 'Sprzedaż' }],
  projects: [],
  currencies: ['PLN', 'EUR'],
};

/** A cell's text with the number format's (non-breaking) spaces as plain ones. */
const text = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\s/g, ' ');

const sums = (count: number, gross: string) => ({ count, travellers: 1, gross, net: gross, vat: '0.00', average: gross });

const monthly: BookingReport = {
  kind: 'monthly',
  dimensions: ['month'],
  measures: ['count', 'travellers', 'net', 'vat', 'gross'],
  currency: 'PLN',
  rows: [
    { values: ['2026-01'], ...sums(2, '1240.50') },
    { values: ['2026-02'], ...sums(1, '169.00') },
  ],
  total: sums(3, '1409.50'),
};

describe('booking reports', { timeout: 30_000 }, () => {
  it('shows the report as a named chart with its table and total, and asks again for the chosen cost centre', async () => {
    const { server, user } = renderApp('/booking/report/monthly', {
      user: reporter,
      handlers: { 'GET /api/booking/report/form-options': { body: options }, 'GET /api/booking/report/data': { body: monthly } },
    });
    const figure = await screen.findByRole('figure', { name: 'Raport miesięczny – Brutto (PLN)' }, FIRST_LOAD);
    const table = within(figure).getByRole('table', { name: 'Raport miesięczny – tabela' });
    const january = within(table).getByRole('row', { name: /styczeń 2026/ });
    expect(within(january).getAllByRole('cell').map(text)).toEqual(['2', '1', '1 240,50 zł', '0,00 zł', '1 240,50 zł']);
    const total = within(table).getByRole('row', { name: /Razem/ });
    expect(within(total).getAllByRole('cell').map(text)).toEqual(['3', '1', '1 409,50 zł', '0,00 zł', '1 409,50 zł']);
    const first = server.requestsTo('GET /api/booking/report/data')[0]!.url.searchParams;
    expect([first.get('kind'), first.get('currency'), first.getAll('cost_centre_ids')]).toEqual(['monthly', 'PLN', []]);
    expect(first.get('date_from')).toMatch(/^\d{4}-\d{2}-01$/);

    await user.click(screen.getByRole('combobox', { name: 'MPK' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-200' }));
    await waitFor(() => expect(server.requestsTo('GET /api/booking/report/data').at(-1)!.url.searchParams.getAll('cost_centre_ids')).toEqual(['6']));
  });

  it('lets the user compose a custom report of two dimensions and the chosen values', async () => {
    const custom: BookingReport = {
      kind: 'custom',
      dimensions: ['costCentre', 'serviceType'],
      measures: ['gross'],
      currency: 'PLN',
      rows: [
        { values: ['MPK-100', 'flight'], ...sums(1, '1240.00') },
        { values: [null, 'rail'], ...sums(1, '89.10') },
      ],
      total: sums(2, '1329.10'),
    };
    const { server, user } = renderApp('/booking/report/custom', {
      user: reporter,
      handlers: { 'GET /api/booking/report/form-options': { body: options }, 'GET /api/booking/report/data': { body: custom } },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Grupuj według' }, FIRST_LOAD));
    await user.click(await screen.findByRole('option', { name: 'MPK' }));
    await user.click(screen.getByRole('combobox', { name: 'Następnie według' }));
    await user.click(await screen.findByRole('option', { name: 'Rodzaj usługi' }));
    await user.click(screen.getByRole('button', { name: 'Liczba rezerwacji' }).querySelector('svg')!);
    await waitFor(() => {
      const params = server.requestsTo('GET /api/booking/report/data').at(-1)!.url.searchParams;
      expect([params.getAll('dimensions'), params.getAll('measures')]).toEqual([['costCentre', 'serviceType'], ['gross']]);
    });
    const table = await screen.findByRole('table', { name: 'Raport niestandardowy – tabela' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['MPK', 'Rodzaj usługi', 'Brutto (PLN)']);
    expect(within(table).getByRole('row', { name: /\(brak\) Kolej/ })).toBeTruthy();
  });

  it('says so when no bookings match', async () => {
    renderApp('/booking/report/airline', {
      user: reporter,
      handlers: { 'GET /api/booking/report/form-options': { body: options }, 'GET /api/booking/report/data': { body: { ...monthly, kind: 'airline', dimensions: ['carrier'], rows: [], total: sums(0, '0.00') } } },
    });
    expect(await screen.findByText('Brak rezerwacji spełniających wybrane warunki.', undefined, FIRST_LOAD)).toBeTruthy();
  });

  it('lists the reports to choose from', async () => {
    renderApp('/booking/report', { user: reporter });
    const list = await screen.findByRole('list', { name: 'Raporty rezerwacji' }, FIRST_LOAD);
    expect(within(list).getByRole('link', { name: /Raport według linii lotniczych/ }).getAttribute('href')).toBe('/booking/report/airline');
    expect(within(list).getAllByRole('link')).toHaveLength(11);
  });

  it('shows the 403 view without reportDelegation and asks the server nothing', async () => {
    const { server } = renderApp('/booking/report/monthly', { user: buildUserProperties({ permissions: { viewAllBookings: true }, context_user_permissions: { viewAllBookings: true } }) });
    expect(await screen.findByRole('heading', { name: /Brak uprawnień/ }, FIRST_LOAD)).toBeTruthy();
    expect(server.requestsTo('GET /api/booking/report/data')).toHaveLength(0);
  });
});
