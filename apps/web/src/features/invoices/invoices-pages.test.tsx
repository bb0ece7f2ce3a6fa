import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InvoiceDetails, InvoiceListItem, KsefImportResult } from '@delego/contract';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { pastePickerText } from '../../testing/pickers.ts';
import { renderApp } from '../../testing/render-app.tsx';

const FIRST_LOAD = { timeout: 15_000 } as const;
const finance = buildUserProperties({ permissions: { viewInvoices: true }, context_user_permissions: { viewInvoices: true } });

const hotelInvoice: InvoiceListItem = {
  id: 7,
  source: 'manual',
  number: 'FV/2026/05/118',
  issue_date: '2026-05-06',
  sale_date: '2026-05-06',
  seller_name: 'Hotel Pod Wawelem sp. z o.o.',
  seller_tax_id: '6760001110',
  currency: 'PLN',
  net_total: '740.74',
  vat_total: '59.26',
  gross_total: '800.00',
  ksef_number: null,
  match_status: 'none',
  booking_count: 1,
  delegations: [{ id: 31, number: 'DEL/5/2026', employee_name: 'Anna Kowalska' }],
  has_file: true,
  exported_at: null,
};

const ksefInvoice: InvoiceDetails = {
  ...hotelInvoice,
  id: 9,
  source: 'ksef',
  number: 'R/2026/0412',
  seller_name: 'Restauracja Wierzynek',
  seller_tax_id: '6750000123',
  net_total: '100.00',
  vat_total: '8.00',
  gross_total: '108.00',
  ksef_number: '6750000123-20260505-0A1B2C3D4E5F-11',
  match_status: 'suggested',
  booking_count: 0,
  delegations: [],
  received_date: null,
  due_date: null,
  seller_address: 'Rynek Główny 16, 31-008 Kraków',
  seller_country: 'PL',
  buyer_name: 'ACME sp. z o.o.',
  buyer_tax_id: '5260250274',
  invoice_kind: 'VAT',
  vat_lines: [{ rate: '8', net: '100.00', vat: '8.00', gross: '108.00' }],
  line_names: ['Obiad'],
  other_parties: [],
  file_name: 'R-2026-0412.xml',
  bookings: [],
  match: {
    delegationId: 31,
    delegationNumber: 'DEL/5/2026',
    userId: 10,
    employeeName: 'Anna Kowalska',
    bookingId: null,
    score: 70,
    reasons: [
      { code: 'match.date', params: { date: '2026-05-05', start: '2026-05-04', end: '2026-05-06' }, points: 40 },
      { code: 'match.place', params: { place: 'Kraków' }, points: 30 },
    ],
    alternatives: [{ delegationId: 44, delegationNumber: 'DEL/9/2026', employeeName: 'Piotr Nowak', score: 40 }],
  },
  can_edit: true,
};

const manualDetails: InvoiceDetails = {
  ...hotelInvoice,
  received_date: null,
  due_date: null,
  seller_address: null,
  seller_country: 'PL',
  buyer_name: null,
  buyer_tax_id: null,
  invoice_kind: 'VAT',
  vat_lines: [
    { rate: '8', net: '740.74', vat: '59.26', gross: '800.00' },
  ],
  line_names: [],
  other_parties: [],
  file_name: 'faktura.pdf',
  bookings: [
    {
      id: 3,
      kind: 'hotel',
      traveller_name: 'Anna Kowalska',
      title: 'Hotel Pod Wawelem',
      start_at: '2026-05-04 14:00',
      amount_gross: '800.00',
      currency: 'PLN',
      delegation_id: 31,
      delegation_number: 'DEL/5/2026',
    },
  ],
  match: null,
  can_edit: true,
};

