import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, ListTable, type DataColumn } from './data-table.tsx';
import type { ListState } from './use-list-state.ts';

interface Trip {
  id: number;
  number: string;
  employee: string;
  destination: string;
}

const columns: DataColumn<Trip, 'number' | 'employee'>[] = [
  { key: 'number', label: 'Numer', sortKey: 'number', render: (row) => row.number },
  { key: 'employee', label: 'Pracownik', sortKey: 'employee', render: (row) => row.employee },
  { key: 'destination', label: 'Miejsce docelowe', secondary: true, render: (row) => row.destination },
];
const rows: Trip[] = [
  { id: 1, number: 'RD/1/2026', employee: 'Anna Kowalska', destination: 'Kraków' },
  { id: 2, number: 'RD/2/2026', employee: 'Jan Nowak', destination: 'Gdańsk' },
];
const state: ListState<'number' | 'employee'> = { page: 1, page_size: 25, sort: 'number', order: 'asc', search: '' };

/** A screen `width` px wide, as MUI's media queries (`(max-width:1535.95px)`, `(min-width:600px)`) ask it. */
function screenOfWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  });
}

function renderTable(onChange = vi.fn()) {
  render(
    <DataTable label="Rozliczenia" columns={columns} rows={rows} total={2} rowKey={(row) => row.id} state={state} onChange={onChange} isLoading={false} isError={false} actions={(row) => <button type="button">Otwórz {row.number}</button>} />,
  );
  return onChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable on screens of every width', () => {
  it('shows every column on the widest screens', () => {
    screenOfWidth(1600);
    renderTable();
    const table = screen.getByRole('table', { name: 'Rozliczenia' });
    expect(within(table).getByRole('columnheader', { name: 'Miejsce docelowe' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Pokaż szczegóły/ })).toBeNull();
  });

  it('moves the columns that matter less into each row’s details at 1280 px, keeping the others and the actions in the row', () => {
    screenOfWidth(1280);
    renderTable();
    const table = screen.getByRole('table', { name: 'Rozliczenia' });
    expect(within(table).queryByRole('columnheader', { name: 'Miejsce docelowe' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Pracownik' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Otwórz RD/1/2026' })).toBeTruthy();
    expect(within(table).queryByText('Kraków')).toBeNull();

    const toggle = within(table).getByRole('button', { name: 'Pokaż szczegóły: RD/1/2026' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const hide = within(table).getByRole('button', { name: 'Ukryj szczegóły: RD/1/2026' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(hide.getAttribute('aria-controls')!)!;
    expect(within(details).getByRole('term').textContent).toBe('Miejsce docelowe');
    expect(within(details).getByRole('definition').textContent).toBe('Kraków');
    // The other row stays closed.
    expect(within(table).queryByText('Gdańsk')).toBeNull();
    fireEvent.click(hide);
    expect(within(table).queryByText('Kraków')).toBeNull();
  });

  it('lists the rows as cards with every column and their actions on a phone, and sorts through a choice', () => {
    screenOfWidth(390);
    const onChange = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Rozliczenia' });
    const card = within(list).getByRole('listitem', { name: 'RD/2/2026' });
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Numer', 'Pracownik', 'Miejsce docelowe']);
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['RD/2/2026', 'Jan Nowak', 'Gdańsk']);
    expect(within(card).getByRole('button', { name: 'Otwórz RD/2/2026' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sortuj według' }));
    fireEvent.click(screen.getByRole('option', { name: 'Pracownik – malejąco' }));
    expect(onChange).toHaveBeenCalledWith({ sort: 'employee', order: 'desc' });
  });
});

describe('ListTable, a short list without paging, on screens of every width', () => {
  const listColumns = columns.map(({ sortKey: _sortKey, ...column }) => column);
  const renderList = (shown: Trip[] = rows) =>
    render(<ListTable label="Członkowie" columns={listColumns} rows={shown} rowKey={(row) => row.id} empty="Nikt" actions={(row) => <button type="button">Odłącz {row.number}</button>} />);

  it('shows every column without sort controls on the widest screens', () => {
    screenOfWidth(1600);
    renderList();
    const table = screen.getByRole('table', { name: 'Członkowie' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Numer', 'Pracownik', 'Miejsce docelowe', 'Akcje']);
    expect(within(table).getByRole('cell', { name: 'Kraków' })).toBeTruthy();
  });

  it('moves the secondary columns into the row’s details at 1280 px', () => {
    screenOfWidth(1280);
    renderList();
    const table = screen.getByRole('table', { name: 'Członkowie' });
    expect(within(table).queryByRole('columnheader', { name: 'Miejsce docelowe' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Odłącz RD/1/2026' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Pokaż szczegóły: RD/1/2026' }));
    expect(within(table).getByRole('definition').textContent).toBe('Kraków');
  });

  it('lists the rows as cards with every column and their actions on a phone', () => {
    screenOfWidth(390);
    renderList();
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Członkowie' })).getByRole('listitem', { name: 'RD/1/2026' });
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['RD/1/2026', 'Anna Kowalska', 'Kraków']);
    expect(within(card).getByRole('button', { name: 'Odłącz RD/1/2026' })).toBeTruthy();
  });

  it('says the list is empty in the table and on a phone', () => {
    screenOfWidth(1600);
    const { unmount } = renderList([]);
    expect(within(screen.getByRole('table', { name: 'Członkowie' })).getByRole('cell', { name: 'Nikt' })).toBeTruthy();
    unmount();
    screenOfWidth(390);
    renderList([]);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Nikt')).toBeTruthy();
  });
});

describe('DataTable with a total counted up to a bound', () => {
  const many = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, number: `RD/${index + 1}/2026`, employee: 'Anna Kowalska', destination: 'Kraków' }));

  it('says there are more than the bound and keeps the next page open', () => {
    screenOfWidth(1600);
    const onChange = vi.fn();
    render(<DataTable label="Rozliczenia" columns={columns} rows={many} total={1000} totalIsExact={false} rowKey={(row) => row.id} state={state} onChange={onChange} isLoading={false} isError={false} />);
    expect(screen.getByText('1–25 z ponad 1000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Następna strona' });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(onChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('knows the exact total on a short page past the bound and closes the next page', () => {
    screenOfWidth(1600);
    render(<DataTable label="Rozliczenia" columns={columns} rows={rows} total={1000} totalIsExact={false} rowKey={(row) => row.id} state={{ ...state, page: 41 }} onChange={vi.fn()} isLoading={false} isError={false} />);
    expect(screen.getByText('1001–1002 z 1002')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Następna strona' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
