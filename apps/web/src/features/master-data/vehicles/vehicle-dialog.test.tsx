import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator, employee, page } from '../testing/fixtures.ts';

const fleetCar = { id: 7, plates: 'WA 12345', model: 'Toyota Corolla', engine_capacity: 1798, type: 'car', is_private: false, owner_user_id: null, owner_name: null, is_active: true, can_edit: false };
const ownCar = { id: 8, plates: 'KR 5Y123', model: 'Skoda Fabia', engine_capacity: 999, type: 'car', is_private: true, owner_user_id: 10, owner_name: 'Jan Kowalski', is_active: true, can_edit: true };

function vehicleList(request: { url: URL }) {
  const scope = request.url.searchParams.get('scope');
  return page(scope === 'mine' ? [ownCar] : scope === 'company' ? [fleetCar] : [fleetCar, ownCar]);
}

async function openNewVehicle(user: ReturnType<typeof renderApp>['user'], button: string) {
  await user.click(await screen.findByRole('button', { name: button }, FIRST_LOAD));
  return screen.findByRole('dialog', { name: 'Nowy pojazd' });
}

async function chooseKind(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, kind: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Rodzaj pojazdu' }));
  await user.click(await screen.findByRole('option', { name: kind }));
}

describe('vehicle form', { timeout: 30_000 }, () => {
  it('refuses an engine capacity of 9999 cm³ at the field and sends nothing', async () => {
    const { server, user } = renderApp('/delegation-info/vehicle', { user: employee, handlers: { 'GET /api/vehicle/list': vehicleList } });
    const dialog = await openNewVehicle(user, 'Dodaj pojazd prywatny');
    await user.type(within(dialog).getByLabelText('Numer rejestracyjny'), 'WE 777AA');
    await user.type(within(dialog).getByLabelText('Marka i model'), 'Volvo XC90');
    await user.type(within(dialog).getByLabelText('Pojemność silnika (cm³)'), '9999');
    await chooseKind(user, dialog, 'Samochód osobowy');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));

    const capacity = within(dialog).getByLabelText('Pojemność silnika (cm³)');
    await waitFor(() => expect(capacity.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(capacity)).toBe('Pojemność silnika musi być liczbą całkowitą mniejszą niż 9999 cm³');
    expect(server.requestsTo('POST /api/vehicle/save')).toHaveLength(0);
  });

  it('requires plate, model, capacity and kind', async () => {
    const { user } = renderApp('/delegation-info/vehicle', { user: employee, handlers: { 'GET /api/vehicle/list': vehicleList } });
    const dialog = await openNewVehicle(user, 'Dodaj pojazd prywatny');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    for (const label of ['Numer rejestracyjny', 'Marka i model', 'Pojemność silnika (cm³)']) {
      await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText(label))).toBe('Pole wymagane'));
    }
    expect(descriptionOf(within(dialog).getByRole('combobox', { name: 'Rodzaj pojazdu' }))).toBe('Pole wymagane');
  });

  it("saves an employee's private vehicle with a capacity of 9998 cm³ and no owner of their choosing", async () => {
    const { server, user } = renderApp('/delegation-info/vehicle', {
      user: employee,
      handlers: { 'GET /api/vehicle/list': vehicleList, 'POST /api/vehicle/save': { body: { status: 'ok', vehicle: { ...ownCar, id: 9 } } } },
    });
    const dialog = await openNewVehicle(user, 'Dodaj pojazd prywatny');
    await user.type(within(dialog).getByLabelText('Numer rejestracyjny'), 'WE 777AA');
    await user.type(within(dialog).getByLabelText('Marka i model'), 'Volvo XC90');
    await user.type(within(dialog).getByLabelText('Pojemność silnika (cm³)'), '9998');
    await chooseKind(user, dialog, 'Samochód ciężarowy');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(server.requestsTo('POST /api/vehicle/save')).toHaveLength(1));
    expect(server.requestsTo('POST /api/vehicle/save')[0]!.body).toEqual({ plates: 'WE 777AA', model: 'Volvo XC90', engine_capacity: 9998, type: 'truck', is_private: true, is_active: true });
  });

  it('shows own vehicles editable and company vehicles read-only', async () => {
    renderApp('/delegation-info/vehicle', { user: employee, handlers: { 'GET /api/vehicle/list': vehicleList } });
    const own = await screen.findByRole('table', { name: 'Moje pojazdy prywatne' }, FIRST_LOAD);
    expect(await within(own).findByText('KR 5Y123')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edytuj: KR 5Y123' })).toBeTruthy();
    const company = screen.getByRole('table', { name: 'Pojazdy firmowe' });
    expect(await within(company).findByText('WA 12345')).toBeTruthy();
    expect(within(company).queryByRole('button', { name: 'Edytuj: WA 12345' })).toBeNull();
  });

  it('shows a taken plate at its field for an administrator', async () => {
    const { user } = renderApp('/settings/vehicles', {
      user: administrator,
      handlers: {
        'GET /api/vehicle/list': vehicleList,
        'POST /api/vehicle/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['plates'], code: 'vehicle.platesTaken' }] }),
      },
    });
    const dialog = await openNewVehicle(user, 'Dodaj pojazd');
    expect(within(dialog).getByRole('radio', { name: 'Pojazd firmowy' })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Pojazd firmowy' }));
    await user.type(within(dialog).getByLabelText('Numer rejestracyjny'), 'WA 12345');
    await user.type(within(dialog).getByLabelText('Marka i model'), 'Toyota Corolla');
    await user.type(within(dialog).getByLabelText('Pojemność silnika (cm³)'), '1798');
    await chooseKind(user, dialog, 'Samochód osobowy');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Numer rejestracyjny'))).toBe('Pojazd o tym numerze rejestracyjnym już istnieje'));
  });
});
