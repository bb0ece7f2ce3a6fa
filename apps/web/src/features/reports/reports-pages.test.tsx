import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '@delego/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { pastePickerText } from '../../testing/pickers.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const accountant = buildUserProperties({ permissions: { reportDelegation: true }, context_user_permissions: { reportDelegation: true } });

const report = (values: Partial<Report>): Report => ({
  id: 1,
  created_at: '2026-04-20T08:00:00Z',
  file_name: 'summaryReport_2026-03-01_2026-03-31.xlsx',
  created_by: 'Ewa Księgowa',
  report_type: 'summaryReport',
  file_format: 'xlsx',
  status: 'ready',
  progress: 100,
  row_count: 12,
  error: null,
  ...values,
});

const options = {
  cost_centres: [
    { id: 5, name: 'MPK-100' },
    { id: 6, name: 'MPK-200' },
  ],
  organization_units: [],
  projects: [{ id: 9, name: 'Wdrożenie' }],
  users: [{ id: 3, name: 'Nowak Anna' }],
};

describe('reports', { timeout: 30_000 }, () => {
  it('lists reports with the progress of one being generated, and tells the user when it is ready', async () => {
    let calls = 0;
    renderApp('/report', {
      user: accountant,
      handlers: {
        'GET /api/report/list': () => {
          calls += 1;
          const running = report({ id: 2, file_name: 'budgetReport_2026-01-01_2026-12-31.csv', report_type: 'budgetReport', file_format: 'csv', status: 'running', progress: 40, row_count: null });
          return { body: { items: [calls === 1 ? running : { ...running, status: 'ready', progress: 100, row_count: 3 }, report({})] } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Raporty' }, FIRST_LOAD);
    const progress = await within(table).findByRole('progressbar', { name: 'Postęp generowania budgetReport_2026-01-01_2026-12-31.csv' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(within(table).getByText('Budżety MPK')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Pobierz summaryReport_2026-03-01_2026-03-31.xlsx' })).toBeTruthy();
    expect(await screen.findByText('Raport budgetReport_2026-01-01_2026-12-31.csv jest gotowy do pobrania.', undefined, { timeout: 6000 })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Pobierz budgetReport_2026-01-01_2026-12-31.csv' })).toBeTruthy();
  });

  it('pages through a long list the server answers whole, newest first', async () => {
    const many = Array.from({ length: 30 }, (_, index) => report({ id: index + 1, file_name: `summaryReport_${String(index + 1).padStart(2, '0')}.xlsx` }));
    renderApp('/report', { user: accountant, handlers: { 'GET /api/report/list': { body: { items: many } } } });
    const table = await screen.findByRole('table', { name: 'Raporty' }, FIRST_LOAD);
    await within(table).findByText('summaryReport_01.xlsx');
    expect(within(table).getByText('summaryReport_25.xlsx')).toBeTruthy();
    expect(within(table).queryByText('summaryReport_26.xlsx')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /następn/i }));
    expect(await within(table).findByText('summaryReport_30.xlsx')).toBeTruthy();
    expect(within(table).queryByText('summaryReport_01.xlsx')).toBeNull();
  });

  it('leads to the booking reports only in a company with a booking module', async () => {
    renderApp('/report', { user: accountant, handlers: { 'GET /api/report/list': { body: { items: [] } } } });
    expect((await screen.findByRole('link', { name: 'Raporty rezerwacji' }, FIRST_LOAD)).getAttribute('href')).toBe('/booking/report');
  });

  it('offers no booking reports where both booking modules are off', async () => {
    const withoutBookings = { ...accountant, system_settings: { ...accountant.system_settings, modules: { ...accountant.system_settings.modules, all_bookings: 1 as const, flight_bookings: 1 as const } } };
    renderApp('/report', { user: withoutBookings, handlers: { 'GET /api/report/list': { body: { items: [] } } } });
    expect(await screen.findByRole('link', { name: 'Nowy raport' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Raporty rezerwacji' })).toBeNull();
  });

  it('shows why a report failed', async () => {
    renderApp('/report', { user: accountant, handlers: { 'GET /api/report/list': { body: { items: [report({ status: 'failed', progress: 0, row_count: null, file_format: 'pdf', error: 'report.pdfTooLarge' })] } } } });
    expect(await screen.findByText('Raport ma zbyt wiele pozycji na PDF. Wybierz XLSX lub CSV albo zawęź filtry.', undefined, FIRST_LOAD)).toBeTruthy();
  });

  it('requests a report with its type, date type, range, filters and format, then returns to the list', async () => {
    const { server, user, router } = renderApp('/report/new', {
      user: accountant,
      handlers: {
        'GET /api/report/form-options': { body: options },
        'POST /api/report/create': { body: { report: report({ status: 'queued', progress: 0, row_count: null }) } },
        'GET /api/report/list': { body: { items: [] } },
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Typ raportu' }, FIRST_LOAD));
    await user.click(await screen.findByRole('option', { name: 'Rachunki w walutach' }));
    await user.click(screen.getByRole('combobox', { name: 'Rodzaj daty' }));
    await user.click(await screen.findByRole('option', { name: 'Data akceptacji' }));
    await user.click(screen.getByRole('combobox', { name: 'Format pliku' }));
    await user.click(await screen.findByRole('option', { name: 'CSV' }));
    pastePickerText('Od', '01.03.2026');
    pastePickerText('Do', '31.03.2026');
    await user.click(screen.getByRole('combobox', { name: 'MPK' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-200' }));
    await user.click(screen.getByRole('combobox', { name: 'Statusy' }));
    await user.click(await screen.findByRole('option', { name: 'Rozliczone' }));
    await user.click(screen.getByRole('button', { name: 'Generuj' }));
    await waitFor(() => expect(server.requestsTo('POST /api/report/create')).toHaveLength(1));
    expect(server.requestsTo('POST /api/report/create')[0]!.body).toEqual({
      report_type: 'invoiceExchangeReport',
      date_type: 'accept',
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      cost_centre_ids: [6],
      organization_unit_ids: [],
      project_ids: [],
      user_ids: [],
      statuses: ['settled'],
      file_format: 'csv',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/report'));
  });

  it('shows the server’s refusal of the range at the end date', async () => {
    const { user } = renderApp('/report/new', {
      user: accountant,
      handlers: {
        'GET /api/report/form-options': { body: options },
        'POST /api/report/create': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['date_to'], code: 'validation.dateRange' }] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Generuj' }, FIRST_LOAD));
    expect(await screen.findByText('Data końcowa nie może być wcześniejsza niż początkowa')).toBeTruthy();
  });
});
