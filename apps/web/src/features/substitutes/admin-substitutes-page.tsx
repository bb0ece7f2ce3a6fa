import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { SUBSTITUTE_STATUS_FILTERS, type SUBSTITUTE_SORT_COLUMNS, type Substitute } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';
import { companyUserSource, useAdminSubstitutes, useDeleteAdminSubstitute, useSaveAdminSubstitute } from './api.ts';
import { SubstituteDialog } from './substitute-dialog.tsx';
import { STATE_COLOURS, personName, usePeriodText } from './substitute-table.tsx';

type SubstituteSort = (typeof SUBSTITUTE_SORT_COLUMNS)[number];
type SubstituteStatus = (typeof SUBSTITUTE_STATUS_FILTERS)[number];
const STATUS_CHOICES = SUBSTITUTE_STATUS_FILTERS.filter((status) => status !== 'all');

/** `/settings/user-substitute`: the administrator names substitutes for anyone of the company. */
export function AdminSubstitutesPage() {
  const { t } = useTranslation('substitutes');
  const periodText = usePeriodText();
  const { state, query, update } = useListState<SubstituteSort>({ sort: 'date_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const status = (STATUS_CHOICES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as SubstituteStatus) : 'all';
  const list = useAdminSubstitutes({ ...query, status });
  const save = useSaveAdminSubstitute();
  const remove = useDeleteAdminSubstitute();
  const [editing, setEditing] = useState<Substitute | 'new' | null>(null);
  const deletion = useDeleteConfirmation<Substitute, { id: number }>(remove, { variables: (row) => ({ id: row.id }), deletedMessage: t('deleted') });

  const columns = useMemo<DataColumn<Substitute, SubstituteSort>[]>(
    () => [
      { key: 'absent_user', label: t('fields.absentUser'), sortKey: 'absent_user', render: (row) => personName(row.absent_user) },
      { key: 'substitute_user', label: t('fields.substituteUser'), sortKey: 'substitute_user', render: (row) => personName(row.substitute_user) },
      { key: 'date_from', label: t('fields.dateFrom'), sortKey: 'date_from', render: (row) => periodText(row.date_from) },
      { key: 'date_to', label: t('fields.dateTo'), sortKey: 'date_to', render: (row) => periodText(row.date_to) },
      { key: 'state', label: t('fields.state'), render: (row) => <Chip size="small" color={STATE_COLOURS[row.state]} label={t(`state.${row.state}`)} /> },
      { key: 'comment', label: t('fields.comment'), render: (row) => row.comment },
    ],
    [t, periodText],
  );

  return (
    <>
      <PageHeader
        title={t('admin.title')}
        description={t('admin.intro')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('admin.add')}
          </Button>
        }
      />
      <SettingsNavigation />
      <DataTable
        label={t('admin.title')}
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
            label={t('fields.state')}
            value={status === 'all' ? '' : status}
            onChange={(value) => setFilter('status', value)}
            allLabel={t('state.all')}
            options={STATUS_CHOICES.map((value) => ({ value, label: t(`state.${value}`) }))}
            minWidth={180}
          />
        }
        actions={(row) => (
          <>
            <Tooltip title={t('editPair', { absent: personName(row.absent_user), name: personName(row.substitute_user) })}>
              <IconButton size="small" onClick={() => setEditing(row)} aria-label={t('editPair', { absent: personName(row.absent_user), name: personName(row.substitute_user) })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('deletePair', { absent: personName(row.absent_user), name: personName(row.substitute_user) })}>
              <IconButton size="small" onClick={() => deletion.ask(row)} aria-label={t('deletePair', { absent: personName(row.absent_user), name: personName(row.substitute_user) })}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {editing !== null && (
        <SubstituteDialog
          substitute={editing === 'new' ? null : editing}
          absentUserId={null}
          source={companyUserSource}
          isPending={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(body, onError) =>
            save.mutate(body, {
              onSuccess: () => {
                setEditing(null);
                enqueueSnackbar(t('saved'));
              },
              onError,
            })
          }
        />
      )}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('deleteTitle')}
        message={t('deleteBody', { name: deletion.target ? personName(deletion.target.substitute_user) : '' })}
        confirmLabel={t('deleteConfirm')}
        destructive
      />
    </>
  );
}
