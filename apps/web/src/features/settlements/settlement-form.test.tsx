import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  calculateSettlement,
  createRateBook,
  parseDelegationForm,
  validateSettlementForm,
  type CalculatedSettlement,
  type Issue,
} from '@delego/domain';
import { i18n } from '../../lib/i18n.ts';
import type { MockRequest } from '../../testing/fetch-mock.ts';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { pastePickerText, pickerField } from '../../testing/pickers.ts';
import { newAdvance, newSettlementForm, type SettlementFormValues } from './model/form-values.ts';

const CALCULATE = 'POST /api/delegation/form-field-changed';
const user = buildUserProperties();
const DRAFT_KEY = `delego.settlementDraft.${user.context_user_id}.new`;

/** What the server answers: the real engine, with the NBP table the worked example N1 uses. */
function engineAnswer(delegation: unknown, { withExchangeRate = true } = {}): { validation: Issue[]; calculated: CalculatedSettlement | null } {
  const parsed = parseDelegationForm(delegation);
  if (!parsed.delegation) return { validation: parsed.issues, calculated: null };
  const rateBook = createRateBook({
    exchangeRates: withExchangeRate ? [{ currency: 'EUR', date: '2022-04-13', rate: '4.6460', table_no: '072/A/NBP/2022', source: 'nbp' }] : [],
  });
  const { calculated, issues } = calculateSettlement(parsed.delegation, {
    rateBook,
    policy: { domestic_parts_of_foreign_trip: 'summed', exchange_rate_date_rule: 'lastTableBeforeSettlement', hotel_limit_excess: 'acceptorConsent' },
    settlementDate: '2022-04-14',
  });
  return { validation: [...validateSettlementForm(parsed.delegation, { rateBook }), ...issues], calculated };
}

const engineHandler = (request: MockRequest) => ({ body: engineAnswer((request.body as { delegation: unknown }).delegation) });

function storeDraft(values: SettlementFormValues) {
  window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, values }));
}

/** A day abroad in Germany (14 h, breakfast provided: worked example F6), by train there and back. */
function germanyTrip(): SettlementFormValues {
  const form = newSettlementForm();
  form.start_date = '2022-04-13 06:00';
  form.end_date = '2022-04-13 20:00';
  form.destinationText = 'Berlin';
  form.task = 'Targi branżowe';
  form.transport = form.transport.map((segment, index) => ({
    ...segment,
    transport_type: 'rail',
    settlement_type_id: 'ticketScan',
    start_date: index === 0 ? '2022-04-13 06:00' : '2022-04-13 19:00',
    end_date: index === 0 ? '2022-04-13 07:00' : '2022-04-13 20:00',
    amount_in_currency: '100.00',
  }));
  form.country = [{ ...form.country[0]!, country_code: 'DE', in_date: '2022-04-13 06:00', out_date: '2022-04-13 20:00', meals_per_doba: [{ breakfast: true, lunch: false, dinner: false }] }];
  return form;
}

async function openStep(name: RegExp) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('heading', { level: 2, name });
}

function withoutBreakingSpaces(text: string | null): string {
  return (text ?? '').replace(/\u00a0/g, ' ');
}

// The drafts live in session storage, which the shared setup does not clear.
beforeEach(() => window.sessionStorage.clear());

