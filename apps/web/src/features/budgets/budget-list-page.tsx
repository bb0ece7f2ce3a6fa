import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BudgetViewDto } from '@delego/contract';
import { formatMoneyText, formatWallTime } from '@delego/domain';
import { BudgetBar } from '../../components/budget/budget-bar.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useBudgets, useDeleteBudget } from './api/budgets.ts';

type Sort = 'ordinate' | 'date_from' | 'amount';

/** "MPK-100 · Wdrożenie, 01.04.2026 – 30.04.2026": how a budget is named in labels and questions. */
export function budgetName(budget: BudgetViewDto | { cost_centre_ordinate: string; project_name: string | null; date_from: string; date_to: string }, language: string): string {
  const owner = budget.project_name ? `${budget.cost_centre_ordinate} · ${budget.project_name}` : budget.cost_centre_ordinate;
  return `${owner}, ${formatWallTime(budget.date_from, language)} – ${formatWallTime(budget.date_to, language)}`;
}

/** Spec §2 `/booking/report/budget`: every budget with a bar of what is spent and committed (issue 11 §3). */
export function BudgetListPage() {
  const { t, i18n } = useTranslation('budgets');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const language = i18n.language;
  const { state, query, update } = useListState<Sort>({ sort: 'ordinate' });
  const list = useBudgets(query);
  const remove = useDeleteBudget();
  const deletion = useDeleteConfirmation<BudgetViewDto, number>(remove, { variables: (row) => row.id, deletedMessage: t('list.deleted') });

  const columns: DataColumn<BudgetViewDto, Sort>[] = [
    {
      key: 'ordinate',
      label: t('list.costCentre'),
      sortKey: 'ordinate',
      render: (row) => (row.cost_centre_name ? `${row.cost_centre_ordinate} – ${row.cost_centre_name}` : row.cost_centre_ordinate),
    },
    { key: 'project', label: t('list.project'), render: (row) => row.project_name ?? t('list.allProjects') },
    { key: 'date_from', label: t('list.period'), sortKey: 'date_from', render: (row) => `${formatWallTime(row.date_from, language)} – ${formatWallTime(row.date_to, language)}` },
    { key: 'amount', label: t('list.amount'), sortKey: 'amount', align: 'right', render: (row) => formatMoneyText(row.amount, 'PLN', language) },
    { key: 'use', label: t('list.use'), render: (row) => <BudgetBar figures={row.figures} label={budgetName(row, language)} /> },
  ];

  return (
    <>
      <PageHeader
        title={tr('booking.reports.budget')}
        description={t('list.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/booking/report/budget/new">
            {t('list.add')}
          </Button>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('list.legend')}
      </Typography>
      <DataTable
        label={tr('booking.reports.budget')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        searchable
        actions={(row) => (
          <>
            <Tooltip title={t('list.edit', { name: budgetName(row, language) })}>
              <IconButton aria-label={t('list.edit', { name: budgetName(row, language) })} component={RouterLink} to={`/booking/report/budget/edit/${row.id}`}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('list.delete', { name: budgetName(row, language) })}>
              <IconButton aria-label={t('list.delete', { name: budgetName(row, language) })} onClick={() => deletion.ask(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        destructive
        title={t('list.deleteTitle')}
        message={t('list.deleteQuestion', { name: deletion.target ? budgetName(deletion.target, language) : '' })}
        confirmLabel={tc('actions.delete')}
      />
    </>
  );
}
