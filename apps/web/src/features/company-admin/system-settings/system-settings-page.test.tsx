import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SystemSettings } from '@delego/domain';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, adminUser, defaultSettings } from '../testing/fixtures.ts';

/** Settings that other screens edit (those this one does not show) must travel back unchanged. */
const loaded: SystemSettings = { ...defaultSettings(), multiple_advances: true, hotel_limit_excess: 'never' };

// Whole-form journeys: many keystrokes, slow when the suite runs in parallel.
describe('system settings screen', { timeout: 20_000 }, () => {
  it('shows every group, each setting with its explanation', async () => {
    renderApp('/settings/system-settings', { user: adminUser, handlers: { 'GET /api/settings/system-settings': { body: { settings: loaded } } } });
    for (const group of ['Moduły', 'Sesja i bezpieczeństwo logowania', 'Powiadomienia e-mail', 'Dokumenty', 'Numeracja dokumentów', 'Zasady podróży', 'Załączniki', 'Usługi podróżne', 'Diety i rozliczenia walutowe']) {
      expect(await screen.findByRole('region', { name: group }, FIRST_RENDER)).toBeTruthy();
    }
    const session = screen.getByLabelText('Czas bezczynności do wylogowania');
    expect((session as HTMLInputElement).value).toBe('30');
    expect(descriptionOf(session)).toBe('Po tylu minutach bez aktywności sesja użytkownika wygasa.');
    expect((screen.getByRole('switch', { name: 'Delegacje' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks the no-login action links as unsafe', async () => {
    const { user } = renderApp('/settings/system-settings', { user: adminUser, handlers: { 'GET /api/settings/system-settings': { body: { settings: loaded } } } });
    await user.click(await screen.findByLabelText('Tryb powiadomień e-mail', undefined, FIRST_RENDER));
    await user.click(await screen.findByRole('option', { name: 'Powiadomienie z linkami do decyzji bez logowania (niebezpieczne)' }));
    expect(await screen.findByText(/pozwalają każdemu, kto ma dostęp do skrzynki odbiorcy/)).toBeTruthy();
  });

  it('checks ranges and IP entries before sending', async () => {
    const { user, server } = renderApp('/settings/system-settings', { user: adminUser, handlers: { 'GET /api/settings/system-settings': { body: { settings: loaded } } } });
    const session = await screen.findByLabelText('Czas bezczynności do wylogowania', undefined, FIRST_RENDER);
    await user.clear(session);
    await user.type(session, '0');
    await user.type(screen.getByLabelText('Dozwolone adresy IP'), '10.0.0.0/8{Enter}300.1.1.1');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(session)).toBe('Podaj liczbę całkowitą od 1 do 1440'));
    expect(descriptionOf(screen.getByLabelText('Dozwolone adresy IP'))).toBe('Wiersz 2: Nieprawidłowy adres IP lub zakres CIDR');
    expect(server.requestsTo('POST /api/settings/system-settings/save')).toHaveLength(0);
  });

  it('saves the whole object with the changes and keeps every other value', async () => {
    const { user, server } = renderApp('/settings/system-settings', {
      user: adminUser,
      handlers: {
        'GET /api/settings/system-settings': { body: { settings: loaded } },
        'POST /api/settings/system-settings/save': ({ body }) => ({ body: { status: 'ok', settings: body } }),
      },
    });
    const session = await screen.findByLabelText('Czas bezczynności do wylogowania', undefined, FIRST_RENDER);
    await user.clear(session);
    await user.type(session, '45');
    await user.click(screen.getByRole('switch', { name: 'Usługi podróżne' }));
    await user.click(screen.getByLabelText('Ubezpieczenie do usług'));
    await user.click(await screen.findByRole('option', { name: 'Dodawaj automatycznie' }));
    await user.type(screen.getByLabelText('Dozwolone adresy IP'), '192.168.0.0/16');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/settings/system-settings/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/system-settings/save')[0]?.body).toEqual({
      ...loaded,
      session_time: 45,
      modules: { ...loaded.modules, travel_service: 1 },
      insurance_behaviour: 2,
      ip_allow_list: ['192.168.0.0/16'],
    });
    expect(await screen.findByText('Zapisano ustawienia systemu.')).toBeTruthy();
    expect(server.requestsTo('GET /api/token-refresh/user-properties').length).toBeGreaterThan(1);
  });

  it("shows the server's refusal of a list that leaves the administrator out", async () => {
    const { user } = renderApp('/settings/system-settings', {
      user: adminUser,
      handlers: {
        'GET /api/settings/system-settings': { body: { settings: loaded } },
        'POST /api/settings/system-settings/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['ip_allow_list'], code: 'settings.ipListExcludesYou', params: { ip: '203.0.113.7' } }],
        }),
      },
    });
    await user.type(await screen.findByLabelText('Dozwolone adresy IP', undefined, FIRST_RENDER), '10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Dozwolone adresy IP'))).toBe(
        'Lista nie obejmuje Twojego adresu IP (203.0.113.7) – po zapisaniu logowanie z tego adresu byłoby niemożliwe',
      ),
    );
  });
});
