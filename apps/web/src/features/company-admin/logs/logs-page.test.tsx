import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@delego/contract';
import { DOCUMENT_ACTIONS } from '@delego/domain';
import { i18n } from '../../../lib/i18n.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, adminUser } from '../testing/fixtures.ts';
import { typeIntoPicker } from '../../../testing/pickers.ts';

const admin = { id: 1, login: 'administrator', name: 'Magdalena', surname: 'Kamińska' };
const clerk = { id: 2, login: 'acceptor', name: 'Piotr', surname: 'Nowak' };
const entry: AuditEntry = {
  id: 41,
  created_at: '2025-01-14T23:30:00.000Z',
  user: admin,
  context_user: clerk,
  action: 'user.update',
  entity_type: 'user',
  entity_id: '2',
  before: { surname: 'Nowak', position: 'Handlowiec', is_active: true },
  after: { surname: 'Nowak', position: 'Kierownik', is_active: true },
  ip_address: '10.0.0.5',
  request_id: 'req-1',
};

// Whole-screen journeys: slow when the suite runs in parallel.
describe('event log', { timeout: 20_000 }, () => {
  it("shows who acted as whom, when in Warsaw time, and a readable before/after of the changed fields", async () => {
    const { user, server } = renderApp('/settings/logs?user_id=2', {
      user: adminUser,
      handlers: {
        'GET /api/settings/logs/list': { body: { total: 1, items: [entry] } },
        'GET /api/settings/logs/filter-options': { body: { entity_types: ['user'], actions: ['user.update'], users: [admin, clerk] } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Dziennik działań użytkownika Piotr Nowak' }, FIRST_RENDER)).toBeTruthy();
    await waitFor(() => expect(server.requestsTo('GET /api/settings/logs/list').at(-1)?.url.searchParams.get('user_id')).toBe('2'));
    const table = screen.getByRole('table', { name: 'Dziennik zdarzeń' });
    const row = await within(table).findByRole('row', { name: /Zmiana danych użytkownika/ });
    expect(row.textContent).toContain('2025-01-15 00:30:00');
    expect(row.textContent).toContain('Magdalena Kamińska jako Piotr Nowak');
    expect(row.textContent).toContain('Użytkownik #2');

    await user.click(within(row).getByRole('button', { name: 'Szczegóły wpisu 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Szczegóły zdarzenia' });
    const changes = within(dialog).getByRole('table', { name: 'Zmiany' });
    expect(within(changes).getAllByRole('row').map((line) => line.textContent)).toEqual(['PolePrzedPo', 'positionHandlowiecKierownik']);
    await user.click(within(dialog).getByRole('switch', { name: 'Tylko zmienione pola' }));
    expect(within(changes).getAllByRole('row')).toHaveLength(4);
  });

  it('filters by object type and day through the address', async () => {
    const { user, router } = renderApp('/settings/logs', {
      user: adminUser,
      handlers: {
        'GET /api/settings/logs/list': { body: { total: 0, items: [] } },
        'GET /api/settings/logs/filter-options': { body: { entity_types: ['role', 'user'], actions: [], users: [] } },
      },
    });
    await user.click(await screen.findByLabelText('Rodzaj obiektu', undefined, FIRST_RENDER));
    await user.click(await screen.findByRole('option', { name: 'Rola' }));
    await typeIntoPicker(user, 'Od dnia', '15012025');
    await waitFor(() => expect(router.state.location.search).toContain('entity_type=role'));
    expect(router.state.location.search).toContain('date_from=2025-01-15');
    expect(await screen.findByText('Brak pozycji.')).toBeTruthy();
  });

  it('names every workflow action on trip orders and settlements in both languages', () => {
    // 'edit' is a save (`.update`); orders are not settled.
    const audited = DOCUMENT_ACTIONS.filter((action) => action !== 'edit');
    const keys = [...audited.map((action) => `delegation.${action}`), ...audited.filter((action) => action !== 'settle').map((action) => `delegationOrder.${action}`)];
    for (const language of ['pl-PL', 'en-US']) {
      const missing = keys.filter((key) => !i18n.exists(`actions.${key}`, { ns: 'adminLogs', lng: language }));
      expect(missing, language).toEqual([]);
    }
  });
});
