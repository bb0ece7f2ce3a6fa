import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MailingDelivery, MailingDetail, MailingListItem, MailingProgress } from '@delego/contract';
import type { MockRequest } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';

const FIRST_RENDER = { timeout: 5000 };
const PROVIDER_PERMISSIONS = { SuperAdmin: true, manageCompanies: true, mainDbUserManage: true, manageMailingList: true, mainDbSettings: true, companyAdmin: true };
const provider = buildUserProperties({
  user_id: -1,
  context_user_id: -1,
  login: 'superadmin',
  context_user_login: 'superadmin',
  company_code: 'admin',
  is_admin_context: true,
  permissions: PROVIDER_PERMISSIONS,
  context_user_permissions: PROVIDER_PERMISSIONS,
});

const list: MailingListItem = {
  id: 3,
  name: 'Administratorzy wszystkich firm',
  rules: [{ kind: 'role', company_id: null, company_name: null, role_name: 'Administrator firmy', user_id: null, user_name: null, user_email: null }],
  mailing_count: 1,
  updated_at: '2026-06-01T10:00:00.000Z',
};
const preview = { recipients: 2, excluded_disabled_company: 1, excluded_inactive_user: 0, duplicate_addresses: 0 };

function mailing(overrides: Partial<MailingDetail> = {}): MailingDetail {
  return {
    id: 9,
    subject_pl: 'Przerwa techniczna',
    subject_en: 'Maintenance',
    body_pl: 'W sobotę system będzie niedostępny.',
    body_en: 'The system will be down on Saturday.',
    list_id: 3,
    list_name: list.name,
    status: 'draft',
    created_by: 'Super Administrator',
    created_at: '2026-06-01T10:00:00.000Z',
    sent_at: null,
    finished_at: null,
    progress: { status: 'draft', total: 0, queued: 0, sent: 0, failed: 0 },
    allowed_actions: ['edit', 'delete', 'send'],
    ...overrides,
  };
}

function delivery(overrides: Partial<MailingDelivery>): MailingDelivery {
  return { id: 1, user_id: 5, user_name: 'Barbara Lis', company_name: 'Beta Logistyka S.A.', email: 'barbara.lis@beta.test', language: 'pl', state: 'sent', error: null, sent_at: '2026-06-01T10:01:00.000Z', ...overrides };
}

const lists = { 'GET /api/admin/mailing-list/list': { body: { items: [list], total: 1 } } };

