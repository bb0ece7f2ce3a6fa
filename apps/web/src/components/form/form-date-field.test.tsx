import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { AppProviders } from '../../app/providers.tsx';
import { i18n } from '../../lib/i18n.ts';
import { pickerText, typeIntoPicker } from '../../testing/pickers.ts';
import { FormDateField } from './form-date-field.tsx';

interface Values {
  date_from: string;
  start_at: string;
}

/** A form like the ones that had the browser's native date inputs (a transfer's period, a booking's start). */
function PeriodForm({ initial, onValues }: { initial: Values; onValues: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: initial });
  const values = form.watch();
  onValues(values);
  return (
    <form>
      <FormDateField control={form.control} name="date_from" label="Od" />
      <FormDateField control={form.control} name="start_at" label="Początek" withTime />
    </form>
  );
}

function renderForm(initial: Values = { date_from: '', start_at: '' }) {
  const seen: Values[] = [];
  const rendered = render(
    <AppProviders><QueryClientProvider client={new QueryClient()}>
      <PeriodForm initial={initial} onValues={(values) => seen.push(values)} />
    </QueryClientProvider></AppProviders>,
  );
  return { ...rendered, seen, user: userEvent.setup() };
}

describe('a form date field (where the browser’s native date input was)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows dd.mm.rrrr and a 24-hour time in Polish even in an English browser, with no native date input', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { container } = renderForm({ date_from: '2026-03-05', start_at: '2026-03-05 19:30' });
    expect(pickerText('Od')).toBe('05.03.2026');
    expect(pickerText('Początek')).toBe('05.03.2026 19:30');
    expect(container.querySelector('input[type="date"], input[type="datetime-local"], input[type="time"]')).toBeNull();
  });

  it('reads a day typed in Polish order and hands the form YYYY-MM-DD and YYYY-MM-DD HH:mm', async () => {
    const { seen, user } = renderForm();
    await typeIntoPicker(user, 'Od', '01062030');
    await typeIntoPicker(user, 'Początek', '050320260730');
    expect(seen.at(-1)).toEqual({ date_from: '2030-06-01', start_at: '2026-03-05 07:30' });
  });

  it('shows MM/DD/YYYY and AM/PM in English and reads a day typed in that order', async () => {
    await i18n.changeLanguage('en-US');
    const { seen, user } = renderForm({ date_from: '2026-03-05', start_at: '2026-03-05 19:30' });
    expect(pickerText('Od')).toBe('03/05/2026');
    expect(pickerText('Początek')).toBe('03/05/2026 07:30 PM');
    await typeIntoPicker(user, 'Od', '06012030');
    expect(seen.at(-1)?.date_from).toBe('2030-06-01');
  });
});
