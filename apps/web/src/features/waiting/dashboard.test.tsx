import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardBudgetDto, OrderFormData } from '@delego/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { buildUserProperties } from '../../testing/fixtures.ts';

const FIRST_LOAD = { timeout: 15_000 } as const;

const formData: OrderFormData = {
  tasks: [],
  cost_centres: [],
  projects: [],
  contractors: [],
  settings: { numbering_assignment: 'autoOnly', multiple_advances: false, advance_flow: 'basic', trip_order_requirement: 'optional' },
};

type Figures = DashboardBudgetDto['figures'];
const figures = (values: Partial<Figures>): Figures => ({ amount: '40000.00', spent: '30000.00', committed: '4000.00', left: '6000.00', used_percent: '85.0', state: 'warning', unconverted_currencies: [], ...values });

const budget = (values: Omit<Partial<DashboardBudgetDto>, 'figures' | 'month'> & { figures: Partial<Figures>; month: Partial<Figures> }): DashboardBudgetDto => ({
  id: 1,
  cost_centre_id: 5,
  cost_centre_ordinate: 'MPK-100',
  cost_centre_name: 'Sprzedaż',
  project_id: null,
  project_name: null,
  date_from: '2026-01-01',
  date_to: '2026-12-31',
  amount: '40000.00',
  ...values,
  figures: figures(values.figures),
  month: { from: '2026-04-01', to: '2026-04-30', figures: figures({ amount: '3287.67', spent: '1200.00', committed: '300.00', left: '1787.67', used_percent: '45.6', state: 'ok', ...values.month }) },
});

const handlers = {
  'GET /api/delegation-order/form-data': { body: formData },
  'GET /api/delegation-order/available-users': { body: [] },
  'GET /api/delegation-order/list': { body: { items: [], total: 2, total_is_exact: true } },
  'GET /api/delegation/list': { body: { items: [], total: 1, total_is_exact: true } },
  'GET /api/delegation-advance/list': { body: { items: [], total: 0, total_is_exact: true } },
  'GET /api/dashboard/budgets': {
    body: { day: '2026-04-20', items: [
        budget({ figures: {}, month: {} }),
        budget({
          id: 2,
          cost_centre_ordinate: 'MPK-200',
          project_name: 'Wdrożenie CRM',
          date_from: '2026-04-10',
          figures: { amount: '10000.00', spent: '12000.00', committed: '0.00', left: '-2000.00', used_percent: '120.0', state: 'over' },
          month: { amount: '2100.00', spent: '1900.00', committed: '0.00', left: '200.00', used_percent: '90.5', state: 'warning' },
        }),
      ],
    },
  },
};

describe('the decider’s dashboard', { timeout: 30_000 }, () => {
  it("shows the finance user what waits, as a chart with its counts, and this month's spending against each budget's share of the month", async () => {
    const finance = buildUserProperties({ permissions: { delegationAcceptFinancial: true }, context_user_permissions: { delegationAcceptFinancial: true } });
    renderApp('/', { user: finance, handlers });
    const waiting = await screen.findByRole('figure', { name: 'Dokumenty czekające na Twoją decyzję' }, FIRST_LOAD);
    const counts = within(waiting).getByRole('table', { name: 'Liczba dokumentów czekających na decyzję' });
    expect(within(counts).getAllByRole('row').map((row) => row.textContent)).toEqual(['Polecenia wyjazdu2', 'Rozliczenia delegacji1', 'Zaliczki do decyzji lub wypłaty0']);
    const budgets = await screen.findByRole('figure', { name: /Wydatki w tym miesiącu wobec budżetów MPK/ });
    const table = within(budgets).getByRole('table', { name: 'Budżety MPK w tym miesiącu' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Budżet',
      'Dni miesiąca w okresie',
      'Część budżetu na miesiąc',
      'Wydane',
      'Zaangażowane',
      'Pozostało',
      'Wykorzystanie',
      'Wykorzystanie w całym okresie',
    ]);
    const cells = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells(/MPK-100/)).toEqual(['01.04.2026 – 30.04.2026', '3 287,67 zł', '1 200,00 zł', '300,00 zł', '1 787,67 zł', '45,6 % · w normie', '85,0 % · blisko limitu']);
    // Over its budget for the whole period, yet within this month's share: both are shown.
    expect(cells(/MPK-200 · Wdrożenie CRM/).slice(-2)).toEqual(['90,5 % · blisko limitu', '120,0 % · przekroczony']);
  });

  it('lists the travel-service orders waiting for a travel-service acceptor, opening their approval', async () => {
    const acceptor = buildUserProperties({ permissions: { travelServiceAccept: true }, context_user_permissions: { travelServiceAccept: true } });
    const { server } = renderApp('/', {
      user: acceptor,
      handlers: {
        ...handlers,
        'GET /api/travel-service/list': {
          body: {
            items: [{ id: 44, version: 1, number: 'ZU/3/2026', company_name: 'Demo', status: 'chosenSentForAcceptance', user: { id: 3, fullName: 'Anna Kowalska' }, created_by: { id: 3, fullName: 'Anna Kowalska' }, created_at: '2026-04-18T08:00:00Z', types: ['flight'], start_date: '2026-05-04', end_date: '2026-05-06', travellers: ['Anna Kowalska'], can_edit: false, allowedActions: [], unread_messages: 0 }],
            total: 1,
            total_is_exact: true,
          },
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Usługi podróżne do akceptacji: 1' }, FIRST_LOAD);
    expect(within(section).getByRole('link', { name: /ZU\/3\/2026 · Anna Kowalska/ }).getAttribute('href')).toBe('/travel-service/approval/44');
    expect(server.requestsTo('GET /api/travel-service/list')[0]!.url.searchParams.get('status')).toBe('chosenSentForAcceptance');
  });

  it('says "more than" when the waiting settlements were counted only up to the bound', async () => {
    const finance = buildUserProperties({ permissions: { delegationAcceptFinancial: true }, context_user_permissions: { delegationAcceptFinancial: true } });
    renderApp('/', {
      user: finance,
      handlers: { ...handlers, 'GET /api/delegation/list': { body: { items: [], total: 1000, total_is_exact: false } } },
    });
    expect(await screen.findByRole('region', { name: 'Rozliczenia delegacji: ponad 1000' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Polecenia wyjazdu: 2' })).toBeTruthy();
  });

  it('keeps the plain home screen for an employee who decides nothing', async () => {
    const nothingWaits = { 'GET /api/delegation-order/list': { body: { items: [], total: 0, total_is_exact: true } }, 'GET /api/delegation/list': { body: { items: [], total: 0, total_is_exact: true } } };
    const { server } = renderApp('/', { user: buildUserProperties({}), handlers: { ...handlers, ...nothingWaits } });
    expect(await screen.findByRole('radio', { name: 'Dla innego pracownika' }, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Czeka na Twoją decyzję' })).toBeNull();
    expect(server.requestsTo('GET /api/dashboard/budgets')).toHaveLength(0);
  });
});
