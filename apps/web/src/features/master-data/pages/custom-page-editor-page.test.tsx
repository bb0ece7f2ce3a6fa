import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator } from '../testing/fixtures.ts';

const saved = {
  id: 12,
  alias: 'kontakt-2',
  kind: 'custom',
  title_pl: 'Kontakt',
  title_en: '',
  content_pl: '',
  content_en: '',
  show_in_menu: true,
  sort_order: 0,
  updated_at: '2026-05-04T10:00:00.000Z',
};

describe('custom page editor', { timeout: 30_000 }, () => {
  it("shows an alias in use as 'Alias jest już zajęty' at the alias and keeps the form", async () => {
    let attempts = 0;
    const { server, user, router } = renderApp('/settings/custom-webpage/edit/new', {
      user: administrator,
      handlers: {
        'POST /api/settings/custom-webpage/save': () => {
          attempts += 1;
          return attempts === 1 ? errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['alias'], code: 'customPage.aliasTaken' }] }) : { body: { status: 'ok', page: saved } };
        },
        'POST /api/settings/custom-webpage/edit': { body: { page: saved } },
      },
    });
    await user.type(await screen.findByLabelText('Tytuł (polski)', {}, FIRST_LOAD), 'Kontakt');
    await user.type(screen.getByLabelText('Alias (adres strony)'), 'kontakt');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    const alias = screen.getByLabelText('Alias (adres strony)');
    await waitFor(() => expect(descriptionOf(alias)).toBe('Alias jest już zajęty'));
    expect(screen.getByLabelText<HTMLInputElement>('Tytuł (polski)').value).toBe('Kontakt');
    expect(server.requestsTo('POST /api/settings/custom-webpage/save')[0]!.body).toEqual({
      alias: 'kontakt',
      title_pl: 'Kontakt',
      title_en: '',
      content_pl: '',
      content_en: '',
      show_in_menu: true,
      sort_order: 0,
    });

    await user.type(alias, '-2');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/custom-webpage/edit/12'));
  });

  it('refuses the alias of a fixed delegation-info screen and a malformed alias before asking the server', async () => {
    const { server, user } = renderApp('/settings/custom-webpage/edit/new', { user: administrator });
    await user.type(await screen.findByLabelText('Tytuł (polski)', {}, FIRST_LOAD), 'Pojazdy');
    await user.type(screen.getByLabelText('Alias (adres strony)'), 'vehicle');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Alias (adres strony)'))).toBe('Ten alias jest zarezerwowany dla stałej strony informacji o delegacjach'));

    await user.clear(screen.getByLabelText('Alias (adres strony)'));
    await user.type(screen.getByLabelText('Alias (adres strony)'), 'zasady_podróży');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Alias (adres strony)'))).toBe('Alias może zawierać tylko małe litery, cyfry i myślniki między nimi'));
    expect(server.requestsTo('POST /api/settings/custom-webpage/save')).toHaveLength(0);
  });

  it('offers a toolbar and an editable area for the content in each language', async () => {
    renderApp('/settings/custom-webpage/edit/new', { user: administrator });
    expect(await screen.findByRole('textbox', { name: 'Treść (polski)' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Formatowanie: Treść (polski)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'English' })).toBeTruthy();
  });
});
