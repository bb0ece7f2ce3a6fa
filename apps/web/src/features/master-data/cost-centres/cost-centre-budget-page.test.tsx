import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorAnswer } from '../../../testing/fetch-mock.ts';
import { descriptionOf, renderApp } from '../../../testing/render-app.tsx';
import { FIRST_LOAD, administrator, page } from '../testing/fixtures.ts';
import { pickerField, typeIntoPicker } from '../../../testing/pickers.ts';

const options = { 'GET /api/settings/cost-centre/options': { body: { items: [{ id: 1, ordinate: 'MPK-100', name: 'Sprzedaż', enabled_for_new: true }] } } };

describe('cost centre budgets', { timeout: 30_000 }, () => {
  it('lists budgets with amounts in PLN', async () => {
    renderApp('/settings/cost-centre/budget', {
      user: administrator,
      handlers: {
        ...options,
        'GET /api/settings/cost-centre/budget/list': page([
          { id: 4, cost_centre_id: 1, cost_centre_ordinate: 'MPK-100', cost_centre_name: 'Sprzedaż', date_from: '2026-01-01', date_to: '2026-06-30', amount: '12500.50' },
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Budżety centrów kosztów' }, FIRST_LOAD);
    const cell = await within(table).findByText(/zł$/);
    expect(cell.textContent?.replace(/\s/g, ' ')).toBe('12 500,50 zł');
  });

  it('sends a comma amount as a decimal string and shows an overlapping period at the start date', async () => {
    const { server, user } = renderApp('/settings/cost-centre/budget', {
      user: administrator,
      handlers: {
        ...options,
        'GET /api/settings/cost-centre/budget/list': page([]),
        'POST /api/settings/cost-centre/budget/save': errorAnswer(400, 'VALIDATION_FAILED', {
          issues: [{ path: ['date_from'], code: 'costCentreBudget.overlap', params: { from: '2026-01-01', to: '2026-03-31' } }],
        }),
      },
    });
    const add = await screen.findByRole('button', { name: 'Dodaj budżet' }, FIRST_LOAD);
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Nowy budżet' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Centrum kosztów' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-100 – Sprzedaż' }));
    await typeIntoPicker(user, 'Od', '01032026', dialog);
    await typeIntoPicker(user, 'Do', '30042026', dialog);
    await user.type(within(dialog).getByLabelText('Kwota (PLN)'), '1 500,5');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(pickerField('Od', dialog))).toBe('Okres pokrywa się z budżetem 01.01.2026 – 31.03.2026 tego centrum kosztów'));
    expect(server.requestsTo('POST /api/settings/cost-centre/budget/save')[0]!.body).toEqual({ cost_centre_id: 1, date_from: '2026-03-01', date_to: '2026-04-30', amount: '1500.5' });
  });

  it('refuses a period ending before it starts at the end date', async () => {
    const { server, user } = renderApp('/settings/cost-centre/budget', { user: administrator, handlers: { ...options, 'GET /api/settings/cost-centre/budget/list': page([]) } });
    const add = await screen.findByRole('button', { name: 'Dodaj budżet' }, FIRST_LOAD);
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Nowy budżet' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Centrum kosztów' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-100 – Sprzedaż' }));
    await typeIntoPicker(user, 'Od', '01052026', dialog);
    await typeIntoPicker(user, 'Do', '30042026', dialog);
    await user.type(within(dialog).getByLabelText('Kwota (PLN)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(descriptionOf(pickerField('Do', dialog))).toBe('Data końcowa nie może być wcześniejsza niż początkowa'));
    expect(server.requestsTo('POST /api/settings/cost-centre/budget/save')).toHaveLength(0);
  });
});
