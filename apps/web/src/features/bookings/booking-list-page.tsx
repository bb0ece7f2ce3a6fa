import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import PeopleIcon from '@mui/icons-material/People';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import type { BookingListItem, BookingListSort } from '@delego/contract';
import { BOOKING_STATUSES, BOOKING_TAB_NAMES, tabOfKind, type BookingStatus, type BookingTab, formatMoneyText, formatWallTime } from '@delego/domain';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule, userHasPermission } from '../../lib/user-context.ts';
import { useBookingList } from './api/bookings.ts';
import { BookingFormDialog } from './booking-form-dialog.tsx';
import { BookingImportDialog } from './booking-import-dialog.tsx';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type FilterKey = 'status' | 'date_from' | 'date_to' | 'invoice_missing';

/** The details route of a booking (spec §2: flights have their own, every other kind `other`). */
export function bookingDetailsPath(booking: Pick<BookingListItem, 'id' | 'kind'>): string {
  return tabOfKind(booking.kind) === 'flight'
    ? `/booking/flight/detail/${booking.id}`
    : `/booking/other/detail/${booking.id}`;
}

function isStatus(value: string | null): value is BookingStatus {
  return (BOOKING_STATUSES as readonly (string | null)[]).includes(value);
}

/** `/booking` and its tabs `/booking/{flight|hotel|rail|other}` (spec §2, §7 `booking/list`). */
export function BookingListPage() {
  const { t, i18n } = useTranslation('bookings');
  const { t: tr } = useTranslation('routes');
  const user = useCurrentUser();
  const location = useLocation();
  const tab = (location.pathname.split('/')[2] ?? '') as BookingTab | '';
  const { state, query, update } = useListState<BookingListSort>({ sort: 'start_at', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const invoiceMissing = params.get('invoice_missing');
  const list = useBookingList({
    ...query,
    ...(tab ? { tab } : {}),
    ...(isStatus(status) ? { status } : {}),
    ...(DAY.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DAY.test(dateTo) ? { date_to: dateTo } : {}),
    ...(invoiceMissing === 'true' || invoiceMissing === 'false' ? { invoice_missing: invoiceMissing } : {}),
  });
  const canManage = userHasPermission(user, 'bookingMapping');
  // The flight-bookings module alone opens the flight tab only.
  const tabs: readonly BookingTab[] = userHasModule(user, 'all_bookings')
    ? BOOKING_TAB_NAMES
    : userHasModule(user, 'flight_bookings')
      ? ['flight']
      : [];
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const setFilter = (key: FilterKey, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: DataColumn<BookingListItem, BookingListSort>[] = [
    {
      key: 'start_at',
      label: t('columns.date'),
      sortKey: 'start_at',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatWallTime(row.start_at, i18n.language)}
        </Box>
      ),
    },
    { key: 'kind', secondary: true, label: t('columns.kind'), sortKey: 'kind', render: (row) => t(`kind.${row.kind}`) },
    {
      key: 'traveller',
      label: t('columns.traveller'),
      sortKey: 'traveller',
      render: (row) =>
        row.user_id === null ? (
          <>
            {row.traveller_name} <Chip size="small" color="warning" label={t('unmapped')} />
          </>
        ) : (
          row.traveller_name
        ),
    },
    { key: 'title', label: t('columns.service'), sortKey: 'carrier', render: (row) => row.title },
    { key: 'route', secondary: true, label: t('columns.route'), render: (row) => row.route ?? '' },
    {
      key: 'amount',
      label: t('columns.amount'),
      sortKey: 'amount_gross',
      align: 'right',
      render: (row) => formatMoneyText(row.amount_gross, row.currency, i18n.language),
    },
    {
      key: 'invoice',
      label: t('columns.invoice'),
      render: (row) =>
        row.invoice_missing ? (
          <Chip size="small" color="warning" label={t('invoiceMissing')} />
        ) : row.invoice_ids.length > 0 ? (
          <Chip size="small" color="success" label={t('invoiceReceived')} />
        ) : null,
    },
    {
      key: 'settlement',
      secondary: true,
      label: t('columns.settlement'),
      render: (row) =>
        row.delegation_id ? (
          <RouterLink to={`/delegation/readonly/${row.delegation_id}`}>
            {row.delegation_number ?? t('settlementWithoutNumber')}
          </RouterLink>
        ) : (
          ''
        ),
    },
    { key: 'status', label: t('columns.status'), render: (row) => t(`status.${row.status}`) },
  ];

  return (
    <>
      <PageHeader
        title={tr(tab ? `booking.${tab}` : 'booking.list')}
        description={t('list.description')}
        actions={
          canManage && (
            <>
              <Button startIcon={<PeopleIcon />} component={RouterLink} to="/booking/mapping">
                {t('list.mapping')}
              </Button>
              <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {t('list.import')}
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {t('list.add')}
              </Button>
            </>
          )
        }
      />
      <Tabs
        value={tab}
        aria-label={t('list.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="" label={t('tab.all')} component={RouterLink} to="/booking" />
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tab.${name}`)}
            component={RouterLink}
            to={`/booking/${name}`}
          />
        ))}
      </Tabs>
      <DataTable
        label={tr(tab ? `booking.${tab}` : 'booking.list')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <>
            <FilterSelect
              label={t('filters.status')}
              value={isStatus(status) ? status : ''}
              onChange={(value) => setFilter('status', value)}
              allLabel={t('filters.anyStatus')}
              options={BOOKING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              minWidth={180}
            />
            <FilterSelect
              label={t('filters.invoice')}
              value={invoiceMissing === 'true' || invoiceMissing === 'false' ? invoiceMissing : ''}
              onChange={(value) => setFilter('invoice_missing', value)}
              allLabel={t('filters.anyInvoice')}
              options={[
                { value: 'true', label: t('invoiceMissing') },
                { value: 'false', label: t('filters.invoiceNotMissing') },
              ]}
              minWidth={200}
            />
            <FilterDateField label={t('filters.dateFrom')} value={dateFrom} onChange={(day) => setFilter('date_from', day)} />
            <FilterDateField label={t('filters.dateTo')} value={dateTo} onChange={(day) => setFilter('date_to', day)} />
          </>
        }
        actions={(row) => (
          <Tooltip title={t('actions.view')}>
            <IconButton
              aria-label={`${t('actions.view')}: ${row.title} ${formatWallTime(row.start_at, i18n.language)}`}
              component={RouterLink}
              to={bookingDetailsPath(row)}
            >
              <VisibilityIcon />
            </IconButton>
          </Tooltip>
        )}
      />
      <BookingFormDialog open={adding} booking={null} onClose={() => setAdding(false)} />
      <BookingImportDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
