import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator, page } from '../testing/fixtures.ts';

const acme = {
  id: 5,
  name: 'Acme sp. z o.o.',
  tax_id: '5260250274',
  street: 'ul. Prosta 1',
  postal_code: '00-950',
  city: 'Warszawa',
  country_code: 'PL',
  email: 'biuro@acme.pl',
  phone: null,
  accounting_code: 'K-1',
  is_active: true,
  project_count: 2,
};

describe('external companies', { timeout: 30_000 }, () => {
  it('refuses deleting a contractor with projects and offers disabling it instead', async () => {
    const { server, user } = renderApp('/settings/external-company', {
      user: administrator,
      handlers: {
        'GET /api/settings/external-company/list': page([acme]),
        'POST /api/settings/external-company/save': { body: { status: 'ok', contractor: { ...acme, is_active: false } } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Usuń: Acme sp. z o.o.' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Usunąć kontrahenta?' });
    expect(dialog.textContent).toContain('Kontrahent ma 2 projekty, więc nie można go usunąć – można go wyłączyć.');
    await user.click(within(dialog).getByRole('button', { name: 'Wyłącz kontrahenta' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/external-company/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/external-company/save')[0]!.body).toMatchObject({ id: 5, name: 'Acme sp. z o.o.', is_active: false });
    expect(server.requestsTo('POST /api/settings/external-company/delete')).toHaveLength(0);
  });

  it('checks the NIP checksum in the form', async () => {
    const { server, user } = renderApp('/settings/external-company', { user: administrator, handlers: { 'GET /api/settings/external-company/list': page([]) } });
    await user.click(await screen.findByRole('button', { name: 'Dodaj kontrahenta' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Nowy kontrahent' });
    await user.type(within(dialog).getByLabelText('Nazwa'), 'Beta SA');
    await user.type(within(dialog).getByLabelText('NIP'), '526-025-02-75');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('NIP'))).toBe('Nieprawidłowy NIP – wymagane 10 cyfr z poprawną sumą kontrolną'));
    expect(server.requestsTo('POST /api/settings/external-company/save')).toHaveLength(0);
  });
});