describe('invoices', { timeout: 30_000 }, () => {
  it('lists invoices with the seller’s NIP, the gross amount and the settlement covered, and filters by origin', async () => {
    const { server, user } = renderApp('/invoices', { user: finance, handlers: { 'GET /api/invoice/list': { body: { items: [hotelInvoice], total: 1 } } } });
    const table = await screen.findByRole('table', { name: 'Faktury' }, FIRST_LOAD);
    const row = (await within(table).findByText('FV/2026/05/118')).closest('tr')!;
    expect(within(row).getByText('NIP 6760001110')).toBeTruthy();
    expect(within(row).getByText('800,00 zł')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'DEL/5/2026 · Anna Kowalska' }).getAttribute('href')).toBe('/delegation/readonly/31');
    expect(within(row).getByText('1 rezerwacja')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Pobierz plik: FV/2026/05/118' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Pochodzenie' }));
    await user.click(await screen.findByRole('option', { name: 'KSeF' }));
    await waitFor(() => expect(server.requestsTo('GET /api/invoice/list').at(-1)!.url.searchParams.get('source')).toBe('ksef'));
  });

  it('shows the 403 view to a user without viewInvoices, companyAdmin or SuperAdmin and asks the server nothing', async () => {
    const { server } = renderApp('/invoices', { user: buildUserProperties() });
    expect(await screen.findByRole('heading', { name: 'Brak uprawnień (403)' }, FIRST_LOAD)).toBeTruthy();
    expect(server.requestsTo('GET /api/invoice/list')).toHaveLength(0);
  });

  it('shows an invoice’s amounts per VAT rate and the bookings and settlements it covers', async () => {
    renderApp('/invoices/details/7', { user: finance, handlers: { 'POST /api/invoice/details': { body: { invoice: manualDetails } } } });
    expect(await screen.findByRole('heading', { name: 'Faktura FV/2026/05/118' }, FIRST_LOAD)).toBeTruthy();
    const amounts = screen.getByRole('table', { name: 'Kwoty według stawek VAT' });
    const eight = within(amounts).getByText('8%').closest('tr')!;
    expect(within(eight).getByText('740,74 zł')).toBeTruthy();
    expect(within(eight).getByText('59,26 zł')).toBeTruthy();
    const bookings = screen.getByRole('table', { name: 'Rezerwacje objęte fakturą' });
    expect(within(bookings).getByRole('link', { name: 'Hotel Pod Wawelem' }).getAttribute('href')).toBe('/booking/other/detail/3');
    expect(within(bookings).getByRole('link', { name: 'DEL/5/2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pobierz PDF' })).toBeTruthy();
  });

  it('shows why a KSeF invoice was matched to a trip, and finance confirms one of the other candidates', async () => {
    const { server, user } = renderApp('/invoices/details/9', {
      user: finance,
      handlers: {
        'POST /api/invoice/details': { body: { invoice: ksefInvoice } },
        'POST /api/invoice/match-confirm': { body: { status: 'ok', invoice: { ...ksefInvoice, match_status: 'confirmed' } } },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Przypisanie do podróży (KSeF)' }, FIRST_LOAD);
    expect(within(panel).getByText('Data usługi 05.05.2026 mieści się w czasie podróży (04.05.2026 – 06.05.2026)')).toBeTruthy();
    expect(within(panel).getByText('Miejscowość sprzedawcy lub trasy: Kraków')).toBeTruthy();
    expect((within(panel).getByRole('radio', { name: 'Proponowane: DEL/5/2026 – Anna Kowalska (70 pkt)' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(panel).getByRole('radio', { name: 'DEL/9/2026 – Piotr Nowak (40 pkt)' }));
    await user.click(within(panel).getByRole('button', { name: 'Potwierdź przypisanie' }));
    await waitFor(() => expect(server.requestsTo('POST /api/invoice/match-confirm')).toHaveLength(1));
    expect(server.requestsTo('POST /api/invoice/match-confirm')[0]!.body).toEqual({ id: 9, delegation_id: 44, booking_id: null });
  });

  it('corrects a KSeF match to a settlement that was no candidate, found by search, with the trips of the service day offered first', async () => {
    const listed = (id: number, number: string | null, employee: string) => ({
      id, number, status: 'settled', stage: null, user_id: 70 + id, employee_name: employee, start_date: '2026-05-05 06:00', end_date: '2026-05-05 21:00',
      destination_text: 'Kraków', delegation_order_id: null, delegation_order_number: null, total_pln: '0.00', balance_pln: '0.00', attachment_count: 0,
      version: 1, updated_at: '2026-05-06T10:00:00Z', allowedActions: [],
    });
    const { server, user } = renderApp('/invoices/details/9', {
      user: finance,
      handlers: {
        'POST /api/invoice/details': { body: { invoice: ksefInvoice } },
        'GET /api/delegation/list': (request) =>
          request.url.searchParams.get('search') === 'Zając'
            ? { body: { items: [listed(57, 'DEL/12/2026', 'Ewa Zając')], total: 1, total_is_exact: true } }
            : { body: { items: [listed(56, null, 'Jan Wiśniewski')], total: 1, total_is_exact: true } },
        'POST /api/invoice/match-confirm': { body: { status: 'ok', invoice: { ...ksefInvoice, match_status: 'confirmed' } } },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Przypisanie do podróży (KSeF)' }, FIRST_LOAD);
    await user.click(within(panel).getByRole('radio', { name: 'Inne rozliczenie…' }));
    const search = within(panel).getByRole('combobox', { name: 'Szukaj rozliczenia' });
    // Nothing chosen yet: nothing to confirm.
    expect((within(panel).getByRole('button', { name: 'Potwierdź przypisanie' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(search);
    expect(await screen.findByRole('option', { name: 'bez numeru – Jan Wiśniewski, 05.05.2026 – 05.05.2026' })).toBeTruthy();
    const searches = server.requestsTo('GET /api/delegation/list').filter((request) => request.url.searchParams.get('scope') === 'all');
    expect(searches[0]!.url.searchParams.get('date_from')).toBe('2026-05-06');
    await user.type(search, 'Zając');
    await user.click(await screen.findByRole('option', { name: 'DEL/12/2026 – Ewa Zając, 05.05.2026 – 05.05.2026' }));
    await user.click(within(panel).getByRole('button', { name: 'Potwierdź przypisanie' }));
    await waitFor(() => expect(server.requestsTo('POST /api/invoice/match-confirm')).toHaveLength(1));
    expect(server.requestsTo('POST /api/invoice/match-confirm')[0]!.body).toEqual({ id: 9, delegation_id: 57, booking_id: null });
  });

  it('enters an invoice with its VAT line; a VAT amount that does not fit the rate is shown at its field', async () => {
    const { server, user } = renderApp('/invoices', {
      user: finance,
      handlers: {
        'GET /api/invoice/list': { body: { items: [], total: 0 } },
        'GET /api/booking/list': { body: { items: [], total: 0 } },
        'POST /api/invoice/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['vat_lines', 0, 'vat'], code: 'invoice.vatMismatch', params: { expected: '18.40' } }],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Wprowadź fakturę' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa faktura' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Numer faktury' }), 'FV/1/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Sprzedawca' }), 'PKP Intercity S.A.');
    await user.type(within(dialog).getByRole('textbox', { name: 'NIP sprzedawcy' }), '526-030-02-91');
    pastePickerText(/Data wystawienia/, '05.05.2026', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Netto (pozycja 1)' }), '80');
    await user.type(within(dialog).getByRole('textbox', { name: 'VAT (pozycja 1)' }), '1,84');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    expect(await within(dialog).findByText('Kwota VAT nie odpowiada stawce (oczekiwano 18,40)')).toBeTruthy();
    expect(server.requestsTo('POST /api/invoice/save')[0]!.body).toMatchObject({
      number: 'FV/1/2026',
      issue_date: '2026-05-05',
      seller_name: 'PKP Intercity S.A.',
      seller_tax_id: '526-030-02-91',
      currency: 'PLN',
      vat_lines: [{ rate: '23', net: '80', vat: '1.84' }],
      booking_ids: [],
      file_token: null,
    });
  });

  it('imports KSeF files and says what was imported, received before and refused, and why', async () => {
    const result: KsefImportResult = {
      imported: [{ file_name: 'hotel.xml', invoice_id: 12, number: 'H/55', seller_name: 'Hotel Saski', gross_total: '432.00', currency: 'PLN', match_status: 'suggested' }],
      duplicates: [{ file_name: 'rail.xml', invoice_id: 8, number: 'PKP/1' }],
      rejected: [{ file_name: 'notes.xml', code: 'ksef.notFa3' }],
    };
    const { user } = renderApp('/invoices', {
      user: finance,
      handlers: { 'GET /api/invoice/list': { body: { items: [], total: 0 } }, 'POST /api/invoice/ksef-import': { body: result } },
    });
    await user.click(await screen.findByRole('button', { name: 'Importuj z KSeF' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Import faktur z KSeF' });
    await user.upload(within(dialog).getByLabelText('Wybierz plik XML lub ZIP'), new File(['PK'], 'ksef.zip', { type: 'application/zip' }));
    expect(await within(dialog).findByText('Zaimportowano: 1, już odebrane wcześniej: 1, odrzucone: 1.')).toBeTruthy();
    const imported = within(dialog).getByRole('list', { name: 'Zaimportowane faktury' });
    expect(within(imported).getByRole('link', { name: 'H/55' }).getAttribute('href')).toBe('/invoices/details/12');
    expect(within(imported).getByText('podróż do potwierdzenia')).toBeTruthy();
    expect(within(dialog).getByText('rail.xml: faktura PKP/1 została już wcześniej odebrana')).toBeTruthy();
    expect(within(dialog).getByText('notes.xml: Plik nie jest fakturą ustrukturyzowaną KSeF FA(3)')).toBeTruthy();
  });
});
