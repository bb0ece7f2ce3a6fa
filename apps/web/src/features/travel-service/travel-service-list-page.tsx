import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { useTranslation } from 'react-i18next';
import type { TravelServiceOrderRow } from '@delego/contract';
import { TRAVEL_ITEM_TYPES, TRAVEL_ORDER_STATUSES, type TravelItemType, type TravelOrderStatus, formatDateTime, formatWallTime } from '@delego/domain';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useTravelServiceBasicData, useTravelServiceList } from './api/travel-service.ts';
import { rowLinks } from './row-links.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Sort = 'created_at' | 'start_date' | 'status' | 'number';

const isStatus = (value: string | null): value is TravelOrderStatus =>
  (TRAVEL_ORDER_STATUSES as readonly (string | null)[]).includes(value);
const isType = (value: string | null): value is TravelItemType =>
  (TRAVEL_ITEM_TYPES as readonly (string | null)[]).includes(value);

/** `/travel-service`: the travel-service orders the user may see, filtered, paged, each with the pages its allowed actions open. */
export function TravelServiceListPage() {
  const { t, i18n } = useTranslation('travelService');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const language = i18n.language;
  const { state, query, update } = useListState<Sort>({ sort: 'created_at', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const status = params.get('status');
  const type = params.get('type');
  const travellerId = Number(params.get('traveller_id'));
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const number = params.get('number') ?? '';
  const basic = useTravelServiceBasicData();
  const list = useTravelServiceList({
    ...query,
    ...(isStatus(status) ? { status } : {}),
    ...(isType(type) ? { type } : {}),
    ...(Number.isInteger(travellerId) && travellerId > 0 ? { traveller_id: travellerId } : {}),
    ...(DAY.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DAY.test(dateTo) ? { date_to: dateTo } : {}),
    ...(number.trim() ? { number: number.trim() } : {}),
  });

  const period = (row: TravelServiceOrderRow) => {
    if (!row.start_date) return '';
    const start = formatWallTime(row.start_date, language);
    return row.end_date && row.end_date !== row.start_date
      ? `${start} – ${formatWallTime(row.end_date, language)}`
      : start;
  };

  const columns: DataColumn<TravelServiceOrderRow, Sort>[] = [
    {
      key: 'number',
      label: t('list.columns.number'),
      sortKey: 'number',
      render: (row) => (
        <>
          {row.number}
          {/* Spec §9: the order's messages the user has not read yet. */}
          {row.unread_messages > 0 && (
            <Chip
              size="small"
              color="primary"
              icon={<MailOutlineIcon />}
              label={row.unread_messages}
              aria-label={tc('messages.unreadInOrder', { count: row.unread_messages })}
              title={tc('messages.unreadInOrder', { count: row.unread_messages })}
              sx={{ ml: 1 }}
            />
          )}
        </>
      ),
    },
    {
      key: 'created_at',
      label: t('list.columns.createdAt'),
      sortKey: 'created_at',
      render: (row) => formatDateTime(row.created_at, language),
    },
    { key: 'user', label: t('list.columns.user'), render: (row) => row.user.fullName },
    {
      key: 'types',
      label: t('list.columns.types'),
      render: (row) => row.types.map((value) => t(`type.${value}`)).join(', '),
    },
    {
      key: 'start_date',
      label: t('list.columns.dates'),
      sortKey: 'start_date',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {period(row)}
        </Box>
      ),
    },
    { key: 'travellers', label: t('list.columns.travellers'), render: (row) => row.travellers.join(', ') },
    {
      key: 'status',
      label: t('list.columns.status'),
      sortKey: 'status',
      render: (row) => t(`orderStatus.${row.status}`),
    },
  ];

  return (
    <>
      <PageHeader
        title={tr('travelService.list')}
        description={t('list.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/travel-service/new">
            {t('list.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('travelService.list')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsExact={list.data?.total_is_exact}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        searchable={false}
        toolbar={
          <>
            <TextField
              size="small"
              label={t('list.filters.number')}
              value={number}
              onChange={(event) => setFilter('number', event.target.value)}
              slotProps={{ htmlInput: { maxLength: 50 } }}
              sx={{ width: 140 }}
            />
            <FilterSelect
              label={t('list.filters.status')}
              value={isStatus(status) ? status : ''}
              onChange={(value) => setFilter('status', value)}
              allLabel={t('list.filters.anyStatus')}
              options={TRAVEL_ORDER_STATUSES.map((value) => ({ value, label: t(`orderStatus.${value}`) }))}
              minWidth={180}
            />
            <FilterSelect
              label={t('list.filters.type')}
              value={isType(type) ? type : ''}
              onChange={(value) => setFilter('type', value)}
              allLabel={t('list.filters.anyType')}
              options={TRAVEL_ITEM_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
              minWidth={160}
            />
            <FilterSelect
              label={t('list.filters.traveller')}
              value={travellerId > 0 ? String(travellerId) : ''}
              onChange={(value) => setFilter('traveller_id', value)}
              allLabel={t('list.filters.anyTraveller')}
              options={(basic.data?.availableUsers ?? []).map((person) => ({
                value: String(person.id),
                label: `${person.name} ${person.surname}`,
              }))}
              minWidth={180}
            />
            <FilterDateField
              label={t('list.filters.dateFrom')}
              value={DAY.test(dateFrom) ? dateFrom : ''}
              onChange={(day) => setFilter('date_from', day)}
            />
            <FilterDateField
              label={t('list.filters.dateTo')}
              value={DAY.test(dateTo) ? dateTo : ''}
              onChange={(day) => setFilter('date_to', day)}
            />
          </>
        }
        actions={(row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
            {rowLinks(row).map((link) => (
              <Button
                key={link.action}
                size="small"
                component={RouterLink}
                to={link.to}
                aria-label={`${t(`list.actions.${link.action}`)}: ${row.number}`}
              >
                {t(`list.actions.${link.action}`)}
              </Button>
            ))}
          </Box>
        )}
      />
    </>
  );
}
