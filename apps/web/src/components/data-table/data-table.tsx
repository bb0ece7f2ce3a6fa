import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../visually-hidden.ts';
import type { ListState } from './use-list-state.ts';

export interface DataColumn<TRow, TSort extends string> {
  /** Stable key; when it is one of the list's sort columns the header sorts by it. */
  key: string;
  label: string;
  sortKey?: TSort;
  align?: 'left' | 'right' | 'center';
  render: (row: TRow) => ReactNode;
  /**
   * A column that matters less: below the widest screens it leaves the table for the row's
   * details, so that the list fits a 1280 px screen with its status and actions in view.
   */
  secondary?: boolean;
  /** The column that names its row (a report's first grouping): its cells are the rows' headers. */
  rowHeader?: boolean;
}

interface DataTableProps<TRow, TSort extends string> {
  /** Accessible name of the table, e.g. the screen title. */
  label: string;
  columns: DataColumn<TRow, TSort>[];
  rows: TRow[] | undefined;
  total: number | undefined;
  /** False when `total` is only a lower bound (a long list counted up to a bound): the pager says 'more than N'. */
  totalIsExact?: boolean;
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
  /** How a row is named to assistive technology (its number, its name); the first column's text when left out. */
  rowLabel?: (row: TRow) => string;
}

