import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BudgetViewDto } from '@delego/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';
import { errorAnswer } from '../../testing/fetch-mock.ts';
import { typeIntoPicker } from '../../testing/pickers.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;
const accountant = buildUserProperties({ permissions: { reportDelegation: true }, context_user_permissions: { reportDelegation: true } });

const budget = (values: Partial<Omit<BudgetViewDto, 'figures'>> & { figures?: Partial<BudgetViewDto['figures']> }): BudgetViewDto => ({
  id: 1,
  cost_centre_id: 5,
  cost_centre_ordinate: 'MPK-100',
  cost_centre_name: 'Sprzedaż',
  project_id: null,
  project_name: null,
  date_from: '2026-04-01',
  date_to: '2026-04-30',
  amount: '1000.00',
  ...values,
  figures: { amount: '1000.00', spent: '295.00', committed: '100.00', left: '605.00', used_percent: '39.5', state: 'ok', unconverted_currencies: [], ...values.figures },
});

const options = { body: { cost_centres: [{ id: 5, name: 'MPK-100 – Sprzedaż' }], projects: [{ id: 9, name: 'Wdrożenie' }] } };
const text = (element: Element) => element.textContent?.replace(/\u00a0/g, ' ');

describe('budgets', { timeout: 30_000 }, () => {
  it('shows each budget as a bar named by its figures, amber from 80 % and red over 100 %', async () => {
    renderApp('/booking/report/budget', {
      user: accountant,
      handlers: {
        'GET /api/booking/report/budget/list': {
          body: {
            items: [
              budget({}),
              budget({ id: 2, project_id: 9, project_name: 'Wdrożenie', figures: { spent: '500.00', committed: '300.00', left: '200.00', used_percent: '80.0', state: 'warning' } }),
              budget({ id: 3, cost_centre_ordinate: 'MPK-200', figures: { spent: '900.00', committed: '250.00', left: '-150.00', used_percent: '115.0', state: 'over' } }),
            ],
            total: 3,
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Raport budżetowy' }, FIRST_LOAD);
    const bar = await within(table).findByRole('img', { name: /^MPK-100, 01\.04\.2026/ });
    expect(bar.getAttribute('aria-label')?.replace(/\u00a0/g, ' ')).toBe(
      'MPK-100, 01.04.2026 – 30.04.2026: wydano 295,00 zł, zaangażowano 100,00 zł, pozostało 605,00 zł z 1 000,00 zł (39,5 %, w budżecie)',
    );
    expect(within(table).getByRole('img', { name: /^MPK-100 · Wdrożenie.*wykorzystano co najmniej 80 %\)$/ })).toBeDefined();
    const over = within(table).getByRole('img', { name: /^MPK-200.*budżet przekroczony\)$/ });
    expect(over.getAttribute('aria-label')).toContain('-150,00');
    const rows = within(table).getAllByRole('row');
    expect(text(rows[3]!)).toContain('Wydano 900,00 zł · zaangażowano 250,00 zł · pozostało -150,00 zł z 1 000,00 zł (115,0 %, budżet przekroczony)');
    expect(text(rows[2]!)).toContain('Wdrożenie');
    expect(text(rows[1]!)).toContain('wszystkie projekty');
  });

  it('creates a budget with a project: a comma amount becomes a decimal string and the list opens again', async () => {
    const { server, user, router } = renderApp('/booking/report/budget/new', {
      user: accountant,
      handlers: {
        'GET /api/booking/report/budget/form-options': options,
        'POST /api/booking/report/budget/save': { body: { status: 'ok', budget: budget({}) } },
        'GET /api/booking/report/budget/list': { body: { items: [], total: 0 } },
      },
    });
    const form = await screen.findByRole('form', { name: 'Nowy budżet' }, FIRST_LOAD);
    await user.click(within(form).getByRole('combobox', { name: 'Centrum kosztów' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-100 – Sprzedaż' }));
    await user.click(within(form).getByRole('combobox', { name: 'Projekt' }));
    await user.click(await screen.findByRole('option', { name: 'Wdrożenie' }));
    await typeIntoPicker(user, 'Od', '01042026', form);
    await typeIntoPicker(user, 'Do', '30042026', form);
    await user.type(within(form).getByLabelText('Kwota (PLN)'), '12 500,5');
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/report/budget'));
    expect(server.requestsTo('POST /api/booking/report/budget/save')[0]!.body).toEqual({ cost_centre_id: 5, project_id: 9, date_from: '2026-04-01', date_to: '2026-04-30', amount: '12500.5' });
  });

  it('refuses a zero amount and a period ending before it starts at their fields, sending nothing', async () => {
    const { server, user } = renderApp('/booking/report/budget/new', { user: accountant, handlers: { 'GET /api/booking/report/budget/form-options': options } });
    const form = await screen.findByRole('form', { name: 'Nowy budżet' }, FIRST_LOAD);
    await user.click(within(form).getByRole('combobox', { name: 'Centrum kosztów' }));
    await user.click(await screen.findByRole('option', { name: 'MPK-100 – Sprzedaż' }));
    await typeIntoPicker(user, 'Od', '01052026', form);
    await typeIntoPicker(user, 'Do', '30042026', form);
    await user.type(within(form).getByLabelText('Kwota (PLN)'), '0,00');
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await within(form).findByText('Kwota musi być większa od zera')).toBeDefined();
    expect(within(form).getByText('Data końcowa nie może być wcześniejsza niż początkowa')).toBeDefined();
    expect(server.requestsTo('POST /api/booking/report/budget/save')).toHaveLength(0);
  });

  it('edits a budget and shows an overlapping period at the start date', async () => {
    const { server, user } = renderApp('/booking/report/budget/edit/1', {
      user: accountant,
      handlers: {
        'GET /api/booking/report/budget/form-options': options,
        'GET /api/booking/report/budget/get': { body: { budget: budget({}) } },
        'POST /api/booking/report/budget/save': errorAnswer(400, 'VALIDATION_FAILED', { issues: [{ path: ['date_from'], code: 'costCentreBudget.overlap', params: { from: '2026-01-01', to: '2026-04-15' } }] }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edycja budżetu' }, FIRST_LOAD);
    await waitFor(() => expect((within(form).getByLabelText('Kwota (PLN)') as HTMLInputElement).value).toBe('1000.00'));
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await within(form).findByText('Okres pokrywa się z budżetem 01.01.2026 – 15.04.2026 tego centrum kosztów')).toBeDefined();
    expect(server.requestsTo('POST /api/booking/report/budget/save')[0]!.body).toMatchObject({ id: 1, cost_centre_id: 5, project_id: null, amount: '1000.00' });
  });
});
