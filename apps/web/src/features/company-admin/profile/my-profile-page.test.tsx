import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MyProfile } from '@delego/contract';
import { buildUserProperties } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
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
    position: 'Specjalistka ds. sprzedaży',
    department: null,
    responsibilities: null,
    birth_date: null,
    identity_document_number: null,
    identity_document_expiry: null,
    identity_document_issue_place: null,
    nationality: null,
    superior: 'Piotr Nowak',
    organization_unit: null,
    rate_group: null,
    private_vehicle: null,
    default_vehicle: null,
    cost_centres: [{ id: 1, label: 'MPK-100 – Sprzedaż', is_default: true }],
    payment_type: 'transfer',
    bank_name: 'mBank',
    bank_account_number: '61 1090 1014 0000 0712 1981 2874',
  },
  roles: [{ id: 5, name: 'Kierownik', description: 'Akceptuje podróże zespołu', is_blocked: false, inherits_from: ['Pracownik'] }],
  direct_permissions: ['modifyDates'],
  transfers: [{ permission_name: 'viewInvoices', role: null, date_from: '2026-03-01', date_to: '2026-03-31', granted_by: 'Magdalena Kamińska' }],
  effective_permissions: ['travelOrderSelf', 'modifyDates', 'viewInvoices'],
};

describe('my profile', { timeout: 20_000 }, () => {
  it('shows any user their data, roles with inheritance, transfers and effective permissions', async () => {
    renderApp('/profile/my-profile', { user: buildUserProperties(), handlers: { 'GET /api/settings/my-profile/get': { body: profile } } });
    const roles = await screen.findByRole('region', { name: 'Role' }, FIRST_RENDER);
    expect(roles.textContent).toContain('Kierownik');
    expect(roles.textContent).toContain('dziedziczy po: Pracownik');
    expect(screen.getByRole('region', { name: 'Podróże i rozliczenia' }).textContent).toContain('MPK-100 – Sprzedaż (domyślne)');
    expect(screen.getByRole('region', { name: 'Przekazane Ci uprawnienia' }).textContent).toContain(
      'Przeglądanie faktur – od 2026-03-01 do 2026-03-31, przekazał(a): Magdalena Kamińska',
    );
    const permissions = screen.getByRole('region', { name: 'Twoje uprawnienia' });
    expect(within(permissions).getByRole('heading', { name: 'Delegacje' })).toBeTruthy();
    expect(permissions.textContent).toContain('Zamawianie usług podróżnych dla siebie');
    expect(permissions.textContent).toContain('nadane bezpośrednio');
    expect(permissions.textContent).not.toContain('Administrator firmy');
  });
});