/** A column's label and value, as the row's details and the phone's cards list them. */
function DetailList<TRow, TSort extends string>({ row, columns }: { row: TRow; columns: DataColumn<TRow, TSort>[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {columns.map((column) => (
        <Fragment key={column.key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {column.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {column.render(row)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * The rows as a phone shows them: one card per row with every column's label and value, and the
 * row's actions under them. DataTable's phone view, and the phone view of short lists without paging.
 */
export function DataCards<TRow, TSort extends string>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  actions,
}: {
  label: string;
  columns: DataColumn<TRow, TSort>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  rowLabel: (row: TRow) => string;
  actions?: (row: TRow) => ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {rows.map((row) => (
        <Paper key={rowKey(row)} component="li" variant="outlined" aria-label={rowLabel(row) || undefined} sx={{ p: 1.5 }}>
          <DetailList row={row} columns={columns} />
          {actions && <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>{actions(row)}</Box>}
        </Paper>
      ))}
    </Box>
  );
}

/**
 * How a screen of this width shows a list: phones get cards; screens narrower than the widest keep
 * the columns that matter most in the row and move the secondary ones into the row's details.
 */
function useColumnLayout<TRow, TSort extends string>(columns: DataColumn<TRow, TSort>[]) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const isCompact = useMediaQuery(theme.breakpoints.down('xl'), { noSsr: true });
  return {
    isPhone,
    shownColumns: isCompact ? columns.filter((column) => !column.secondary) : columns,
    detailColumns: isCompact ? columns.filter((column) => column.secondary) : [],
  };
}

/** A row's name for assistive technology: the given one, else the first column's text. */
function rowNamer<TRow, TSort extends string>(columns: DataColumn<TRow, TSort>[], rowLabel: ((row: TRow) => string) | undefined) {
  return (row: TRow): string => {
    if (rowLabel) return rowLabel(row);
    const first = columns[0]?.render(row);
    return typeof first === 'string' || typeof first === 'number' ? String(first) : '';
  };
}

/** The table both list components draw: the shown columns, a details toggle per row when some are moved out, and the actions. */
function ColumnsTable<TRow, TSort extends string>({
  label,
  shownColumns,
  detailColumns,
  rows,
  rowKey,
  nameOf,
  actions,
  header,
  empty,
  summary,
}: {
  label: string;
  shownColumns: DataColumn<TRow, TSort>[];
  detailColumns: DataColumn<TRow, TSort>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  nameOf: (row: TRow) => string;
  actions?: (row: TRow) => ReactNode;
  header: (column: DataColumn<TRow, TSort>) => ReactNode;
  empty: string | null;
  summary?: TRow;
}) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const detailsIdPrefix = useId();
  const toggle = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const columnCount = shownColumns.length + (detailColumns.length > 0 ? 1 : 0) + (actions ? 1 : 0);
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {detailColumns.length > 0 && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('list.details')}
                </Box>
              </TableCell>
            )}
            {shownColumns.map(header)}
            {actions && <TableCell align="right">{t('list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const key = rowKey(row);
            const isOpen = expanded.has(key);
            const detailsId = `${detailsIdPrefix}-${key}`;
            return (
              <Fragment key={key}>
                <TableRow hover sx={isOpen ? { '& > td': { borderBottom: 'unset' } } : undefined}>
                  {detailColumns.length > 0 && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? detailsId : undefined}
                        aria-label={t(isOpen ? 'list.hideDetailsOf' : 'list.showDetailsOf', { row: nameOf(row) })}
                        onClick={() => toggle(key)}
                      >
                        {isOpen ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
                      </IconButton>
                    </TableCell>
                  )}
                  {shownColumns.map((column) => (
                    <BodyCell key={column.key} row={row} column={column} />
                  ))}
                  {actions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(row)}
                    </TableCell>
                  )}
                </TableRow>
                {isOpen && (
                  <TableRow id={detailsId}>
                    <TableCell colSpan={columnCount} sx={{ pl: 7 }}>
                      <DetailList row={row} columns={detailColumns} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
          {empty && (
            <TableRow>
              <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
        {summary !== undefined && (
          <TableFooter>
            <TableRow sx={{ '& > td, & > th': { color: 'text.primary', fontSize: 'inherit', fontWeight: 600 } }}>
              {detailColumns.length > 0 && <TableCell padding="checkbox" />}
              {shownColumns.map((column) => (
                <BodyCell key={column.key} row={summary} column={column} />
              ))}
              {actions && <TableCell />}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}

function BodyCell<TRow, TSort extends string>({ row, column }: { row: TRow; column: DataColumn<TRow, TSort> }) {
  return (
    <TableCell align={column.align} {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}>
      {column.render(row)}
    </TableCell>
  );
}

/**
 * A short list without search or paging (a role's members, a document's lines, its history), laid
 * out like DataTable: secondary columns in the row's details below the widest screens, cards on a phone.
 */
export function ListTable<TRow>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  actions,
  empty,
  summary,
}: {
  label: string;
  columns: DataColumn<TRow, never>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  /** How a row is named to assistive technology; the first column's text when left out. */
  rowLabel?: (row: TRow) => string;
  actions?: (row: TRow) => ReactNode;
  /** Said instead of the rows when there are none. */
  empty?: string;
  /** A row that sums up the others (a total): the table's footer, the last card on a phone. */
  summary?: TRow;
}) {
  const { isPhone, shownColumns, detailColumns } = useColumnLayout(columns);
  const nameOf = rowNamer(columns, rowLabel);
  const emptyText = rows.length === 0 && empty ? empty : null;
  if (isPhone) {
    return emptyText ? (
      <Typography variant="body2" color="text.secondary" align="center" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    ) : (
      <DataCards
        label={label}
        columns={columns}
        rows={summary === undefined ? rows : [...rows, summary]}
        rowKey={rowKey}
        rowLabel={nameOf}
        actions={actions && ((row: TRow) => (row === summary ? null : actions(row)))}
      />
    );
  }
  return (
    <ColumnsTable
      label={label}
      shownColumns={shownColumns}
      detailColumns={detailColumns}
      rows={rows}
      rowKey={rowKey}
      nameOf={nameOf}
      actions={actions}
      empty={emptyText}
      summary={summary}
      header={(column) => (
        <TableCell key={column.key} align={column.align}>
          {column.label}
        </TableCell>
      )}
    />
  );
}

const SEARCH_DELAY_MS = 300;

/** The list screen's table: search, sortable headers, paging, and loading, empty and error states. */
export function DataTable<TRow, TSort extends string>(props: DataTableProps<TRow, TSort>) {
  const { label, columns, rows, total, totalIsExact = true, rowKey, state, onChange, isLoading, isError, toolbar, actions, rowLabel, searchable = true } = props;
  const { t } = useTranslation('common');
  const { isPhone, shownColumns, detailColumns } = useColumnLayout(columns);
  const [search, setSearch] = useState(state.search);

  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, state.search, onChange]);

  const nameOf = rowNamer(columns, rowLabel);
  const sortable = columns.filter((column) => column.sortKey);
  const empty = rows && rows.length === 0 && !isLoading ? (state.search ? t('list.noResults') : t('list.empty')) : null;

  const table = (
    <ColumnsTable
      label={label}
      shownColumns={shownColumns}
      detailColumns={detailColumns}
      rows={rows ?? []}
      rowKey={rowKey}
      nameOf={nameOf}
      actions={actions}
      empty={empty}
      header={(column) => (
        <TableCell key={column.key} align={column.align} sortDirection={column.sortKey && state.sort === column.sortKey ? state.order : false}>
          {column.sortKey ? (
            <TableSortLabel
              active={state.sort === column.sortKey}
              direction={state.sort === column.sortKey ? state.order : 'asc'}
              onClick={() => onChange({ sort: column.sortKey!, order: state.sort === column.sortKey && state.order === 'asc' ? 'desc' : 'asc' })}
            >
              {column.label}
            </TableSortLabel>
          ) : (
            column.label
          )}
        </TableCell>
      )}
    />
  );

  // On a phone each row is a card with every column, and sorting is a choice above them.
  const cards = (
    <Box sx={{ px: 2 }}>
      {sortable.length > 0 && (
        <TextField
          select
          size="small"
          fullWidth
          label={t('list.sortBy')}
          value={`${state.sort}:${state.order}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [TSort, 'asc' | 'desc'];
            onChange({ sort, order });
          }}
          sx={{ mb: 2 }}
        >
          {sortable.flatMap((column) =>
            (['asc', 'desc'] as const).map((order) => (
              <MenuItem key={`${column.sortKey}:${order}`} value={`${column.sortKey}:${order}`}>
                {t(`list.sortOrder.${order}`, { column: column.label })}
              </MenuItem>
            )),
          )}
        </TextField>
      )}
      <DataCards label={label} columns={columns} rows={rows ?? []} rowKey={rowKey} rowLabel={nameOf} actions={actions} />
      {empty && (
        <Typography variant="body2" color="text.secondary" align="center" sx={{ py: 4 }}>
          {empty}
        </Typography>
      )}
    </Box>
  );

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
      {isPhone ? cards : table}
      <TablePagination
        component="div"
        count={pagerCount(total, totalIsExact, rows, state)}
        page={Math.max(0, state.page - 1)}
        rowsPerPage={state.page_size}
        // A phone has no room for the page-size choice beside the page's arrows.
        rowsPerPageOptions={isPhone ? [] : [10, 25, 50, 100]}
        onPageChange={(_event, page) => onChange({ page: page + 1 })}
        onRowsPerPageChange={(event) => onChange({ page_size: Number(event.target.value) })}
        labelRowsPerPage={t('list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          count === -1 ? t('list.displayedRowsMoreThan', { from, to, count: total ?? 0 }) : t('list.displayedRows', { from, to, count })
        }
        getItemAriaLabel={(type) => t(`list.goTo.${type}`)}
      />
    </Paper>
  );
}

/**
 * The pager's count: the total when it is exact; -1 ('unknown', the next page stays open)
 * while a bounded total is only a lower bound, unless this page is short and so the last.
 */
function pagerCount<TRow>(total: number | undefined, totalIsExact: boolean, rows: TRow[] | undefined, state: { page: number; page_size: number }): number {
  if (totalIsExact) return total ?? 0;
  if (rows !== undefined && rows.length < state.page_size) return (state.page - 1) * state.page_size + rows.length;
  return -1;
}
