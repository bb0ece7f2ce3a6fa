import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('language switch', () => {
  it('changes the texts at once and saves the language for the user', async () => {
    const { user, server } = renderApp('/delegation', {
      user: buildUserProperties(),
      handlers: { 'POST /api/settings/my-profile/update-my-language': { body: { status: 'ok' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Rozliczenia delegacji' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Settlements' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(server.requestsTo('POST /api/settings/my-profile/update-my-language')).toHaveLength(1));
    expect(server.requestsTo('POST /api/settings/my-profile/update-my-language')[0]?.body).toEqual({ language: 'en-US' });

    await user.click(screen.getByRole('button', { name: 'Polski' }));
    expect(await screen.findByRole('heading', { name: 'Rozliczenia delegacji' })).toBeTruthy();
  });

  it('switches the login page without saving anything on the server', async () => {
    const { user, server } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'English' }));

    expect(await screen.findByLabelText('Company')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(server.requestsTo('POST /api/settings/my-profile/update-my-language')).toHaveLength(0);
  });

  it('uses the language of the user after login', async () => {
    renderApp('/delegation', { user: buildUserProperties({ language: 'en-US' }) });
    expect(await screen.findByRole('heading', { name: 'Settlements' })).toBeTruthy();
  });
});
