import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { TravelServiceOrderForm } from '@delego/domain';
import { renderApp, descriptionOf } from '../../testing/render-app.tsx';
import { pastePickerText } from '../../testing/pickers.ts';
import { FRA, WAW, basicData, orderer, storedOrder, tripOrder } from './testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const SAVE = 'POST /api/travel-service/edit-service-order';

function handlers(settings: Parameters<typeof basicData>[0] = {}, extra: Record<string, unknown> = {}) {
  return {
    'GET /api/travel-service/get-basic-data': { body: basicData(settings) },
    'GET /api/location/search': (request: { url: URL }) => ({
      body: { items: (request.url.searchParams.get('query') ?? '').startsWith('War') ? [WAW] : [FRA] },
    }),
    [SAVE]: { body: { status: 'OK', id: 90, messages: [], warnings: [] } },
    'GET /api/travel-service/get-service-order': { body: { travelServiceOrder: storedOrder() } },
    ...extra,
  };
}

async function choosePlace(
  user: UserEvent,
  dialog: HTMLElement,
  label: string,
  typed: string,
  option: RegExp,
) {
  await user.type(within(dialog).getByRole('combobox', { name: label }), typed);
  // The places chosen last show until the server's matches replace them.
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  await user.click(screen.getByRole('option', { name: option }));
}

async function addService(user: UserEvent, type: string) {
  await user.click(await screen.findByRole('button', { name: 'Dodaj usługę' }, FIRST_LOAD));
  await user.click(await screen.findByRole('menuitem', { name: type }));
  return screen.findByRole('dialog', { name: `Nowa usługa: ${type}` });
}

const sentBodies = (server: { requestsTo: (key: string) => { body: unknown }[] }) =>
  server.requestsTo(SAVE).map((request) => request.body as TravelServiceOrderForm);

beforeEach(() => {
  window.localStorage.setItem('delego.locations', JSON.stringify([WAW, FRA]));
});

