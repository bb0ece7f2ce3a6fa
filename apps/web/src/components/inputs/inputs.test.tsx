import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '../../app/providers.tsx';
import { i18n } from '../../lib/i18n.ts';
import { AmountField } from './amount-field.tsx';
import { DateTimeField } from './date-time-field.tsx';
import { pickerText, typeIntoPicker } from '../../testing/pickers.ts';

function Amount({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AmountField
      label="Kwota"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function Picker({ initial = '', dateOnly, onValue }: { initial?: string; dateOnly?: boolean; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="Wyjazd"
      dateOnly={dateOnly}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function renderInProviders(ui: React.ReactNode) {
  return render(<AppProviders><QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider></AppProviders>);
}

describe('the amount input', () => {
  it.each([
    ['1234,56', '1234.56', '1 234,56'],
    ['1234.56', '1234.56', '1 234,56'],
    ['1 234,5', '1234.5', '1 234,5'],
    ['1.234,56', '1234.56', '1 234,56'],
  ])('reads %s typed in Polish as %s and shows it as %s', async (typed, decimal, shown) => {
    const values: string[] = [];
    renderInProviders(<Amount onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Kwota' });
    await user.type(input, typed);
    expect(values.at(-1)).toBe(decimal);
    await user.tab();
    expect((input as HTMLInputElement).value.replace(/\u00a0/g, ' ')).toBe(shown);
  });

  it('reads grouped thousands with commas in English', async () => {
    await i18n.changeLanguage('en-US');
    const values: string[] = [];
    renderInProviders(<Amount onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Kwota' });
    await user.type(input, '12,345.6');
    expect(values.at(-1)).toBe('12345.6');
    await user.tab();
    expect((input as HTMLInputElement).value).toBe('12,345.6');
  });

  it('stops at its limits: no letters, no third decimal, no eighth digit', async () => {
    const values: string[] = [];
    renderInProviders(<Amount onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Kwota' }) as HTMLInputElement;
    await user.type(input, '12a,345');
    expect(input.value).toBe('12,34');
    await user.clear(input);
    await user.type(input, '123456789');
    expect(input.value).toBe('1234567');
    expect(values.at(-1)).toBe('1234567');
  });

  it('shows a loaded amount in the language format', () => {
    renderInProviders(<Amount initial="99999.5" onValue={() => undefined} />);
    expect((screen.getByRole('textbox', { name: 'Kwota' }) as HTMLInputElement).value).toBe('99\u00a0999,5');
  });
});

describe('the date and time picker', () => {
  it('shows dd.mm.rrrr and a 24-hour time in Polish, whatever the browser', () => {
    renderInProviders(<Picker initial="2026-03-05 19:30" onValue={() => undefined} />);
    expect(pickerText('Wyjazd')).toBe('05.03.2026 19:30');
  });

  it('shows MM/dd/yyyy with AM/PM in English', async () => {
    await i18n.changeLanguage('en-US');
    renderInProviders(<Picker initial="2026-03-05 19:30" onValue={() => undefined} />);
    expect(pickerText('Wyjazd')).toBe('03/05/2026 07:30 PM');
  });

  it('hands the form the API format when a date and time are typed in Polish order', async () => {
    const values: string[] = [];
    renderInProviders(<Picker onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    await typeIntoPicker(user, 'Wyjazd', '050320260730');
    expect(values.at(-1)).toBe('2026-03-05 07:30');
  });

  it('refuses a date before 2000 at the field', async () => {
    renderInProviders(<Picker dateOnly onValue={() => undefined} />);
    const user = userEvent.setup();
    await typeIntoPicker(user, 'Wyjazd', '01011900');
    await act(async () => undefined);
    expect(await screen.findByText('Data nie może być wcześniejsza niż 1 stycznia 2000 r.')).toBeTruthy();
  });
});
