import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdvanceListItem } from '@delego/contract';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const LIST = 'GET /api/delegation-advance/list';
const SAVE = 'POST /api/delegation-advance/save';
const UPLOAD = 'POST /api/delegation/attachment/upload';

const file = (id: number, name: string) => ({ id, section: 'advance' as const, item_key: null, file_name: name, content_type: 'application/pdf', size_bytes: 52_000, created_at: '2026-04-20T10:00:00Z' });

function advanceItem(overrides: Partial<AdvanceListItem> = {}): AdvanceListItem {
  return {
    id: 7,
    employee: { id: 10, fullName: 'Jan Kowalski' },
    order: { id: 3, number: null, status: 'created', start_date: '2026-05-04 07:00:00.000', end_date: '2026-05-05 19:00:00.000', destination: 'Wrocław (PL)' },
    amount_in_currency: '750.00',
    currency: 'PLN',
    payment_type: 'transfer',
    payment_date: null,
    status: 'unknown',
    comment: 'Na bilety',
    files: [file(5, 'kosztorys.pdf')],
    allowedActions: ['edit'],
    ...overrides,
  };
}

const listOf = (items: AdvanceListItem[], rules: { attachment_max_mb?: number; pdf_attachment_only?: boolean } = {}) => ({
  body: { items, total: items.length, total_is_exact: true, advance_flow: 'basic', multiple_advances: false, can_decide: false, attachment_max_mb: 3, pdf_attachment_only: false, ...rules },
});

const orders = {
  'GET /api/delegation-order/list': {
    body: {
      items: [{ id: 3, number: null, status: 'created', destination: 'Wrocław (PL)', start_date: '2026-05-04 07:00:00.000', end_date: '2026-05-05 19:00:00.000', employee: { id: 10, fullName: 'Jan Kowalski' }, allowedActions: ['edit'] }],
      total: 1,
      total_is_exact: true,
    },
  },
};

/** The dialog's hidden file picker (opened by the labelled button). */
function pickFile(dialog: HTMLElement, content: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [content] } });
}

describe('the files of an advance on /delegation-advance', () => {
  it('lets the employee add a file to the advance being edited, remove a saved one, and saves the advance with what is listed', async () => {
    const { server } = renderApp('/delegation-advance', {
      user: buildUserProperties(),
      handlers: { [LIST]: listOf([advanceItem()]), ...orders, [UPLOAD]: { body: { attachment: file(6, 'potwierdzenie.pdf') } }, [SAVE]: { body: { status: 'OK', advance: advanceItem() } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zmień zaliczkę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zmiana zaliczki' });
    const files = within(dialog).getByRole('group', { name: 'Pliki zaliczki' });
    expect(within(files).getByRole('button', { name: 'kosztorys.pdf' })).toBeTruthy();
    expect(within(files).getByText('PDF, JPG, PNG lub HEIC, maks. 3 MB')).toBeTruthy();

    fireEvent.click(within(files).getByRole('button', { name: 'Dołącz plik do zaliczki' }));
    pickFile(dialog, new File(['%PDF-1.4'], 'potwierdzenie.pdf', { type: 'application/pdf' }));
    expect(await within(files).findByRole('button', { name: 'potwierdzenie.pdf' })).toBeTruthy();
    expect(new URL(server.requestsTo(UPLOAD)[0]!.url).searchParams.get('section')).toBe('advance');
    fireEvent.click(within(files).getByRole('button', { name: 'Usuń plik kosztorys.pdf' }));
    expect(within(files).queryByRole('button', { name: 'kosztorys.pdf' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo(SAVE)).toHaveLength(1));
    expect(server.requestsTo(SAVE)[0]!.body).toMatchObject({ id: 7, delegation_order_id: 3, files: [6] });
  });

  it("says 'Zbyt duży plik' over the company's limit and takes only PDF files when the company says so, sending nothing", async () => {
    const { server } = renderApp('/delegation-advance', {
      user: buildUserProperties(),
      handlers: { [LIST]: listOf([advanceItem({ files: [] })], { attachment_max_mb: 1, pdf_attachment_only: true }), ...orders },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Zmień zaliczkę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zmiana zaliczki' });
    const files = within(dialog).getByRole('group', { name: 'Pliki zaliczki' });
    expect(within(files).getByText('Brak załączonych plików.')).toBeTruthy();
    expect(within(files).getByText('Tylko PDF, maks. 1 MB')).toBeTruthy();

    pickFile(dialog, new File([new Uint8Array(1024 * 1024 + 1)], 'skan.pdf', { type: 'application/pdf' }));
    const tooLarge = await screen.findByRole('dialog', { name: 'Nie udało się dołączyć pliku' });
    expect(within(tooLarge).getByText('Zbyt duży plik (maksymalnie 1 MB).')).toBeTruthy();
    fireEvent.click(within(tooLarge).getByRole('button', { name: /OK|Zamknij/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nie udało się dołączyć pliku' })).toBeNull());

    pickFile(dialog, new File(['png'], 'zdjecie.png', { type: 'image/png' }));
    const pdfOnly = await screen.findByRole('dialog', { name: 'Nie udało się dołączyć pliku' });
    expect(within(pdfOnly).getByText('Można dołączać tylko pliki PDF.')).toBeTruthy();
    expect(server.requestsTo(UPLOAD)).toHaveLength(0);
  });

  it('shows the financial acceptor the files, read-only, on the decision dialog', async () => {
    const finance = buildUserProperties({ permissions: { delegationAcceptFinancial: true }, context_user_permissions: { delegationAcceptFinancial: true } });
    renderApp('/delegation-advance?scope=toDecide', {
      user: finance,
      handlers: { [LIST]: listOf([advanceItem({ employee: { id: 12, fullName: 'Anna Kowalska' }, status: 'approved', allowedActions: ['markPaid'] })]), ...orders },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Oznacz jako wypłaconą' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oznaczyć zaliczkę jako wypłaconą?' });
    const files = within(dialog).getByRole('group', { name: 'Pliki zaliczki' });
    expect(within(files).getByRole('button', { name: 'kosztorys.pdf' })).toBeTruthy();
    expect(within(files).queryByRole('button', { name: /Usuń plik/ })).toBeNull();
    expect(within(files).queryByRole('button', { name: /Dołącz plik/ })).toBeNull();
  });
});
