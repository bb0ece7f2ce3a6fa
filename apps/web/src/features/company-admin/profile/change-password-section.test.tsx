import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MyProfile } from '@delego/contract';
import { errorAnswer, type MockHandler } from '../../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_RENDER } from '../testing/fixtures.ts';

const profile: MyProfile = {
  user: {
    login: 'employee',
    name: 'Anna',
    middle_name: null,
    surname: 'Kowalska',
    email: 'anna@firma.pl',
    phone: null,
    language: 'pl-PL',
    position: null,
    department: null,
    responsibilities: null,
    birth_date: null,
    identity_document_number: null,
    identity_document_expiry: null,
    identity_document_issue_place: null,
    nationality: null,
    superior: null,
    organization_unit: null,
    rate_group: null,
    private_vehicle: null,
    default_vehicle: null,
    cost_centres: [],
    payment_type: 'notSet',
    bank_name: null,
    bank_account_number: null,
  },
  roles: [],
  direct_permissions: [],
  transfers: [],
  effective_permissions: [],
};

const CHANGE = 'POST /api/settings/my-profile/change-password';
const PROFILE = { 'GET /api/settings/my-profile/get': { body: profile } };

async function openForm(handlers: Record<string, MockHandler>) {
  const view = renderApp('/profile/my-profile', { user: buildUserProperties(), handlers: { ...PROFILE, ...handlers } });
  const section = await screen.findByRole('region', { name: 'Zmiana hasła' }, FIRST_RENDER);
  const fields = {
    current: within(section).getByLabelText('Obecne hasło'),
    next: within(section).getByLabelText('Nowe hasło'),
    repeat: within(section).getByLabelText('Powtórz nowe hasło'),
    submit: within(section).getByRole('button', { name: 'Zmień hasło' }),
  };
  return { ...view, section, fields };
}

describe('changing my password on the profile', { timeout: 20_000 }, () => {
  it('sends current, new and repeated password and confirms the change, emptying the form', async () => {
    const { user, server, section, fields } = await openForm({ [CHANGE]: { body: { status: 'ok' } } });
    await user.type(fields.current, 'Stare-Haslo-1');
    await user.type(fields.next, 'Zupełnie-Nowe-1');
    await user.type(fields.repeat, 'Zupełnie-Nowe-1');
    await user.click(fields.submit);
    expect((await within(section).findByRole('status')).textContent).toBe('Hasło zostało zmienione. Pozostałe sesje zostały zakończone.');
    expect(server.requestsTo(CHANGE).map((request) => request.body)).toEqual([
      { password: 'Stare-Haslo-1', new_password: 'Zupełnie-Nowe-1', repeat_password: 'Zupełnie-Nowe-1' },
    ]);
    expect((fields.current as HTMLInputElement).value).toBe('');
  });

  it('asks for every field and for a matching repetition before sending anything', async () => {
    const { user, server, fields } = await openForm({ [CHANGE]: { body: { status: 'ok' } } });
    await user.click(fields.submit);
    await waitFor(() => expect(descriptionOf(fields.current)).toContain('Pole wymagane'));
    expect(descriptionOf(fields.next)).toContain('Pole wymagane');
    await user.type(fields.current, 'Stare-Haslo-1');
    await user.type(fields.next, 'Zupełnie-Nowe-1');
    await user.type(fields.repeat, 'Zupełnie-Nowe-2');
    await user.click(fields.submit);
    await waitFor(() => expect(descriptionOf(fields.repeat)).toContain('Hasła nie są identyczne.'));
    expect(server.requestsTo(CHANGE)).toHaveLength(0);
  });

  it("shows the server's refusals at their fields: a wrong current password and the company's policy", async () => {
    let answer = errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['password'], code: 'validation.password.currentWrong' }] });
    const { user, section, fields } = await openForm({ [CHANGE]: () => answer });
    await user.type(fields.current, 'Zle-Haslo-1');
    await user.type(fields.next, 'Krótkie-1');
    await user.type(fields.repeat, 'Krótkie-1');
    await user.click(fields.submit);
    await waitFor(() => expect(descriptionOf(fields.current)).toContain('Obecne hasło jest nieprawidłowe.'));

    answer = errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['new_password'], code: 'validation.password.tooShort', params: { min: 12 } }] });
    await user.click(fields.submit);
    await waitFor(() => expect(descriptionOf(fields.next)).toContain('Hasło jest za krótkie. Minimalna liczba znaków: 12.'));
    expect(within(section).queryByRole('status')).toBeNull();
  });
});
