import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { CostCentreBudgetDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { FilterSelect } from '../../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { useCostCentreBudgets, useCostCentreOptions, useDeleteCostCentreBudget } from '../api/cost-centres.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { formatPln } from '../shared/format.ts';
import { CostCentreBudgetDialog } from './cost-centre-budget-dialog.tsx';
import { CostCentreHeader } from './cost-centre-navigation.tsx';

type Sort = 'date_from' | 'ordinate' | 'amount';

/** `/settings/cost-centre/budget`: budgets of the cost centres per period; periods of one cost centre never overlap. */
export function CostCentreBudgetPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'date_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const costCentreId = Number(params.get('cost_centre_id')) || undefined;
  const list = useCostCentreBudgets({ ...query, cost_centre_id: costCentreId });
  const options = useCostCentreOptions();
  const remove = useDeleteCostCentreBudget();
  const [editing, setEditing] = useState<{ budget: CostCentreBudgetDto | null } | null>(null);
  const [deleting, setDeleting] = useState<CostCentreBudgetDto | null>(null);
  const centres = useMemo(() => options.data?.items ?? [], [options.data]);

  const columns: DataColumn<CostCentreBudgetDto, Sort>[] = [
    {
      key: 'ordinate',
      label: t('costCentres.budgets.costCentre'),
      sortKey: 'ordinate',
      render: (row) => (row.cost_centre_name ? `${row.cost_centre_ordinate} – ${row.cost_centre_name}` : row.cost_centre_ordinate),
    },
    { key: 'date_from', label: t('costCentres.budgets.dateFrom'), sortKey: 'date_from', render: (row) => row.date_from },
    { key: 'date_to', label: t('costCentres.budgets.dateTo'), render: (row) => row.date_to },
    { key: 'amount', label: t('costCentres.budgets.amount'), sortKey: 'amount', align: 'right', render: (row) => formatPln(row.amount, i18n.language) },
  ];
  const periodOf = (row: CostCentreBudgetDto) => `${row.cost_centre_ordinate}, ${row.date_from} – ${row.date_to}`;

  return (
    <>
      <CostCentreHeader
        title={tr('settings.costCentreBudget')}
        description={t('costCentres.budgets.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ budget: null })} disabled={centres.length === 0}>
            {t('costCentres.budgets.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.costCentreBudget')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('costCentres.budgets.filter')}
            value={costCentreId ? String(costCentreId) : ''}
            onChange={(value) => setFilter('cost_centre_id', value)}
            allLabel={t('costCentres.budgets.allCostCentres')}
            options={centres.map((centre) => ({ value: String(centre.id), label: centre.ordinate }))}
            minWidth={240}
          />
        }
        actions={(row) => (
          <>
            <Tooltip title={t('common.editNamed', { name: periodOf(row) })}>
              <IconButton aria-label={t('common.editNamed', { name: periodOf(row) })} onClick={() => setEditing({ budget: row })}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.deleteNamed', { name: periodOf(row) })}>
              <IconButton aria-label={t('common.deleteNamed', { name: periodOf(row) })} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <CostCentreBudgetDialog open={editing !== null} budget={editing?.budget ?? null} costCentres={centres} defaultCostCentreId={costCentreId} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('costCentres.budgets.deleteTitle')}
        question={t('costCentres.budgets.deleteQuestion', { period: deleting ? periodOf(deleting) : '' })}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('costCentres.budgets.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