describe('settlement form at /delegation/new', () => {
  it('starts with 2 transport segments and 1 country part in Poland, and offers saving', async () => {
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nowe rozliczenie delegacji' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zapisz' })).toBeTruthy();

    await openStep(/Trasa/);
    expect(screen.getByRole('heading', { level: 3, name: 'Odcinek 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Odcinek 2' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Odcinek 3' })).toBeNull();

    await openStep(/Noclegi i diety/);
    const parts = screen.getAllByRole('heading', { level: 3, name: /^Kraj \d/ });
    expect(parts.map((heading) => heading.textContent)).toEqual(['Kraj 1: Polska']);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Kraj' }).value).toBe('Polska');
  });

  it('never removes a segment below 2', async () => {
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    await openStep(/Trasa/);
    const removeFirst = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Usuń odcinek 1' });
    expect(removeFirst().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Usuń odcinek 2' }).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Dodaj odcinek' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Odcinek 3' })).toBeTruthy();
    expect(removeFirst().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Usuń odcinek 3' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Odcinek 3' })).toBeNull());
    expect(removeFirst().disabled).toBe(true);
    fireEvent.click(removeFirst());
    expect(screen.getAllByRole('heading', { level: 3, name: /^Odcinek/ })).toHaveLength(2);
  });

  it('calculates once after the debounce and cancels an older call, whose answer is never shown', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstGate = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const staleAnswer = engineAnswer({});
    staleAnswer.calculated = { ...staleAnswer.calculated!, total_pln: '999.00', balance_pln: '999.00' };
    let calls = 0;
    const { server } = renderApp('/delegation/new', {
      user,
      handlers: {
        [CALCULATE]: async (request) => {
          calls += 1;
          if (calls === 1) {
            await firstGate;
            return { body: staleAnswer };
          }
          return engineHandler(request);
        },
      },
    });
    const signals: (AbortSignal | null | undefined)[] = [];
    const mockedFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/delegation/form-field-changed')) signals.push(init?.signal);
      return mockedFetch(input, init);
    });

    const destination = await screen.findByLabelText('Miejsce docelowe');
    // Keystrokes in quick succession (one change event each, with no time between them, so a slow
    // machine cannot stretch the pauses past the debounce): nothing goes out while typing.
    const typeQuickly = (text: string) => {
      const start = (destination as HTMLInputElement).value;
      for (let length = 1; length <= text.length; length++) fireEvent.change(destination, { target: { value: start + text.slice(0, length) } });
    };
    typeQuickly('Berlin');
    // One call once typing pauses.
    expect(server.requestsTo(CALCULATE)).toHaveLength(0);
    await waitFor(() => expect(server.requestsTo(CALCULATE)).toHaveLength(1));
    expect((server.requestsTo(CALCULATE)[0]!.body as { delegation: { destinationText: string } }).delegation.destinationText).toBe('Berlin');
    expect(await screen.findByText('Przeliczanie…')).toBeTruthy();

    typeQuickly(' Mitte');
    await waitFor(() => expect(server.requestsTo(CALCULATE)).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    await waitFor(() => expect(withoutBreakingSpaces(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent)).toContain('Razem: 0,00 zł'));

    await act(async () => {
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.body.textContent).not.toContain('999');
    expect(withoutBreakingSpaces(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent)).toContain('Razem: 0,00 zł');
    expect(server.requestsTo(CALCULATE)).toHaveLength(2);
  });

  it('asks for the recalculation 150 ms after the last change and shows it within 250 ms (an instant server)', async () => {
    const { server } = renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    const destination = await screen.findByLabelText('Miejsce docelowe');
    const status = () => withoutBreakingSpaces(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(destination, { target: { value: 'Ber' } });
      await act(() => vi.advanceTimersByTimeAsync(100));
      // A change within the pause starts it again: nothing went out for 'Ber'.
      fireEvent.change(destination, { target: { value: 'Berlin' } });
      await act(() => vi.advanceTimersByTimeAsync(149));
      expect(server.requestsTo(CALCULATE)).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(server.requestsTo(CALCULATE)).toHaveLength(1);
      expect((server.requestsTo(CALCULATE)[0]!.body as { delegation: { destinationText: string } }).delegation.destinationText).toBe('Berlin');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(status()).toContain('Razem: 0,00 zł');
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an issue at ['transport', 1, 'end_date'] under that field and counts it in the step", async () => {
    const issue: Issue = { path: ['transport', 1, 'end_date'], code: 'validation.endBeforeStart' };
    const { server } = renderApp('/delegation/new', {
      user,
      handlers: { [CALCULATE]: { body: { validation: [issue], calculated: null } } },
    });
    await openStep(/Trasa/);
    const segment = screen.getByRole('region', { name: 'Odcinek 2' });
    pastePickerText('Przyjazd', '10.03.2026 06:00', segment);
    const arrival = pickerField('Przyjazd', segment);

    await waitFor(() => expect(descriptionOf(arrival)).toBe('Data zakończenia musi być późniejsza niż data rozpoczęcia'));
    expect(arrival.getAttribute('aria-invalid')).toBe('true');
    const sent = server.requestsTo(CALCULATE)[0]!.body as { delegation: { transport: { end_date: string | null }[] } };
    expect(sent.delegation.transport[1]!.end_date).toBe('2026-03-10 06:00');
    // Only that field: the first segment's arrival stays clean.
    expect(pickerField('Przyjazd', screen.getByRole('region', { name: 'Odcinek 1' })).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('tab', { name: /Trasa/ }).textContent).toContain('1 problem');
  });

  it('holds back issues of untouched fields until asked, and then shows them at their fields', async () => {
    const issues: Issue[] = [{ path: ['start_date'], code: 'validation.required' }];
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: { body: { validation: issues, calculated: null } } } });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Berlin' } });
    const note = await screen.findByText('1 problem czeka w polach, których jeszcze nie wypełniono.');
    const start = pickerField('Rozpoczęcie podróży');
    expect(start.getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(within(note.closest('[role="note"]') as HTMLElement).getByRole('button', { name: 'Pokaż przy polach' }));
    await waitFor(() => expect(descriptionOf(start)).toBe('Pole wymagane'));
    expect(screen.queryByText('1 problem czeka w polach, których jeszcze nie wypełniono.')).toBeNull();
  });

  it('offers the employee\'s own vehicles and the company cars from the records, and says a company car earns no mileage', async () => {
    const vehicle = (id: number, values: Record<string, unknown>) => ({ id, plates: `WA ${id}`, model: 'Skoda Octavia', engine_capacity: 1598, type: 'car', is_private: true, owner_user_id: user.context_user_id, owner_name: null, is_active: true, can_edit: true, ...values });
    const list = { items: [vehicle(1, {}), vehicle(2, { is_private: false, owner_user_id: null, model: 'Toyota Corolla' }), vehicle(3, { owner_user_id: 999 })], total: 3 };
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler, 'GET /api/vehicle/list': { body: list } } });
    await openStep(/Trasa/);
    const segment = screen.getByRole('region', { name: 'Odcinek 1' });
    expect(within(segment).queryByLabelText('Pojazd')).toBeNull();
    fireEvent.change(within(segment).getByLabelText('Środek transportu'), { target: { value: 'car' } });
    const select = await within(segment).findByLabelText('Pojazd');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    // Another employee's private car is not offered; nothing about the vehicle is typed in.
    expect(within(select).queryByRole('option', { name: /WA 3/ })).toBeNull();
    expect(within(segment).queryByLabelText('Pojemność silnika (cm³)')).toBeNull();
    fireEvent.change(select, { target: { value: '2' } });
    expect(
      await within(segment).findByText('Pojazd niebędący prywatnym pojazdem pracownika nie uprawnia do zwrotu kosztów za kilometr'),
    ).toBeTruthy();
    fireEvent.change(select, { target: { value: '1' } });
    expect(await within(segment).findByText(/pojemność silnika 1598 cm³ – według ewidencji pojazdów/)).toBeTruthy();
  });

  it('shows the maps distance beside the kilometres, labelled by its source, in Polish and in English', async () => {
    let source: 'estimate' | 'google' = 'estimate';
    renderApp('/delegation/new', {
      user,
      handlers: {
        [CALCULATE]: (request) => ({
          body: { ...engineAnswer((request.body as { delegation: unknown }).delegation), maps_distances: [{ km: '302.4', source }, null] },
        }),
      },
    });
    await openStep(/Trasa/);
    const first = screen.getByRole('region', { name: 'Odcinek 1' });
    fireEvent.change(within(first).getByLabelText('Skąd'), { target: { value: 'Warszawa' } });
    expect(await within(first).findByText('Szacunek w linii prostej × 1,2 (bez usługi map): 302,4 km')).toBeTruthy();
    // A segment the server did not check shows no figure.
    expect(within(screen.getByRole('region', { name: 'Odcinek 2' })).queryByText(/km$/)).toBeNull();

    source = 'google';
    fireEvent.change(within(first).getByLabelText('Dokąd'), { target: { value: 'Kraków' } });
    expect(await within(first).findByText('Według Google Maps: 302,4 km')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(within(first).getByText('According to Google Maps: 302.4 km')).toBeTruthy();
  });

  it('lists issues without a field at the top of their step, translated', async () => {
    const issues: Issue[] = [{ path: [], code: 'settlement.exchangeRateMissing', params: { currency: 'EUR', date: '2024-02-14', match: 'before' } }];
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: { body: { validation: issues, calculated: null } } } });
    fireEvent.change(await screen.findByLabelText('Miejsce docelowe'), { target: { value: 'Berlin' } });
    await waitFor(() => expect(screen.getByRole('tab', { name: /Podsumowanie i załączniki/ }).textContent).toContain('1 problem'));
    await openStep(/Podsumowanie i załączniki/);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Brak kursu średniego NBP (tabela A) dla EUR z ostatniej tabeli przed dniem 14.02.2024');
  });

  it('explains the per diem in the summary, in Polish and in English', async () => {
    storeDraft(germanyTrip());
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    await openStep(/Podsumowanie i załączniki/);
    const show = await screen.findByRole('button', { name: /^Pokaż wyjaśnienie: Dieta \(49,00\u00a0EUR za dobę\), Kraj 1: Niemcy/ });
    fireEvent.click(show);

    const body = () => withoutBreakingSpaces(document.body.textContent);
    expect(body()).toContain(
      'Czas pobytu za granicą (§ 12): 0 dób 14 h 0 min. Za każdą dobę dieta w pełnej wysokości, za niepełną dobę ponad 12 godzin również pełna dieta (§ 13 ust. 3).',
    );
    expect(body()).toContain('Doba 1: zapewnione śniadanie (× 1) – minus 15% pełnej diety 49,00 EUR, czyli 7,35 EUR (§ 14 ust. 2 pkt 1).');
    expect(body()).toContain('Stawka diety: 49,00 EUR za dobę, limit noclegu: 150,00 EUR (stawka z rozporządzenia, obowiązuje od 01.03.2013 do 28.11.2022).');
    expect(body()).toContain('41,65 EUR × 4,6460 = 193,51 zł – kurs średni NBP, tabela 072/A/NBP/2022 z dnia 2022-04-13');

    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(body()).toContain(
      'Time abroad (§ 12): 0 days 14 h 0 min (a day – doba – counts 24 hours). The full per diem for every full day, and the full per diem for the incomplete day of over 12 hours too (§ 13 ust. 3).',
    );
    expect(body()).toContain('41.65 EUR × 4.6460 = 193.51 PLN');
  });

  it('labels a negative balance "do zwrotu" and formats amounts the Polish way', async () => {
    const form = germanyTrip();
    form.advances = [{ ...newAdvance(), amount_in_currency: '1500', payment_type: 'cash', payment_date: '2022-04-12', status: 'paid' }];
    storeDraft(form);
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    await openStep(/Podsumowanie i załączniki/);

    const summary = await screen.findByRole('table', { name: 'Podsumowanie' });
    const balanceRow = within(summary).getByRole('rowheader', { name: 'Do zwrotu przez pracownika' }).closest('tr')!;
    // 193.51 zł per diem + 200.00 zł tickets − 1 500.00 zł advance.
    expect(withoutBreakingSpaces(balanceRow.textContent)).toContain('1 106,49 zł');
    expect(within(summary).queryByRole('rowheader', { name: 'Do wypłaty pracownikowi' })).toBeNull();
    expect(withoutBreakingSpaces(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent)).toContain('Do zwrotu przez pracownika: 1 106,49 zł');
  });

  it('says the PLN amounts are unknown instead of showing 0,00 zł when the NBP rate is missing', async () => {
    storeDraft(germanyTrip());
    const withoutRate = (request: MockRequest) => ({ body: engineAnswer((request.body as { delegation: unknown }).delegation, { withExchangeRate: false }) });
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: withoutRate } });
    await openStep(/Podsumowanie i załączniki/);

    const part = await screen.findByRole('table', { name: 'Kraj 1: Niemcy' });
    const dietRow = within(part).getByRole('rowheader', { name: /^Dieta/ }).closest('tr')!;
    expect(withoutBreakingSpaces(dietRow.textContent)).toContain('41,65 EUR');
    expect(dietRow.textContent).toContain('brak kursu');
    expect(dietRow.textContent).not.toContain('0,00 zł');

    const summary = screen.getByRole('table', { name: 'Podsumowanie' });
    const totalRow = within(summary).getByRole('rowheader', { name: 'Razem należności' }).closest('tr')!;
    expect(totalRow.textContent).toContain('brak kursu');
    // The tickets are in PLN: their sum is known.
    const transportRow = within(summary).getByRole('rowheader', { name: 'Przejazdy' }).closest('tr')!;
    expect(withoutBreakingSpaces(transportRow.textContent)).toContain('200,00 zł');
    expect(within(summary).queryByRole('rowheader', { name: 'Do wypłaty pracownikowi' })).toBeNull();
    expect(within(summary).getByRole('rowheader', { name: 'Saldo' }).closest('tr')!.textContent).toContain('brak kursu');
    expect(screen.getByText(/Brak kursu NBP dla waluty: EUR\./)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent).toBe('Brak kursu waluty – sumy w PLN nie są jeszcze znane');
  });

  it('shows the totals as brak instead of adding an amount the form marks invalid', async () => {
    const form = germanyTrip();
    form.transport[0] = { ...form.transport[0]!, amount_in_currency: '10000000000.00' };
    storeDraft(form);
    renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    await openStep(/Podsumowanie i załączniki/);

    const summary = await screen.findByRole('table', { name: 'Podsumowanie' });
    const totalRow = within(summary).getByRole('rowheader', { name: 'Razem należności' }).closest('tr')!;
    expect(totalRow.textContent).toContain('brak');
    expect(totalRow.textContent).not.toContain('000');
    expect(within(summary).getByRole('rowheader', { name: 'Przejazdy' }).closest('tr')!.textContent).toContain('brak');
    expect(within(summary).getByRole('rowheader', { name: 'Saldo' }).closest('tr')!.textContent).toContain('brak');
    // The per diem does not depend on the ticket: its sum stays.
    expect(withoutBreakingSpaces(within(summary).getByRole('rowheader', { name: 'Diety, noclegi i ryczałty' }).closest('tr')!.textContent)).toMatch(/\d,\d\d zł/);
    expect(screen.getByRole('status', { name: 'Stan wyliczenia' }).textContent).toBe('Razem: brak – popraw kwoty zaznaczone w formularzu');
  });

  it('keeps the form and says so when the calculation cannot reach the server', async () => {
    renderApp('/delegation/new', { user });
    const mockedFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/delegation/form-field-changed') ? Promise.reject(new TypeError('Failed to fetch')) : mockedFetch(input, init),
    );
    const destination = await screen.findByLabelText<HTMLInputElement>('Miejsce docelowe');
    fireEvent.change(destination, { target: { value: 'Kraków' } });
    expect(await screen.findByText(/Nie udało się przeliczyć rozliczenia/)).toBeTruthy();
    expect(destination.value).toBe('Kraków');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });

  it('restores the draft after a reload and clears it only after confirmation', async () => {
    storeDraft(germanyTrip());
    const { server } = renderApp('/delegation/new', { user, handlers: { [CALCULATE]: engineHandler } });
    const destination = await screen.findByLabelText<HTMLInputElement>('Miejsce docelowe');
    expect(destination.value).toBe('Berlin');
    // A restored draft is calculated at once.
    await waitFor(() => expect(server.requestsTo(CALCULATE)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Wyczyść formularz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wyczyścić formularz?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(destination.value).toBe('Berlin');

    fireEvent.click(screen.getByRole('button', { name: 'Wyczyść formularz' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Wyczyść' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Miejsce docelowe').value).toBe(''));
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    fireEvent.change(screen.getByLabelText('Miejsce docelowe'), { target: { value: 'Gdańsk' } });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}').values.destinationText).toBe('Gdańsk');
  });
});
