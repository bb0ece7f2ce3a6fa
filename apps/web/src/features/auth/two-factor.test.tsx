import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TwoFactorStatus } from '@delego/contract';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { buildToken, buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { readToken } from '../../lib/token-storage.ts';
import { i18n } from '../../lib/i18n.ts';

const SIGN_IN_TOKEN = 'one-time-sign-in-token';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'jkmnp-qrstu', 'vwxyz-23456', '789ab-cdefg'];
const session = () => ({ access_token: buildToken(), user_properties: buildUserProperties() });

async function passwordStep(user: ReturnType<typeof renderApp>['user'], labels = { company: 'Firma', password: 'Hasło', submit: 'Zaloguj' }) {
  await user.type(await screen.findByLabelText(labels.company), 'acme');
  await user.type(screen.getByLabelText('Login'), 'jan.kowalski');
  await user.type(screen.getByLabelText(labels.password), 'Secret#123');
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('the second step of the sign-in', () => {
  it('asks a user with an authenticator for a code after the password, stores no token before it, and shows a wrong code at the field', async () => {
    let attempts = 0;
    const { user, server } = renderApp('/login', {
      handlers: {
        'POST /api/auth/login': { body: { second_step: 'code', sign_in_token: SIGN_IN_TOKEN } },
        'POST /api/auth/two-factor/verify': () =>
          ++attempts === 1 ? errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['code'], code: 'validation.twoFactor.wrongCode' }] }) : { body: session() },
      },
    });
    await passwordStep(user);

    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeTruthy();
    expect(readToken()).toBeNull();
    const code = await screen.findByLabelText('Kod weryfikacyjny');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(descriptionOf(code)).toBe('Nieprawidłowy kod. Sprawdź, czy zegar telefonu jest ustawiony poprawnie, i podaj aktualny kod.'));
    expect(readToken()).toBeNull();

    await user.clear(code);
    await user.type(code, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(readToken()).not.toBeNull());
    expect(server.requestsTo('POST /api/auth/two-factor/verify').map((request) => request.body)).toEqual([
      { sign_in_token: SIGN_IN_TOKEN, code: '123 456' },
      { sign_in_token: SIGN_IN_TOKEN, code: 'abcde-fghjk' },
    ]);
  });

  it('speaks English: the code step and a used code at the field', async () => {
    await i18n.changeLanguage('en-US');
    const { user } = renderApp('/login', {
      handlers: {
        'POST /api/auth/login': { body: { second_step: 'code', sign_in_token: SIGN_IN_TOKEN } },
        'POST /api/auth/two-factor/verify': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['code'], code: 'validation.twoFactor.codeUsed' }] }),
      },
    });
    await passwordStep(user, { company: 'Company', password: 'Password', submit: 'Log in' });

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    const code = await screen.findByLabelText('Verification code');
    expect(descriptionOf(code)).toBe('A code from the app or one of your recovery codes.');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(descriptionOf(code)).toBe('This code has already been used. Wait for the next code in the app.'));
  });

  it('sends the user back to the password when the second step has expired', async () => {
    const { user } = renderApp('/login', {
      handlers: {
        'POST /api/auth/login': { body: { second_step: 'code', sign_in_token: SIGN_IN_TOKEN } },
        'POST /api/auth/two-factor/verify': errorAnswer(410, 'TOKEN_EXPIRED', { messages: ['URL expired'] }),
      },
    });
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));

    expect(await screen.findByText('Czas na podanie kodu minął. Zaloguj się ponownie.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Hasło').value).toBe('');
  });

  it('shows the lockout dialog when wrong codes have locked the login', async () => {
    const { user } = renderApp('/login', {
      handlers: {
        'POST /api/auth/login': { body: { second_step: 'code', sign_in_token: SIGN_IN_TOKEN } },
        'POST /api/auth/two-factor/verify': errorAnswer(429, 'LOGIN_LOCKED', { messages: ['Too many login attempts'], params: { minutes: 15 } }),
      },
    });
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto zablokowane' });
    expect(dialog.textContent).toContain('Spróbuj ponownie za 15 minut.');
  });

  it('leads a user who must use an authenticator through setting one up: QR code and key, first code, recovery codes once, then the app', async () => {
    const { user, server } = renderApp('/login-admin', {
      handlers: {
        'POST /api/auth/login': { body: { second_step: 'enrolment', sign_in_token: SIGN_IN_TOKEN } },
        'POST /api/auth/two-factor/enrolment/start': { body: { secret: SECRET, otpauth_uri: `otpauth://totp/Delego:x?secret=${SECRET}`, qr_code: QR } },
        'POST /api/auth/two-factor/enrolment/confirm': { body: { ...session(), recovery_codes: RECOVERY } },
      },
    });
    await user.type(await screen.findByLabelText('Login'), 'superadmin');
    await user.type(screen.getByLabelText('Hasło'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));

    expect(await screen.findByRole('heading', { name: 'Konfiguracja weryfikacji dwuetapowej' })).toBeTruthy();
    expect(await screen.findByText('Twoje konto wymaga logowania dwuetapowego. Skonfiguruj aplikację uwierzytelniającą, aby kontynuować.')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą' })).getAttribute('src')).toBe(QR);
    expect(screen.getByLabelText('Klucz do wpisania w aplikacji').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Kod z aplikacji'), '654321');
    await user.click(screen.getByRole('button', { name: 'Włącz weryfikację dwuetapową' }));

    const list = await screen.findByRole('list', { name: 'Kody odzyskiwania' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY);
    expect(readToken()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zapisałem kody – przejdź dalej' }));
    await waitFor(() => expect(readToken()).not.toBeNull());
    expect(server.requestsTo('POST /api/auth/two-factor/enrolment/confirm')[0]?.body).toEqual({ sign_in_token: SIGN_IN_TOKEN, code: '654321' });
  });
});

const off: TwoFactorStatus = { enabled: false, required: false, recovery_codes_left: 0 };
const on: TwoFactorStatus = { enabled: true, required: true, recovery_codes_left: 7 };

describe('two-step verification on my profile', () => {
  const profileHandlers = (status: () => TwoFactorStatus) => ({ 'GET /api/settings/my-profile/get': errorAnswer(500, 'INTERNAL'), 'GET /api/settings/my-profile/two-factor': () => ({ body: status() }) });

  it('turns it on: the QR code and key, the first code, then the recovery codes shown once', async () => {
    let status = off;
    const { user, server } = renderApp('/profile/my-profile', {
      user: buildUserProperties(),
      handlers: {
        ...profileHandlers(() => status),
        'POST /api/settings/my-profile/two-factor/start': { body: { secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_code: QR } },
        'POST /api/settings/my-profile/two-factor/confirm': () => ((status = { enabled: true, required: false, recovery_codes_left: 10 }), { body: { recovery_codes: RECOVERY } }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Weryfikacja dwuetapowa' });
    expect(await within(section).findByText('Wyłączona. Przy logowaniu wystarczy hasło.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Włącz weryfikację dwuetapową' }));
    expect(await within(section).findByRole('img', { name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą' })).toBeTruthy();
    expect(within(section).getByLabelText('Klucz do wpisania w aplikacji').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(within(section).getByLabelText('Kod z aplikacji'), '111222');
    await user.click(within(section).getByRole('button', { name: 'Włącz weryfikację dwuetapową' }));

    const list = await within(section).findByRole('list', { name: 'Kody odzyskiwania' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(server.requestsTo('POST /api/settings/my-profile/two-factor/confirm')[0]?.body).toEqual({ code: '111222' });
    await user.click(within(section).getByRole('button', { name: 'Zapisałem kody' }));
    expect(await within(section).findByText('Niewykorzystane kody odzyskiwania: 10')).toBeTruthy();
    expect(within(section).queryByRole('list', { name: 'Kody odzyskiwania' })).toBeNull();
  });

  it('speaks English: a wrong confirmation is shown at its field, and turning it off needs the password or a code', async () => {
    await i18n.changeLanguage('en-US');
    const { user, server } = renderApp('/profile/my-profile', {
      user: buildUserProperties({ language: 'en-US' }),
      handlers: {
        ...profileHandlers(() => on),
        'POST /api/settings/my-profile/two-factor/disable': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['confirmation'], code: 'validation.twoFactor.wrongConfirmation' }] }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(section).findByText('Unused recovery codes: 7')).toBeTruthy();
    expect(within(section).getByText(/Your company requires it of your account/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step verification' }));
    const confirmation = within(section).getByLabelText('Current password or an app code');
    await waitFor(() => expect(descriptionOf(confirmation)).toBe('Required field'));
    expect(server.requestsTo('POST /api/settings/my-profile/two-factor/disable')).toHaveLength(0);

    await user.type(confirmation, 'wrong');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step verification' }));
    await waitFor(() => expect(descriptionOf(confirmation)).toBe('Wrong password or code.'));
    expect(server.requestsTo('POST /api/settings/my-profile/two-factor/disable')[0]?.body).toEqual({ confirmation: 'wrong' });
  });
});
