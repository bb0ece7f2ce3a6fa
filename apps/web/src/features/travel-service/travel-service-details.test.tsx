import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OFFER_REQUIREMENTS } from '@delego/domain';
import { renderApp } from '../../testing/render-app.tsx';
import { FRA, WAW, basicData, orderer, storedOrder } from './testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;

beforeEach(() => {
  window.localStorage.setItem('delego.locations', JSON.stringify([WAW, FRA]));
});

describe('travel-service order details', { timeout: 30_000 }, () => {
  it('shows each service with its status, chosen offer and booking, and requests a buyout of a booked one after confirmation', async () => {
    const order = storedOrder({
      status: 'booked',
      can_edit: false,
      allowedActions: ['requestBuyout', 'requestCancellation'],
    });
    const [hotel, flight] = order.travelServiceOrderItems;
    order.travelServiceOrderItems = [
      {
        ...hotel!,
        status: 'booked',
        responses: [
          {
            id: 5,
            price: '1234.50',
            currency: 'PLN',
            parts: [],
            html: '<p>Hotel Messe</p>',
            requires: DEFAULT_OFFER_REQUIREMENTS,
            created_at: '2026-11-21T09:00:00Z',
            updated_at: '2026-11-21T09:00:00Z',
          },
        ],
        selected_offer_id: 5,
        booking: {
          reference: 'HX-778',
          booked_at: '2026-11-21T10:00:00Z',
          bought_at: null,
          booking_id: null,
        },
        allowedActions: ['requestBuyout', 'requestCancellation'],
      },
      { ...flight!, status: 'canceledByClient', allowedActions: [] },
    ];
    const { user, server } = renderApp('/travel-service/item-details/7', {
      user: orderer,
      handlers: {
        'GET /api/travel-service/get-service-order': { body: { travelServiceOrder: order } },
        'GET /api/travel-service/get-basic-data': { body: basicData() },
        'POST /api/travel-service/item-action': {
          body: {
            status: 'OK',
            order_id: 7,
            order_status: 'buyoutRequested',
            item_status: 'buyoutRequested',
            allowedActions: [],
          },
        },
      },
    });
    const hotelCard = await screen.findByRole('article', { name: 'Usługa 1: Hotel' }, FIRST_LOAD);
    expect(within(hotelCard).getByText('Zarezerwowane')).toBeTruthy();
    expect(within(hotelCard).getByText('Wybrana oferta').nextSibling?.textContent).toBe(
      '1\u00a0234,50\u00a0zł',
    );
    expect(within(hotelCard).getByText('Numer rezerwacji').nextSibling?.textContent).toBe('HX-778');
    expect(within(hotelCard).getByText('MPK').nextSibling?.textContent).toBe('MPK-3 – Sprzedaż');
    expect(within(screen.getByRole('article', { name: 'Usługa 2: Lot' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Rezerwacja' }).getAttribute('href')).toBe(
      '/travel-service/booked/7',
    );
    expect(screen.queryByRole('link', { name: 'Edytuj' })).toBeNull();

    await user.click(within(hotelCard).getByRole('button', { name: 'Zleć wykup: Usługa 1: Hotel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zleć wykup' });
    expect(within(dialog).getByText('Zlecić konsultantowi wykup usługi nr 1?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(server.requestsTo('POST /api/travel-service/item-action')).toHaveLength(1));
    expect(server.requestsTo('POST /api/travel-service/item-action')[0]!.body).toEqual({
      item_id: 71,
      action: 'requestBuyout',
    });
    expect(await screen.findByText('Zlecono wykup')).toBeTruthy();
  });

  it("shows the refusal's message when the service moved meanwhile", async () => {
    const order = storedOrder();
    const { user } = renderApp('/travel-service/item-details/7', {
      user: orderer,
      handlers: {
        'GET /api/travel-service/get-service-order': { body: { travelServiceOrder: order } },
        'GET /api/travel-service/get-basic-data': { body: basicData() },
        'POST /api/travel-service/item-action': {
          status: 409,
          body: {
            status: 409,
            code: 'CONFLICT',
            messages: [],
            issues: [{ path: [], code: 'travelService.refused.status' }],
          },
        },
      },
    });
    const flightCard = await screen.findByRole('article', { name: 'Usługa 2: Lot' }, FIRST_LOAD);
    await user.click(within(flightCard).getByRole('button', { name: 'Anuluj usługę: Usługa 2: Lot' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Anuluj usługę' })).getByRole('button', {
        name: 'Potwierdź',
      }),
    );
    expect(
      await screen.findByText('Ta akcja jest niedostępna w obecnym statusie usługi. Odśwież stronę.'),
    ).toBeTruthy();
  });
});

describe('messages of the order (spec §9 auto-read)', { timeout: 30_000 }, () => {
  const MARK = 'POST /api/travel-service/mark-messages-read';
  const event = (id: number, user_name: string, comment: string, mine = false) => ({
    id,
    item_id: 72,
    action: mine ? 'provideInfo' : 'askClient',
    from_status: null,
    to_status: null,
    user_name,
    comment,
    created_at: '2026-11-21T09:00:00Z',
    is_message: !mine,
    unread: !mine,
  });
  const withMessages = (autoRead: 1 | 2 | 3) => ({
    'GET /api/travel-service/get-service-order': {
      body: {
        travelServiceOrder: storedOrder({
          message_auto_read: autoRead,
          unread_messages: 2,
          history: [event(301, 'Konsultant Ewa', 'Podaj numer paszportu'), event(302, 'Konsultant Ewa', 'Potrzebna data urodzenia'), event(303, 'Jan Kowalski', 'Numer EA1234567', true)],
        }),
      },
    },
    'GET /api/travel-service/get-basic-data': { body: basicData() },
    [MARK]: { body: { status: 'ok', unread_messages: 0 } },
  });
  const sent = (server: { requestsTo: (key: string) => { body: unknown }[] }) => server.requestsTo(MARK).map((request) => request.body);
  const message = (text: RegExp) => screen.getByRole('listitem', { name: text });
  const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

  it('with auto-read disabled shows the unread messages distinctly and counted, and marks one read only by its button', async () => {
    const { user, server } = renderApp('/travel-service/item-details/7', { user: orderer, handlers: withMessages(1) });
    const messages = await screen.findByRole('region', { name: 'Wiadomości' }, FIRST_LOAD);
    expect(within(messages).getByText('2 nieprzeczytane')).toBeTruthy();
    expect(message(/Podaj numer paszportu/).getAttribute('aria-label')).toBe('Nieprzeczytana: Konsultant Ewa, 21.11.2026 10:00: Podaj numer paszportu');
    // The user's own comment is not a message to them.
    expect(within(messages).queryByText('Numer EA1234567')).toBeNull();
    await user.hover(message(/Podaj numer paszportu/));
    act(() => message(/Potrzebna data urodzenia/).focus());
    await pause(900);
    expect(sent(server)).toEqual([]);
    await user.click(within(messages).getByRole('button', { name: 'Oznacz jako przeczytaną: Konsultant Ewa, 21.11.2026 10:00: Podaj numer paszportu' }));
    await waitFor(() => expect(sent(server)).toEqual([{ order_id: 7, event_ids: [301] }]));
    expect(message(/Podaj numer paszportu/).getAttribute('aria-label')).toBe('Konsultant Ewa, 21.11.2026 10:00: Podaj numer paszportu');
    expect(within(messages).getByText('1 nieprzeczytana')).toBeTruthy();
  });

  it('with auto-read on mouse over marks a message read when the pointer rests on it, or keyboard focus reaches it', async () => {
    const { user, server } = renderApp('/travel-service/item-details/7', { user: orderer, handlers: withMessages(2) });
    await screen.findByRole('region', { name: 'Wiadomości' }, FIRST_LOAD);
    expect(sent(server)).toEqual([]);
    await user.hover(message(/Podaj numer paszportu/));
    await waitFor(() => expect(sent(server)).toEqual([{ order_id: 7, event_ids: [301] }]));
    act(() => message(/Potrzebna data urodzenia/).focus());
    await waitFor(() => expect(sent(server)).toEqual([{ order_id: 7, event_ids: [301] }, { order_id: 7, event_ids: [302] }]));
    expect(message(/Potrzebna data urodzenia/).getAttribute('aria-label')).not.toContain('Nieprzeczytana');
  });

  it('with auto-read on page load marks every unread message read as the page opens', async () => {
    const { server } = renderApp('/travel-service/item-details/7', { user: orderer, handlers: withMessages(3) });
    await screen.findByRole('region', { name: 'Wiadomości' }, FIRST_LOAD);
    await waitFor(() => expect(sent(server)).toEqual([{ order_id: 7, event_ids: [301, 302] }]));
    expect(message(/Podaj numer paszportu/).getAttribute('aria-label')).not.toContain('Nieprzeczytana');
  });
});
