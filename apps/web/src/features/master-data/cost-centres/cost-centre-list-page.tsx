import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { CostCentreDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useCostCentres, useDeleteCostCentre } from '../api/cost-centres.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';
import { CostCentreDialog } from './cost-centre-dialog.tsx';
import { CostCentreHeader } from './cost-centre-navigation.tsx';

type Sort = 'ordinate' | 'name' | 'enabled_for_new';

/** `/settings/cost-centre`: the company's cost centres (spec §3), created, edited and deleted while unused. */
export function CostCentreListPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'ordinate' });
  const list = useCostCentres(query);
  const remove = useDeleteCostCentre();
  const [editing, setEditing] = useState<{ centre: CostCentreDto | null } | null>(null);
  const [deleting, setDeleting] = useState<CostCentreDto | null>(null);

  const columns: DataColumn<CostCentreDto, Sort>[] = [
    { key: 'ordinate', label: t('costCentres.fields.ordinate'), sortKey: 'ordinate', render: (row) => row.ordinate },
    { key: 'name', label: t('costCentres.fields.name'), sortKey: 'name', render: (row) => row.name || '—' },
    {
      key: 'enabled_for_new',
      label: t('costCentres.columns.enabledForNew'),
      sortKey: 'enabled_for_new',
      render: (row) => <StatusChip on={row.enabled_for_new} onLabel={t('common.enabled')} offLabel={t('common.disabled')} />,
    },
    { key: 'users', label: t('costCentres.columns.users'), align: 'right', render: (row) => row.user_count },
    { key: 'budgets', label: t('costCentres.columns.budgets'), align: 'right', render: (row) => row.budget_count },
  ];

  // The same refusal the server gives, known from the list before asking.
  const inUseReason = (row: CostCentreDto) =>
    row.user_count > 0
      ? translateIssueCode('costCentre.hasUsers', { count: row.user_count })
      : row.budget_count > 0
        ? translateIssueCode('costCentre.hasBudgets', { count: row.budget_count })
        : null;

  return (
    <>
      <CostCentreHeader
        title={tr('settings.costCentre')}
        description={t('costCentres.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ centre: null })}>
            {t('costCentres.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.costCentre')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        actions={(row) => (
          <>
            <Tooltip title={t('common.editNamed', { name: row.ordinate })}>
              <IconButton aria-label={t('common.editNamed', { name: row.ordinate })} onClick={() => setEditing({ centre: row })}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={inUseReason(row) ?? t('common.deleteNamed', { name: row.ordinate })}>
              <IconButton aria-label={t('common.deleteNamed', { name: row.ordinate })} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <CostCentreDialog open={editing !== null} centre={editing?.centre ?? null} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('costCentres.deleteTitle')}
        question={t('costCentres.deleteQuestion', { name: deleting?.ordinate ?? '' })}
        refusal={deleting ? inUseReason(deleting) : null}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('costCentres.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
