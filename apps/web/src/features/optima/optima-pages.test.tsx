import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OptimaDocument } from '@delego/contract';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const FIRST_LOAD = { timeout: 15_000 } as const;
const modules = { delegation: 2, travel_service: 2, accounting_export: 2, all_bookings: 2, flight_bookings: 2 };
const exportOn = { session_time: 30, modules, is_wnt: 1, login_password_save: 2 };
const accountant = buildUserProperties({
  permissions: { reportDelegation: true },
  context_user_permissions: { reportDelegation: true },
  system_settings: exportOn,
});

const invoice: OptimaDocument = {
  type: 'invoice',
  id: 5,
  number: 'FV/2026/05/118',
  date: '2026-05-06',
  party: 'Hotel Pod Wawelem sp. z o.o.',
  amount: '800.00',
  currency: 'PLN',
  category_code: 'HOTEL',
  status: 'manual',
  exported_at: '2026-05-20T08:15:00Z',
  blocker: null,
};
const settlement: OptimaDocument = {
  type: 'delegation',
  id: 31,
  number: 'DEL/5/2026',
  date: '2026-05-06',
  party: 'Piotr Nowak',
  amount: '212.00',
  currency: 'PLN',
  category_code: 'DELEG',
  status: 'accepted',
  exported_at: null,
  blocker: 'optima.employeeNotMapped',
};

const handlers = {
  'GET /api/optima/documents': (request: { url: URL }) => ({
    body: { items: request.url.searchParams.get('type') === 'invoice' ? [invoice] : [settlement] },
  }),
  'GET /api/optima/exports': {
    body: { items: [{ id: 1, file_name: 'optima-2026-05-20.xml', invoice_count: 1, delegation_count: 0, created_at: '2026-05-20T08:15:00Z', created_by: 'Ewa Księgowa' }] },
  },
  'GET /api/delegation/form-options': {
    body: {
      cost_centres: [{ id: 4, ordinate: '501', name: 'Sprzedaż', enabled_for_new: true }],
      projects: [],
      tasks: [],
      settings: { attachment_max_mb: 10, pdf_attachment_only: false, trip_order_requirement: 'optional' },
    },
  },
};

