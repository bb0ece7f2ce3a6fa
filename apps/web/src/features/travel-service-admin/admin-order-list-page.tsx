import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { TravelServiceOrderRow } from '@delego/contract';
import { ADMIN_TYPE_SEGMENTS, TRAVEL_ITEM_TYPES, TRAVEL_ORDER_STATUSES, itemTypeOfAdminSegment, type TravelOrderStatus, formatDateTime, formatWallTime } from '@delego/domain';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { OrderStatusChip } from '../travel-service/offers/order-page-parts.tsx';
import { useAdminTravelList } from './api/travel-service-admin.ts';

const NS = 'travelServiceAdmin';
type Sort = 'created_at' | 'start_date' | 'status' | 'number';

const isStatus = (value: string | null): value is TravelOrderStatus => (TRAVEL_ORDER_STATUSES as readonly string[]).includes(value ?? '');

/**
 * `/admin/travel-service/all` and `/by-type/{type}`: every company's travel-service orders for the
 * provider's consultants, all of them or those holding a service of one type.
 */
export function AdminOrderListPage() {
  const { t, i18n } = useTranslation(NS);
  const segment = useParams().type;
  const type = segment === undefined ? null : itemTypeOfAdminSegment(segment);
  const { state, query, update } = useListState<Sort>({ sort: 'created_at', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const status = params.get('status');
  const list = useAdminTravelList({ ...query, ...(type ? { type } : {}), ...(isStatus(status) ? { status } : {}) });
  if (segment !== undefined && type === null) return <Navigate to="/admin/travel-service/all" replace />;
  const title = type ? t('list.byType', { type: t(`travelService:type.${type}`) }) : t('list.all');
  const columns: DataColumn<TravelServiceOrderRow, Sort>[] = [
    {
      key: 'number',
      label: t('columns.number'),
      sortKey: 'number',
      render: (row) => (
        <Link component={RouterLink} to={`/admin/travel-service/edit/${row.id}`}>
          {row.number}
        </Link>
      ),
    },
    { key: 'company', label: t('columns.company'), render: (row) => row.company_name },
    { key: 'traveller', label: t('columns.traveller'), render: (row) => row.user.fullName },
    { key: 'types', label: t('columns.services'), render: (row) => row.types.map((value) => t(`travelService:type.${value}`)).join(', ') },
    {
      key: 'start_date',
      label: t('columns.dates'),
      sortKey: 'start_date',
      render: (row) => (row.start_date ? `${formatWallTime(row.start_date, i18n.language)}${row.end_date && row.end_date !== row.start_date ? ` – ${formatWallTime(row.end_date, i18n.language)}` : ''}` : '—'),
    },
    { key: 'status', label: t('columns.status'), sortKey: 'status', render: (row) => <OrderStatusChip status={row.status} /> },
    { key: 'created_at', label: t('columns.createdAt'), sortKey: 'created_at', render: (row) => formatDateTime(row.created_at, i18n.language) },
  ];
  return (
    <>
      <PageHeader title={title} description={t('list.description')} />
      <Tabs value={type ?? 'all'} aria-label={t('list.tabs')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        <Tab value="all" label={t('list.allTab')} component={RouterLink} to="/admin/travel-service/all" />
        {TRAVEL_ITEM_TYPES.map((value) => (
          <Tab key={value} value={value} label={t(`travelService:type.${value}`)} component={RouterLink} to={`/admin/travel-service/by-type/${ADMIN_TYPE_SEGMENTS[value]}`} />
        ))}
      </Tabs>
      <DataTable
        label={title}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsExact={list.data?.total_is_exact}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('filters.status')}
            value={isStatus(status) ? status : ''}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('filters.anyStatus')}
            options={TRAVEL_ORDER_STATUSES.map((value) => ({ value, label: t(`travelService:orderStatus.${value}`) }))}
            minWidth={220}
          />
        }
        actions={(row) => (
          <Button size="small" component={RouterLink} to={`/admin/travel-service/edit/${row.id}`} aria-label={t('list.open', { number: row.number })}>
            {t('list.openShort')}
          </Button>
        )}
      />
    </>
  );
}