describe('travel-service order form', { timeout: 40_000 }, () => {
  it('gives each service type exactly its own parameters, flights their extra segments', async () => {
    const { user } = renderApp('/travel-service/new', { user: orderer, handlers: handlers() });
    let dialog = await addService(user, 'Hotel');
    for (const label of ['Typ pokoju', 'Miejsce pobytu'])
      expect(within(dialog).getAllByLabelText(new RegExp(`^${label}`)).length).toBeGreaterThan(0);
    for (const label of ['Śniadanie', 'Bezpłatne anulowanie', 'Parking', 'Dodatkowe usługi'])
      expect(within(dialog).getByRole('checkbox', { name: label })).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Lotnisko wylotu' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dodatkowe usługi' }));
    expect(within(dialog).getByRole('textbox', { name: /Opis dodatkowych usług/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));

    dialog = await addService(user, 'Lot');
    expect(within(dialog).getByRole('combobox', { name: 'Lotnisko wylotu' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Bagaż rejestrowany' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Preferowane miejsce' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Śniadanie' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Dodaj odcinek' }));
    expect(within(dialog).getByRole('group', { name: 'Odcinek 2' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));

    dialog = await addService(user, 'Samochód');
    expect(within(dialog).getByRole('combobox', { name: 'Miejsce odbioru' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Klasa samochodu' })).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Typ pokoju' })).toBeNull();
  });

  it('reports the required parameters at their fields, an empty order and a missing worker', async () => {
    const { user, server } = renderApp('/travel-service/new', { user: orderer, handlers: handlers() });
    const dialog = await addService(user, 'Kolej');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
    expect(descriptionOf(within(dialog).getByRole('combobox', { name: 'Stacja początkowa' }))).toBe(
      'Pole wymagane',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));

    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    expect(
      await screen.findByText(
        'Zamówienie musi zawierać co najmniej jedną usługę – pustego zamówienia nie można zapisać',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Formularz nie został zwalidowany')).toBeTruthy();
    expect(sentBodies(server)).toHaveLength(0);
  });

  it("orders for the worker chosen on /new-trip, whose services get them as traveller", async () => {
    const { user } = renderApp('/travel-service/new?worker=11', { user: orderer, handlers: handlers() });
    expect((await screen.findByRole('combobox', { name: /Pracownik/ }, FIRST_LOAD)).textContent).toContain('Anna Nowak');
    const dialog = await addService(user, 'Inna usługa');
    expect(within(dialog).getByText('Anna Nowak')).toBeTruthy();
    expect(within(dialog).queryByText('Jan Kowalski')).toBeNull();
  });

  it("asks 'choose worker' when nobody is chosen", async () => {
    const stranger = { ...orderer, context_user_id: 99, user_id: 99 };
    const { user } = renderApp('/travel-service/new', { user: stranger, handlers: handlers() });
    await user.click(await screen.findByRole('button', { name: 'Zapisz zamówienie' }, FIRST_LOAD));
    expect(descriptionOf(screen.getByRole('combobox', { name: /Pracownik/ }))).toBe('Wybierz pracownika');
  });

  it('after a flight offers a hotel and a car for the same days and place, and saves them all', async () => {
    const { user, server } = renderApp('/travel-service/new', {
      user: orderer,
      handlers: handlers({ insurance_behaviour: 3 }),
    });
    const dialog = await addService(user, 'Lot');
    await choosePlace(user, dialog, 'Lotnisko wylotu', 'War', /Warszawa Chopin/);
    await choosePlace(user, dialog, 'Lotnisko docelowe', 'Fra', /Frankfurt nad Menem/);
    pastePickerText(/^Data wylotu/, '10.03.2027', dialog);
    pastePickerText(/^Data powrotu/, '12.03.2027', dialog);
    expect(within(dialog).queryByRole('checkbox', { name: 'Ubezpieczenie' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));

    const proposal = await screen.findByRole('dialog', { name: 'Hotel i samochód' });
    expect(
      within(proposal).getByText(
        'Czy dodać do zamówienia hotel i samochód na te same dni w miejscu docelowym?',
      ),
    ).toBeTruthy();
    await user.click(within(proposal).getByRole('button', { name: 'Dodaj hotel i samochód' }));
    const hotel = await screen.findByRole('article', { name: 'Usługa 2: Hotel' });
    expect(within(hotel).getByText('Miejsce pobytu').nextSibling?.textContent).toBe(
      'Frankfurt nad Menem (FRA)',
    );
    expect(within(hotel).getByText('Data przyjazdu').nextSibling?.textContent).toBe('10.03.2027');
    expect(screen.getByRole('article', { name: 'Usługa 3: Samochód' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(1));
    const body = sentBodies(server)[0]!;
    expect(body.user_id).toBe(10);
    expect(body.travelServiceOrderItems.map((item) => item.type)).toEqual(['flight', 'hotel', 'car']);
    expect(body.travelServiceOrderItems[1]!.params).toMatchObject({
      place_id: 41,
      start_date: '2027-03-10',
      end_date: '2027-03-12',
    });
    expect(body.travelServiceOrderItems[0]!.passengers).toEqual([
      expect.objectContaining({ company_user_id: 10, name: 'Jan' }),
    ]);
    expect(body.travelServiceOrderItems[0]!.cost_centre_id).toBe(3);
  });

  it('asks for confirmation when the persons differ from the room type, and sends the confirmation', async () => {
    const { user, server } = renderApp('/travel-service/new', {
      user: orderer,
      handlers: handlers({ insurance_behaviour: 3 }),
    });
    const dialog = await addService(user, 'Hotel');
    await choosePlace(user, dialog, 'Miejsce pobytu', 'Fra', /Frankfurt nad Menem/);
    await user.click(within(dialog).getByRole('combobox', { name: /Typ pokoju/ }));
    await user.click(await screen.findByRole('option', { name: 'Dwuosobowy (dwa łóżka)' }));
    pastePickerText(/^Data przyjazdu/, '10.03.2027', dialog);
    pastePickerText(/^Data wyjazdu/, '12.03.2027', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
    const question = await screen.findByRole('dialog', { name: 'Potwierdź' });
    expect(
      within(question).getByText(
        'Liczba osób (1) różni się od standardu wybranego typu pokoju (2). Czy na pewno zapisać?',
      ),
    ).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Tak, zapisz' }));
    expect(await screen.findByRole('article', { name: 'Usługa 1: Hotel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(1));
    expect(sentBodies(server)[0]!.confirmed).toEqual(['travelService.roomCapacityMismatch']);
  });

  it('shows the late-arrival hint for a hotel arrival after 18:00', async () => {
    const { user } = renderApp('/travel-service/new', { user: orderer, handlers: handlers() });
    const dialog = await addService(user, 'Hotel');
    expect(
      within(dialog).queryByText('Przyjazd po 18:00 – poinformuj hotel o późnym przyjeździe'),
    ).toBeNull();
    pastePickerText(/^Godzina przyjazdu/, '21:30', dialog);
    expect(
      await within(dialog).findByText('Przyjazd po 18:00 – poinformuj hotel o późnym przyjeździe'),
    ).toBeTruthy();
  });

  it('adds insurance automatically, linked to its service, and says so when the service moves it', async () => {
    const { user, server } = renderApp('/travel-service/new', {
      user: orderer,
      handlers: handlers({ insurance_behaviour: 2 }),
    });
    let dialog = await addService(user, 'Kolej');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Ubezpieczenie zostanie dodane automatycznie' }),
    ).toBeTruthy();
    await choosePlace(user, dialog, 'Stacja początkowa', 'War', /Warszawa Chopin/);
    await choosePlace(user, dialog, 'Stacja docelowa', 'Fra', /Frankfurt nad Menem/);
    pastePickerText(/^Data wyjazdu/, '10.03.2027', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hotel i samochód' })).getByRole('button', {
        name: 'Anuluj',
      }),
    );

    const insurance = await screen.findByRole('article', { name: 'Usługa 2: Ubezpieczenie' });
    expect(within(insurance).getByText('Ubezpieczenie do usługi nr 1')).toBeTruthy();
    expect(within(insurance).getByText('Od').nextSibling?.textContent).toBe('10.03.2027');
    expect(within(insurance).queryByRole('button', { name: /Edytuj/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edytuj: Usługa 1: Kolej' }));
    dialog = await screen.findByRole('dialog', { name: 'Usługa: Kolej' });
    pastePickerText(/^Data powrotu/, '14.03.2027', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
    expect(await screen.findByText('Zaktualizowano ubezpieczenie powiązane z usługą nr 1')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Usługa 2: Ubezpieczenie' })).getByText('Do').nextSibling
        ?.textContent,
    ).toBe('14.03.2027');

    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(1));
    const [rail, linked] = sentBodies(server)[0]!.travelServiceOrderItems;
    expect(linked).toMatchObject({
      type: 'insurance',
      related_travel_service_order_item_guid: rail!.guid,
      params: { start_date: '2027-03-10', end_date: '2027-03-14' },
    });
  });

  it('asks whether to insure when the company asks, and adds no insurance when it has none', async () => {
    const { user } = renderApp('/travel-service/new', {
      user: orderer,
      handlers: handlers({ insurance_behaviour: 1 }),
    });
    const dialog = await addService(user, 'Samochód');
    expect(within(dialog).getByRole('checkbox', { name: 'Ubezpieczenie' })).toBeTruthy();
    expect(within(dialog).getByText('Zaznacz, aby zamówić ubezpieczenie na czas tej usługi.')).toBeTruthy();
  });

  it('with the separate flow saves each service as its own order', async () => {
    const { user, server } = renderApp('/travel-service/new', {
      user: orderer,
      handlers: handlers({ insurance_behaviour: 3 }),
    });
    for (const description of ['Bilety na targi', 'Tłumacz']) {
      const dialog = await addService(user, 'Inna usługa');
      await user.type(within(dialog).getByRole('textbox', { name: /Czego potrzebujesz/ }), description);
      await user.click(within(dialog).getByRole('button', { name: 'Zapisz usługę' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    await user.click(screen.getByRole('switch', { name: 'Zapisz każdą usługę jako osobne zamówienie' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(2));
    expect(
      sentBodies(server).map((body) =>
        body.travelServiceOrderItems.map((item) => (item.params as { description: string }).description),
      ),
    ).toEqual([['Bilety na targi'], ['Tłumacz']]);
    expect(await screen.findByText('Zapisano 2 osobnych zamówień')).toBeTruthy();
  });

  it("refuses to remove a service whose offer is accepted, and shows the server's problems at the service", async () => {
    const { user } = renderApp('/travel-service/edit/7', {
      user: orderer,
      handlers: handlers(
        {},
        {
          [SAVE]: {
            body: {
              status: 'error',
              issues: [
                {
                  path: ['travelServiceOrderItems', 1, 'params', 'start_date'],
                  code: 'validation.dateInPast',
                },
              ],
              warnings: [],
            },
          },
        },
      ),
    });
    const hotel = await screen.findByRole('article', { name: 'Usługa 1: Hotel' }, FIRST_LOAD);
    expect(within(hotel).getByText('Zaakceptowane przez klienta')).toBeTruthy();
    await user.click(within(hotel).getByRole('button', { name: 'Usuń: Usługa 1: Hotel' }));
    expect(
      await within(hotel).findByText('Nie można usunąć usługi, której oferta została zaakceptowana'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    expect(await screen.findByText('Formularz nie został zwalidowany')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Usługa 2: Lot' })).getByText(
        'Data nie może być z przeszłości',
      ),
    ).toBeTruthy();
  });

  it('asks to confirm chosen transport above the trip order’s limit, reports a hotel above its limit at the service, and resends with the confirmation', async () => {
    const hotelOverrun = { path: ['travelServiceOrderItems', 0], code: 'travelService.hotelLimitOverrun', params: { perNight: '174.42', limit: '170.00', currency: 'EUR' } };
    let calls = 0;
    const { user, server } = renderApp('/travel-service/edit/7', {
      user: orderer,
      handlers: handlers(
        {},
        {
          [SAVE]: () => {
            calls += 1;
            return calls === 1
              ? { body: { status: 'confirm', confirmations: [{ path: ['delegation_order_id'], code: 'travelService.transportLimitExceeded', params: { total: '900.00', limit: '800.00' } }], warnings: [hotelOverrun] } }
              : { body: { status: 'OK', id: 7, messages: [], warnings: [hotelOverrun] } };
          },
        },
      ),
    });
    await screen.findByRole('article', { name: 'Usługa 1: Hotel' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Zapisz zamówienie' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Wybrane oferty transportu (900,00 PLN) przekraczają limit kosztów transportu z polecenia wyjazdu (800,00 PLN)');
    expect(within(screen.getByRole('article', { name: 'Usługa 1: Hotel', hidden: true })).getByText('Cena hotelu za dobę (174,42 EUR) przekracza limit noclegowy (170,00 EUR)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Tak, zapisz' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(2));
    expect(sentBodies(server)[0]!.confirmed).toEqual([]);
    expect(sentBodies(server)[1]!.confirmed).toEqual(['travelService.transportLimitExceeded']);
    expect(await screen.findByText('Cena hotelu za dobę (174,42 EUR) przekracza limit noclegowy (170,00 EUR)')).toBeTruthy();
  });

  it('warns about transport the linked trip order does not allow on editing, at the service and as soon as its type is chosen, before any save', async () => {
    const { user, server } = renderApp('/travel-service/edit/7', {
      user: orderer,
      handlers: handlers(
        {},
        {
          'GET /api/travel-service/get-service-order': { body: { travelServiceOrder: storedOrder({ delegation_order_id: 4, delegation_order_number: 'PW/4/2027' }) } },
          'POST /api/delegation-order/delegation-order-edit': { body: { delegationOrder: tripOrder } },
        },
      ),
    });
    const flight = await screen.findByRole('article', { name: 'Usługa 2: Lot' }, FIRST_LOAD);
    expect(await within(flight).findByText('Polecenie wyjazdu nie przewiduje tego środka transportu')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Usługa 1: Hotel' })).queryByText('Polecenie wyjazdu nie przewiduje tego środka transportu')).toBeNull();

    let dialog = await addService(user, 'Samochód');
    expect(within(dialog).getByText('Polecenie wyjazdu nie przewiduje tego środka transportu')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    dialog = await addService(user, 'Kolej');
    expect(within(dialog).queryByText('Polecenie wyjazdu nie przewiduje tego środka transportu')).toBeNull();
    expect(server.requestsTo(SAVE)).toHaveLength(0);
  });
});