describe('accounting export (Optima)', { timeout: 30_000 }, () => {
  it('shows what was exported and why a settlement cannot be, and downloads the chosen invoice as Optima’s XML', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:1');
    URL.revokeObjectURL = vi.fn();
    const { server, user } = renderApp('/optima', {
      user: accountant,
      handlers: { ...handlers, 'GET /api/optima/export-invoices': { body: {} } },
    });
    const invoices = await screen.findByRole('table', { name: 'Faktury' }, FIRST_LOAD);
    const invoiceRow = within(invoices).getByText('FV/2026/05/118').closest('tr')!;
    expect(within(invoiceRow).getByText('800,00 zł')).toBeTruthy();
    expect(within(invoiceRow).getByText('20.05.2026 10:15')).toBeTruthy();
    const settlements = await screen.findByRole('table', { name: 'Rozliczenia delegacji' });
    expect(within(settlements).getByText('Pracownik Piotr Nowak nie ma przypisanego kodu w Optimie')).toBeTruthy();
    expect((within(settlements).getByRole('checkbox', { name: 'Eksportuj DEL/5/2026' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(screen.getByRole('table', { name: 'Wykonane eksporty' })).getByText('optima-2026-05-20.xml')).toBeTruthy();

    const exportButton = screen.getByRole('button', { name: 'Eksportuj 0 dokumentów' });
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(invoices).getByRole('checkbox', { name: 'Eksportuj FV/2026/05/118' }));
    await user.click(screen.getByRole('button', { name: 'Eksportuj 1 dokument' }));
    await waitFor(() => expect(server.requestsTo('GET /api/optima/export-invoices')).toHaveLength(1));
    const sent = server.requestsTo('GET /api/optima/export-invoices')[0]!.url.searchParams;
    expect(sent.get('invoice_ids')).toBe('5');
    expect(sent.get('delegation_ids')).toBe('');
  });

  it('filters the documents by period, cost centre, status and whether they were exported', async () => {
    const { server, user } = renderApp('/optima?date_from=2026-05-01&date_to=2026-05-31', { user: accountant, handlers });
    await screen.findByRole('table', { name: 'Faktury' }, FIRST_LOAD);
    await user.click(screen.getByRole('combobox', { name: 'MPK' }));
    await user.click(await screen.findByRole('option', { name: '501 Sprzedaż' }));
    await user.click(screen.getByRole('combobox', { name: 'Eksport' }));
    await user.click(await screen.findByRole('option', { name: 'jeszcze niewyeksportowane' }));
    await waitFor(() => {
      const last = server.requestsTo('GET /api/optima/documents').at(-1)!.url.searchParams;
      expect(Object.fromEntries(last)).toMatchObject({ date_from: '2026-05-01', date_to: '2026-05-31', cost_centre_id: '4', exported: 'false' });
    });
  });

  it('shows the 403 view without reportDelegation', async () => {
    const { server } = renderApp('/optima/settings/employee', { user: buildUserProperties({ system_settings: exportOn }) });
    expect(await screen.findByRole('heading', { name: 'Brak uprawnień (403)' }, FIRST_LOAD)).toBeTruthy();
    expect(server.requestsTo('GET /api/optima/employees')).toHaveLength(0);
  });

  it('matches an Optima employee to the suggested user', async () => {
    const { server, user } = renderApp('/optima/settings/employee', {
      user: accountant,
      handlers: {
        'GET /api/optima/employees': {
          body: {
            items: [{ id: 2, code: 'PNOWAK', name: 'Piotr', surname: 'Nowak', user_id: null, user_name: null, suggested_user_id: 14 }],
            users: [{ id: 14, full_name: 'Piotr Nowak' }, { id: 15, full_name: 'Anna Kowalska' }],
          },
        },
        'POST /api/optima/employees/map': { body: { status: 'ok' } },
      },
    });
    expect(await screen.findByText('Proponowany: Piotr Nowak', {}, FIRST_LOAD)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Przypisz proponowanego do PNOWAK' }));
    await waitFor(() => expect(server.requestsTo('POST /api/optima/employees/map')).toHaveLength(1));
    expect(server.requestsTo('POST /api/optima/employees/map')[0]!.body).toEqual({ id: 2, user_id: 14 });
  });

  it('gives an Optima contractor’s code to a company contractor', async () => {
    const { server, user } = renderApp('/optima/settings/contractor', {
      user: accountant,
      handlers: {
        'GET /api/optima/contractors': {
          body: {
            items: [{ id: 3, code: 'HOTWAW', name: 'Hotel Wawel Kraków Sp. z o.o.', tax_id: '7010004397', city: 'Kraków', contractor_id: null, contractor_name: null }],
            choices: [{ id: 8, name: 'Hotel Wawel (umowa ramowa)' }],
          },
        },
        'POST /api/optima/contractors/map': { body: { status: 'ok' } },
      },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Kontrahent dla HOTWAW' }, FIRST_LOAD));
    await user.click(await screen.findByRole('option', { name: 'Hotel Wawel (umowa ramowa)' }));
    await waitFor(() => expect(server.requestsTo('POST /api/optima/contractors/map')).toHaveLength(1));
    expect(server.requestsTo('POST /api/optima/contractors/map')[0]!.body).toEqual({ id: 3, contractor_id: 8 });
  });

  it('imports Optima’s dictionaries and says clearly when the file is not Optima’s', async () => {
    const { user } = renderApp('/optima/settings/category', {
      user: accountant,
      handlers: {
        'GET /api/optima/categories': { body: { items: [{ id: 1, code: 'DELEG', general_code: 'DELEGACJE', type: 'koszt', description: 'Podróże służbowe – delegacje', is_active: true }] } },
        'POST /api/optima/import': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['file'], code: 'optima.notOptima' }] }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Optima – kategorie' }, FIRST_LOAD);
    expect(await within(table).findByText('Podróże służbowe – delegacje')).toBeTruthy();
    await user.upload(screen.getByLabelText('Importuj plik z Optimy'), new File(['<Faktura/>'], 'faktura.xml', { type: 'text/xml' }));
    expect(await screen.findByText('To nie jest plik eksportu Comarch Optima (praca rozproszona) – nic nie zostało zaimportowane')).toBeTruthy();
  });
});
