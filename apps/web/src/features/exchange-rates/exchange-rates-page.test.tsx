import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer, type MockRequest } from '../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../testing/render-app.tsx';
import { splitIntoWindows } from './import-windows.ts';
import { pickerField, typeIntoPicker } from '../../testing/pickers.ts';

const admin = buildUserProperties({ permissions: { companyAdmin: true }, context_user_permissions: { companyAdmin: true } });
const rates = {
  total: 2,
  items: [
    { id: 1, currency: 'EUR', date: '2022-04-13', rate: '4.646', table_no: '072/A/NBP/2022', source: 'nbp' },
    { id: 2, currency: 'CZK', date: '2022-04-13', rate: '0.1905', table_no: null, source: 'manual' },
  ],
};
const listHandler = { 'GET /api/exchange-rate/list': { body: rates } };

function daysOf(request: MockRequest) {
  const { date_from, date_to } = request.body as { date_from: string; date_to: string };
  const days = [];
  for (let day = new Date(`${date_from}T00:00:00Z`); day.toISOString().slice(0, 10) <= date_to; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    days.push({ date, status: weekend ? 'noTable' : 'imported', table_no: weekend ? null : '001/A/NBP/2022' });
  }
  return days;
}

async function openImport(path = '/settings/exchange-rate', handlers = {}) {
  const rendered = renderApp(path, { user: admin, handlers: { ...listHandler, ...handlers } });
  await rendered.user.click(await screen.findByRole('button', { name: 'Import z NBP' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import kursów z NBP' });
  return { ...rendered, dialog };
}

describe('exchange rates administration', () => {
  it('lists rates with four decimals and marks manual ones', async () => {
    renderApp('/settings/exchange-rate', { user: admin, handlers: listHandler });
    const table = await screen.findByRole('table', { name: 'Kursy walut' });
    expect(await within(table).findByText('4,6460')).toBeTruthy();
    expect(within(table).getByText('0,1905')).toBeTruthy();
    expect(within(table).getByText('Ręczny')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edytuj kurs CZK z 2022-04-13' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Edytuj kurs EUR z 2022-04-13' })).toBeNull();
  });

  it('imports a long range in windows of at most 93 days and lists the days without a table', async () => {
    const { user, dialog, server } = await openImport('/settings/exchange-rate', {
      'POST /api/exchange-rate/import-nbp': (request: MockRequest) => {
        const days = daysOf(request);
        return { body: { imported_rates: days.filter((day) => day.status === 'imported').length * 30, days } };
      },
    });
    await typeIntoPicker(user, 'Od dnia', '01012022', dialog);
    await typeIntoPicker(user, 'Do dnia', '30062022', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Importuj' }));

    expect(await within(dialog).findByText(/Zaimportowano kursy: 3870 z 129 dni z tabelą/)).toBeTruthy();
    expect(server.requestsTo('POST /api/exchange-rate/import-nbp').map((request) => request.body)).toEqual([
      { date_from: '2022-01-01', date_to: '2022-04-03' },
      { date_from: '2022-04-04', date_to: '2022-06-30' },
    ]);
    const noTable = within(dialog).getByRole('list', { name: 'Dni bez tabeli kursów (weekendy i święta)' });
    expect(within(noTable).getAllByText('Brak tabeli kursów NBP z tego dnia')).toHaveLength(52);
    expect(within(noTable).getByText('2022-01-01')).toBeTruthy();
  });

  it('says clearly when NBP is unavailable and how far the import got', async () => {
    let calls = 0;
    const { user, dialog } = await openImport('/settings/exchange-rate', {
      'POST /api/exchange-rate/import-nbp': (request: MockRequest) => {
        calls += 1;
        return calls === 1
          ? { body: { imported_rates: 0, days: daysOf(request).map((day) => ({ ...day, status: 'noTable', table_no: null })) } }
          : errorAnswer(503, 'EXCHANGE_RATE_UNAVAILABLE', { messages: ['Exchange rate unavailable'] });
      },
    });
    await typeIntoPicker(user, 'Od dnia', '01012022', dialog);
    await typeIntoPicker(user, 'Do dnia', '30062022', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Importuj' }));
    expect(await within(dialog).findByText('Serwis kursów NBP jest niedostępny. Spróbuj ponownie później.')).toBeTruthy();
    expect(within(dialog).getByText(/Zaimportowano dane do dnia 2022-04-03/)).toBeTruthy();
  });

  it('refuses a reversed range before importing', async () => {
    const { user, dialog, server } = await openImport();
    await typeIntoPicker(user, 'Od dnia', '01052022', dialog);
    await typeIntoPicker(user, 'Do dnia', '01042022', dialog);
    expect(descriptionOf(pickerField('Do dnia', dialog))).toBe('Data końcowa nie może być wcześniejsza niż początkowa');
    expect(within(dialog).getByRole('button', { name: 'Importuj' })).toHaveProperty('disabled', true);
    expect(server.requestsTo('POST /api/exchange-rate/import-nbp')).toHaveLength(0);
  });

  it('saves a manual rate and shows a duplicate at the date field', async () => {
    const { user } = renderApp('/settings/exchange-rate', {
      user: admin,
      handlers: { ...listHandler, 'POST /api/exchange-rate/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['date'], code: 'exchangeRate.duplicate' }] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Dodaj kurs ręczny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nowy kurs ręczny' });
    await user.type(within(dialog).getByLabelText(/Waluta/), 'huf');
    await user.type(within(dialog).getByLabelText(/Kurs \(PLN/), '0,0123');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(pickerField(/Data/, dialog))).toBe('Ręczny kurs tej waluty z tego dnia już istnieje'));
  });
});

describe('exchange rates for employees', () => {
  it('shows the list read-only and filters by currency', async () => {
    const { user, server } = renderApp('/delegation-info/exchange-rate', { user: buildUserProperties(), handlers: listHandler });
    expect(await screen.findByRole('table', { name: 'Kursy walut' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import z NBP' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dodaj kurs ręczny' })).toBeNull();
    await user.type(screen.getByLabelText('Waluta'), 'eur');
    await waitFor(() => expect(server.requestsTo('GET /api/exchange-rate/list').at(-1)?.url.searchParams.get('currency')).toBe('EUR'));
  });
});

describe('import windows', () => {
  it('splits a range into consecutive windows of at most 93 days', () => {
    expect(splitIntoWindows('2022-01-01', '2022-01-01')).toEqual([{ date_from: '2022-01-01', date_to: '2022-01-01' }]);
    expect(splitIntoWindows('2022-01-01', '2022-04-03')).toEqual([{ date_from: '2022-01-01', date_to: '2022-04-03' }]);
    expect(splitIntoWindows('2022-01-01', '2022-04-04')).toEqual([
      { date_from: '2022-01-01', date_to: '2022-04-03' },
      { date_from: '2022-04-04', date_to: '2022-04-04' },
    ]);
    expect(splitIntoWindows('2022-01-01', '2023-12-31')).toHaveLength(8);
  });
});
