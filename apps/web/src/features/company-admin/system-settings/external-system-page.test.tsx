import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER, adminUser } from '../testing/fixtures.ts';

const PATH = '/settings/system-settings/external-system';
const stored = {
  issuer: 'https://erp.example.com',
  audience: 'delego-acme',
  algorithm: 'HS256',
  has_shared_secret: true,
  public_key_pem: '',
  return_url: 'https://erp.example.com/delego',
  is_enabled: true,
};

describe('the main-system link screen', { timeout: 20_000 }, () => {
  it('checks the fields before sending: a short secret, a return address that is not http(s), a missing audience', async () => {
    const { user, server } = renderApp(PATH, { user: adminUser, handlers: { 'GET /api/settings/external-system': { body: { link: null } } } });
    await user.type(await screen.findByLabelText(/Wystawca \(iss\)/, undefined, FIRST_RENDER), 'https://erp.example.com');
    await user.type(screen.getByLabelText('Wspólny sekret'), 'krotki');
    await user.type(screen.getByLabelText(/Adres powrotu/), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Wspólny sekret'))).toBe('Wspólny sekret musi mieć co najmniej 32 znaków'));
    expect(descriptionOf(screen.getByLabelText(/Adres powrotu/))).toBe('Podaj pełny adres http(s), np. https://erp.firma.pl/');
    expect(descriptionOf(screen.getByLabelText(/Odbiorca \(aud\)/))).toBe('Pole wymagane');
    expect(server.requestsTo('POST /api/settings/external-system/save')).toHaveLength(0);
  });

  it('keeps a stored secret when the field stays empty, and shows a taken issuer at its field', async () => {
    const { user, server } = renderApp(PATH, {
      user: adminUser,
      handlers: {
        'GET /api/settings/external-system': { body: { link: stored } },
        'POST /api/settings/external-system/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['issuer'], code: 'validation.externalSystem.issuerTaken' }] }),
      },
    });
    const secret = await screen.findByLabelText('Wspólny sekret', undefined, FIRST_RENDER);
    expect(descriptionOf(secret)).toMatch(/^Sekret jest zapisany/);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/Wystawca \(iss\)/))).toBe('Ten wystawca jest już połączony z inną firmą'));
    expect(server.requestsTo('POST /api/settings/external-system/save').map((request) => request.body)).toEqual([
      { issuer: stored.issuer, audience: stored.audience, algorithm: 'HS256', shared_secret: '', public_key_pem: '', return_url: stored.return_url, is_enabled: true },
    ]);
  });

  it('explains how to mint a test token', async () => {
    renderApp(PATH, { user: adminUser, handlers: { 'GET /api/settings/external-system': { body: { link: stored } } } });
    expect(await screen.findByRole('region', { name: 'Token testowy' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText(/npm run external-token -- --user/)).toBeTruthy();
  });
});
