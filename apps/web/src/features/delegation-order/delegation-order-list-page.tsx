import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import EditIcon from '@mui/icons-material/Edit';
import GavelIcon from '@mui/icons-material/Gavel';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus, formatMoneyText, formatWallTime } from '@delego/domain';
import type { DelegationOrderListItem } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FilterDateField } from '../../components/inputs/filter-date-field.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAvailableUsers, useDelegationOrders, useOrderAction } from './api/use-delegation-orders.ts';
import { OrderStatusChip } from './order-labels.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';

type Sort = 'start_date' | 'number' | 'status' | 'employee' | 'created_at';
type Filter = 'status' | 'date_from' | 'date_to' | 'user_id' | 'number' | 'waiting_for_me';

const isStatus = (value: string | null): value is OrderStatus => (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** `/delegation-order`: trip orders with filters, paging, and row actions including a confirmed quick accept. */
export function DelegationOrderListPage() {
  const { t, i18n } = useTranslation('delegation-order');
  const { state, query, update } = useListState<Sort>({ sort: 'start_date', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const filter = (name: Filter) => params.get(name) ?? '';
  const status = filter('status');
  const userId = Number(filter('user_id'));
  const list = useDelegationOrders({
    ...query,
    ...(isStatus(status) ? { status } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filter('date_from')) ? { date_from: filter('date_from') } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filter('date_to')) ? { date_to: filter('date_to') } : {}),
    ...(userId > 0 ? { user_id: userId } : {}),
    ...(filter('number') ? { number: filter('number') } : {}),
    ...(filter('waiting_for_me') === 'true' ? { waiting_for_me: 'true' as const } : {}),
  });
  const workers = useAvailableUsers();
  const accept = useOrderAction();
  const [toAccept, setToAccept] = useState<DelegationOrderListItem | null>(null);

  const setFilter = (name: Filter, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: DataColumn<DelegationOrderListItem, Sort>[] = [
    { key: 'number', label: t('columns.number'), sortKey: 'number', render: (row) => row.number ?? '—' },
    { key: 'employee', label: t('columns.employee'), sortKey: 'employee', render: (row) => row.employee.fullName },
    {
      key: 'start_date',
      label: t('columns.dates'),
      sortKey: 'start_date',
      render: (row) => (
        <>
          {formatWallTime(row.start_date, i18n.language)}
          <Typography variant="caption" component="div" color="text.secondary">
            {formatWallTime(row.end_date, i18n.language)}
          </Typography>
        </>
      ),
    },
    { key: 'destination', secondary: true, label: t('columns.destination'), render: (row) => row.destination },
    { key: 'task', secondary: true, label: t('columns.purpose'), render: (row) => row.task_name ?? '—' },
    { key: 'cost', label: t('columns.estimate'), align: 'right', render: (row) => (row.estimated_total_cost === null ? '—' : formatMoneyText(row.estimated_total_cost, 'PLN', i18n.language)) },
    {
      key: 'status',
      label: t('columns.status'),
      sortKey: 'status',
      render: (row) => (
        <>
          <OrderStatusChip status={row.status} waitingForBudget={row.waiting_for_budget} />
          {row.waiting_for_me && (
            <Typography variant="caption" component="div" color="info.main">
              {t('list.waitingForMe')}
            </Typography>
          )}
        </>
      ),
    },
  ];

  const confirmAccept = () => {
    if (!toAccept) return;
    accept.mutate(
      { id: toAccept.id, action: 'accept', version: toAccept.version },
      { onSuccess: () => enqueueSnackbar(t('done.accept')), onSettled: () => setToAccept(null) },
    );
  };

  const describe = (row: DelegationOrderListItem) => row.number ?? `${row.employee.fullName}, ${formatWallTime(row.start_date, i18n.language)}`;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/new-trip">
            {t('list.add')}
          </Button>
        }
      />
      <DataTable
        label={t('list.title')}
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
          <>
            <FilterSelect
              label={t('filters.status')}
              value={isStatus(status) ? status : ''}
              onChange={(value) => setFilter('status', value)}
              allLabel={t('filters.allStatuses')}
              options={ORDER_STATUSES.filter((value) => value !== 'deleted').map((value) => ({ value, label: t(`status.${value}`) }))}
              minWidth={180}
            />
            <FilterDateField label={t('filters.dateFrom')} value={filter('date_from')} onChange={(day) => setFilter('date_from', day)} />
            <FilterDateField label={t('filters.dateTo')} value={filter('date_to')} onChange={(day) => setFilter('date_to', day)} />
            {(workers.data?.length ?? 0) > 1 && (
              <FilterSelect
                label={t('filters.worker')}
                value={userId > 0 ? String(userId) : ''}
                onChange={(value) => setFilter('user_id', value)}
                allLabel={t('filters.allWorkers')}
                options={(workers.data ?? []).map((person) => ({ value: String(person.id), label: person.fullName }))}
                minWidth={200}
              />
            )}
            <TextField size="small" label={t('filters.number')} value={filter('number')} onChange={(event) => setFilter('number', event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <FilterSelect
              label={t('filters.waiting')}
              value={filter('waiting_for_me')}
              onChange={(value) => setFilter('waiting_for_me', value)}
              allLabel={t('filters.everything')}
              options={[{ value: 'true', label: t('filters.waitingForMe') }]}
              minWidth={180}
            />
          </>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('list.view', { name: describe(row) })}>
              <IconButton aria-label={t('list.view', { name: describe(row) })} component={RouterLink} to={`/delegation-order/readonly/${row.id}`}>
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
            {row.allowedActions.includes('edit') && (
              <Tooltip title={t('list.edit', { name: describe(row) })}>
                <IconButton aria-label={t('list.edit', { name: describe(row) })} component={RouterLink} to={`/delegation-order/edit/${row.id}`}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            {row.allowedActions.includes('accept') && (
              <>
                <Tooltip title={t('list.decide', { name: describe(row) })}>
                  <IconButton aria-label={t('list.decide', { name: describe(row) })} component={RouterLink} to={`/delegation-order/decision/${row.id}`}>
                    <GavelIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('list.quickAccept', { name: describe(row) })}>
                  <IconButton aria-label={t('list.quickAccept', { name: describe(row) })} color="success" onClick={() => setToAccept(row)}>
                    <CheckIcon />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </>
        )}
      />
      <ConfirmDialog
        open={toAccept !== null}
        title={t('confirm.accept.title')}
        message={t('list.quickAcceptMessage', { name: toAccept ? describe(toAccept) : '' })}
        confirmLabel={t('actions.accept')}
        isPending={accept.isPending}
        onConfirm={confirmAccept}
        onClose={() => setToAccept(null)}
      />
    </>
  );
}