// Whole-form journeys: many keystrokes, slow when the suite runs in parallel.
describe('mailing editor', { timeout: 40_000 }, () => {
  it('shows a missing English text at its field on the English tab and sends nothing, then saves both languages and opens the draft', async () => {
    const { user, server } = renderApp('/admin/mailing', {
      user: provider,
      handlers: {
        ...lists,
        'GET /api/admin/mailing/list': { body: { items: [], total: 0 } },
        'POST /api/admin/mailing/create': { body: { status: 'ok', id: 9 } },
        'GET /api/admin/mailing/get': { body: mailing() },
        'GET /api/admin/mailing-list/get': { body: { list, preview } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nowa wiadomość' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa wiadomość' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Lista odbiorców' }));
    await user.click(await screen.findByRole('option', { name: list.name }));
    await user.type(within(dialog).getByLabelText('Temat po polsku', { exact: false }), 'Przerwa');
    await user.type(within(dialog).getByLabelText('Treść po polsku', { exact: false }), 'Przerwa w sobotę');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    // The error is on the other tab: the editor shows that tab, marked, with the message at the field.
    const englishTab = await within(dialog).findByRole('tab', { name: 'Angielski – do poprawy' });
    expect(englishTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Temat po angielsku', { exact: false }))).toBe('Pole wymagane'));
    expect(descriptionOf(within(dialog).getByLabelText('Treść po angielsku', { exact: false }))).toBe('Pole wymagane');
    expect(server.requestsTo('POST /api/admin/mailing/create')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Temat po angielsku', { exact: false }), 'Pause');
    await user.type(within(dialog).getByLabelText('Treść po angielsku', { exact: false }), 'Pause on Saturday');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/mailing/create')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/mailing/create')[0]?.body).toEqual({
      list_id: 3,
      subject_pl: 'Przerwa',
      body_pl: 'Przerwa w sobotę',
      subject_en: 'Pause',
      body_en: 'Pause on Saturday',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Przerwa techniczna' })).toBeTruthy();
  });

  it('shows the server’s refusal of a text at its field', async () => {
    const { user } = renderApp('/admin/mailing?mailing=9', {
      user: provider,
      handlers: {
        ...lists,
        'GET /api/admin/mailing/get': { body: mailing() },
        'GET /api/admin/mailing-list/get': { body: { list, preview } },
        'POST /api/admin/mailing/update': { status: 400, body: { status: 400, code: 'VALIDATION_FAILED', messages: [], issues: [{ path: ['subject_pl'], code: 'validation.maxLength', params: { max: 200 } }] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edytuj' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Edycja wiadomości' });
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Temat po polsku', { exact: false }))).toBe('Tekst jest za długi (maksymalnie 200 znaków)'));
  });
});

describe('recipient list editor', { timeout: 20_000 }, () => {
  it('adds a company found by the server search, says how many the list reaches and who is left out, and saves the rules', async () => {
    const { user, server } = renderApp('/admin/mailing?tab=lists', {
      user: provider,
      handlers: {
        'GET /api/admin/mailing-list/list': { body: { items: [], total: 0 } },
        'GET /api/admin/mailing-list/companies': (request: MockRequest) => ({
          body: { items: request.url.searchParams.get('search') === 'beta' ? [{ id: 7, code: 'beta', name: 'Beta Logistyka S.A.', is_active: true }] : [] },
        }),
        'POST /api/admin/mailing-list/preview': { body: { recipients: 3, excluded_disabled_company: 0, excluded_inactive_user: 1, duplicate_addresses: 0 } },
        'POST /api/admin/mailing-list/create': { body: { status: 'ok', id: 4 } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nowa lista' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Nowa lista odbiorców' });
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByText('Wybierz co najmniej jednego odbiorcę (firmę, rolę lub osobę)')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Nazwa listy', { exact: false }), 'Beta');
    await user.type(within(dialog).getByRole('combobox', { name: 'Firma' }), 'beta');
    await user.click(await screen.findByRole('option', { name: 'Beta Logistyka S.A. (beta)' }));
    expect(within(dialog).getByText('Firma: Beta Logistyka S.A.')).toBeTruthy();
    expect(await within(dialog).findByText(/Lista obejmuje teraz 3 odbiorców\. Pominięci: w wyłączonych firmach 0, nieaktywni użytkownicy 1/)).toBeTruthy();
    expect(server.requestsTo('POST /api/admin/mailing-list/preview').at(-1)?.body).toEqual({ rules: [{ kind: 'company', company_id: 7 }] });

    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/mailing-list/create')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/mailing-list/create')[0]?.body).toEqual({ name: 'Beta', rules: [{ kind: 'company', company_id: 7 }] });
  });
});

describe('recipient lists', { timeout: 20_000 }, () => {
  it('says why a list a draft still uses is not deleted', async () => {
    const { user, server } = renderApp('/admin/mailing?tab=lists', {
      user: provider,
      handlers: {
        ...lists,
        'POST /api/admin/mailing-list/delete': { status: 409, body: { status: 409, code: 'CONFLICT', messages: [], issues: [{ path: ['id'], code: 'mailing.listInUse', params: { count: 1 } }] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: `Usuń listę ${list.name}` }, FIRST_RENDER));
    await user.click(within(await screen.findByRole('dialog', { name: 'Usunąć listę?' })).getByRole('button', { name: 'Usuń' }));
    expect(await screen.findByText('Listy używa szkic wiadomości (1) – najpierw go zmień lub usuń')).toBeTruthy();
    expect(server.requestsTo('POST /api/admin/mailing-list/delete')[0]?.body).toEqual({ id: 3 });
  });
});

describe('mailing detail', { timeout: 20_000 }, () => {
  it('asks before sending a draft, naming how many it reaches, and sends it', async () => {
    const { user, server } = renderApp('/admin/mailing?mailing=9', {
      user: provider,
      handlers: {
        'GET /api/admin/mailing/get': { body: mailing() },
        'GET /api/admin/mailing-list/get': { body: { list, preview } },
        'POST /api/admin/mailing/send': { body: { status: 'ok', progress: { status: 'sending', total: 2, queued: 2, sent: 0, failed: 0 } } },
      },
    });
    expect(await screen.findByText('Lista obejmuje teraz 2 odbiorców. Pominięci: w wyłączonych firmach 1, nieaktywni użytkownicy 0, powtórzone adresy e-mail 0.', undefined, FIRST_RENDER)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));
    const confirm = await screen.findByRole('dialog', { name: 'Wysłać wiadomość?' });
    expect(within(confirm).getByText(/Wiadomość zostanie wysłana do 2 odbiorców z listy „Administratorzy wszystkich firm”/)).toBeTruthy();
    expect(server.requestsTo('POST /api/admin/mailing/send')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Wyślij' }));
    await waitFor(() => expect(server.requestsTo('POST /api/admin/mailing/send')).toHaveLength(1));
    expect(server.requestsTo('POST /api/admin/mailing/send')[0]?.body).toEqual({ id: 9 });
  });

  it('follows the progress while the messages are on their way and shows each recipient’s delivery', async () => {
    const answers: MailingProgress[] = [
      { status: 'sending', total: 2, queued: 1, sent: 1, failed: 0 },
      { status: 'sent', total: 2, queued: 0, sent: 1, failed: 1 },
    ];
    const { server } = renderApp('/admin/mailing?mailing=9', {
      user: provider,
      handlers: {
        'GET /api/admin/mailing/get': { body: mailing({ status: 'sending', sent_at: '2026-06-01T10:00:30.000Z', allowed_actions: [], progress: { status: 'sending', total: 2, queued: 2, sent: 0, failed: 0 } }) },
        'GET /api/admin/mailing/progress': () => ({ body: answers.length > 1 ? answers.shift() : answers[0] }),
        'GET /api/admin/mailing/deliveries': {
          body: {
            items: [delivery({}), delivery({ id: 2, user_id: 6, user_name: 'Anna Kowalska', company_name: 'Demo Sp. z o.o.', email: 'anna@demo.test', language: 'en', state: 'failed', error: '550 mailbox unavailable', sent_at: null })],
            total: 2,
          },
        },
      },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Postęp wysyłki' }, FIRST_RENDER);
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Wysłano lub zakończono 1 z 2'));
    // Asked again while sending; the answer that the mailing is done ends the asking.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Postęp wysyłki' }).getAttribute('aria-valuetext')).toBe('Wysłano lub zakończono 2 z 2'), { timeout: 8000 });
    expect(screen.getByText('Odbiorców: 2 · wysłane: 1 · w kolejce: 0 · nieudane: 1')).toBeTruthy();
    expect(screen.getAllByText('Wysłana').length).toBeGreaterThan(0);
    const failedRow = screen.getByText('anna@demo.test').closest('tr') ?? screen.getByText('anna@demo.test').closest('li');
    expect(failedRow).toBeTruthy();
    expect(within(failedRow as HTMLElement).getByText('Nieudana')).toBeTruthy();
    expect(within(failedRow as HTMLElement).getByText('550 mailbox unavailable')).toBeTruthy();
    const asked = server.requestsTo('GET /api/admin/mailing/progress').length;
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(server.requestsTo('GET /api/admin/mailing/deliveries')[0]?.url.searchParams.get('id')).toBe('9');
  });
});
