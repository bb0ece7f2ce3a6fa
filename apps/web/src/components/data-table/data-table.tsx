import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ListState } from './use-list-state.ts';

export interface DataColumn<TRow, TSort extends string> {
  /** Stable key; when it is one of the list's sort columns the header sorts by it. */
  key: string;
  label: string;
  sortKey?: TSort;
  align?: 'left' | 'right' | 'center';
  render: (row: TRow) => ReactNode;
}

interface DataTableProps<TRow, TSort extends string> {
  /** Accessible name of the table, e.g. the screen title. */
  label: string;
  columns: DataColumn<TRow, TSort>[];
  rows: TRow[] | undefined;
  total: number | undefined;
  rowKey: (row: TRow) => string | number;
  state: ListState<TSort>;
  onChange: (change: Partial<ListState<TSort>>) => void;
  isLoading: boolean;
  isError: boolean;
  /** Shown above the table beside the search field (e.g. an "Add" button, filters). */
  toolbar?: ReactNode;
  /** Set false for lists without a text search. */
  searchable?: boolean;
  /** Row buttons, in the last column. */
  actions?: (row: TRow) => ReactNode;
}

const SEARCH_DELAY_MS = 300;

/** The list screen's table: search, sortable headers, paging, and loading, empty and error states. */
export function DataTable<TRow, TSort extends string>(props: DataTableProps<TRow, TSort>) {
  const { label, columns, rows, total, rowKey, state, onChange, isLoading, isError, toolbar, actions, searchable = true } = props;
  const { t } = useTranslation('common');
  const [search, setSearch] = useState(state.search);

  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, onChange]);

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {searchable && (
          <TextField
            size="small"
            label={t('list.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, type: 'search' } }}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
      </Box>
      {isLoading && <LinearProgress aria-label={t('list.loading')} />}
      {isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {t('list.loadError')}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sortDirection={column.sortKey && state.sort === column.sortKey ? state.order : false}>
                  {column.sortKey ? (
                    <TableSortLabel
                      active={state.sort === column.sortKey}
                      direction={state.sort === column.sortKey ? state.order : 'asc'}
                      onClick={() =>
                        onChange({ sort: column.sortKey!, order: state.sort === column.sortKey && state.order === 'asc' ? 'desc' : 'asc' })
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              {actions && <TableCell align="right">{t('list.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {rows && rows.length === 0 && !isLoading && (
              <TableRow>
                <TableCell colSpan={columns.length + (actions ? 1 : 0)} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {state.search ? t('list.noResults') : t('list.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? 0}
        page={Math.max(0, state.page - 1)}
        rowsPerPage={state.page_size}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_event, page) => onChange({ page: page + 1 })}
        onRowsPerPageChange={(event) => onChange({ page_size: Number(event.target.value) })}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`list.goTo.${type}`)}
      />
    </Paper>
  );
}
