import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { typeIntoPicker } from '../../testing/pickers.ts';

const admin = buildUserProperties({ permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });
const NEW_PATH = '/settings/system-settings/document-number-template/new';
const emptyList = { 'GET /api/settings/document-number-template/list': { body: { items: [], total: 0 } } };

function numbersIn(listName: string): string[] {
  return within(screen.getByRole('list', { name: listName }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

/** Types the preview's sample date once the editor has loaded (its first render loads the page's code). */
async function typeSampleDate(user: ReturnType<typeof renderApp>['user'], digits: string) {
  await screen.findByRole('group', { name: 'Data dokumentu' }, { timeout: 5000 });
  await typeIntoPicker(user, 'Data dokumentu', digits);
}

async function chooseOption(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('numbering template editor', () => {
  it('previews the next numbers for a sample date, domestic and foreign, as the mask is typed', async () => {
    const { user } = renderApp(NEW_PATH, { user: admin, handlers: emptyList });
    await chooseOption(user, 'Numeracja', 'Roczna, osobno krajowe i zagraniczne');
    await typeSampleDate(user, '05032026');
    await user.type(screen.getByLabelText(/Maska numeru/), 'D');
    await user.click(screen.getByRole('button', { name: /Wstaw \[KZ\]/ }));
    await user.type(screen.getByLabelText(/Maska numeru/), '/');
    await user.click(screen.getByRole('button', { name: /Wstaw \[00N\]/ }));
    await user.type(screen.getByLabelText(/Maska numeru/), '/');
    await user.click(screen.getByRole('button', { name: /Wstaw \[YYYY\]/ }));

    expect(screen.getByLabelText<HTMLInputElement>(/Maska numeru/).value).toBe('D[KZ]/[00N]/[YYYY]');
    expect(numbersIn('Następne numery – Podróż krajowa')).toEqual(['DK/001/2026', 'DK/002/2026', 'DK/003/2026']);
    expect(numbersIn('Następne numery – Podróż zagraniczna')).toEqual(['DZ/001/2026', 'DZ/002/2026', 'DZ/003/2026']);
  });

  it('shows a broken mask rule at the field and hides the preview', async () => {
    const { user, server } = renderApp(NEW_PATH, { user: admin, handlers: emptyList });
    await user.type(await screen.findByLabelText(/Maska numeru/), 'PW/[[N]');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const mask = screen.getByLabelText(/Maska numeru/);
    await waitFor(() => expect(descriptionOf(mask)).toBe('Przy tej numeracji maska musi zawierać rok: [YYYY] lub [YY]'));
    expect(screen.getByText('Popraw maskę, aby zobaczyć podgląd.')).toBeTruthy();
    expect(server.requestsTo('POST /api/settings/document-number-template/save')).toHaveLength(0);
  });

  it('continues the preview from the counters of a saved template and saves it', async () => {
    const template = {
      id: 4,
      document_type: 'delegationOrder',
      reset_type: 'yearly',
      mask: 'PW/[N]/[YYYY]',
      description: '',
      is_active: true,
      issued_count: 0,
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const { user, server } = renderApp('/settings/system-settings/document-number-template/edit/4', {
      user: admin,
      handlers: {
        ...emptyList,
        'POST /api/settings/document-number-template/edit': { body: { template, counters: [{ period_key: '2026', scope_key: 'all', last_value: 41 }] } },
        'POST /api/settings/document-number-template/save': { body: { status: 'ok', template } },
      },
    });
    await typeSampleDate(user, '01072026');
    expect(numbersIn('Następne numery – Podróż krajowa')).toEqual(['PW/42/2026', 'PW/43/2026', 'PW/44/2026']);
    expect(screen.getByText(/wspólny licznik/)).toBeTruthy();
    await user.type(screen.getByLabelText('Opis'), 'Roczne');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await screen.findByRole('heading', { name: 'Szablony numeracji dokumentów' });
    expect(server.requestsTo('POST /api/settings/document-number-template/save')[0]?.body).toEqual({
      id: 4,
      document_type: 'delegationOrder',
      reset_type: 'yearly',
      mask: 'PW/[N]/[YYYY]',
      description: 'Roczne',
      is_active: true,
    });
  });

  it("shows the server's refusal at the field", async () => {
    const { user } = renderApp(NEW_PATH, {
      user: admin,
      handlers: {
        ...emptyList,
        'POST /api/settings/document-number-template/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['document_type'], code: 'numbering.activeTemplateExists' }],
        }),
      },
    });
    await user.type(await screen.findByLabelText(/Maska numeru/), 'PW/[[N]/[[YYYY]');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Dla tego rodzaju dokumentu jest już aktywny szablon')).toBeTruthy();
  });
});
