import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { DelegationTaskDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useDeleteDelegationTask, useSaveDelegationTask, useDelegationTasks } from '../api/delegation-tasks.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';
import { DelegationTaskDialog } from './delegation-task-dialog.tsx';

type Sort = 'name_pl' | 'name_en' | 'comment_requirement' | 'enabled_for_new';

/** `/settings/delegation-task`: the trip reasons ("tasks") employees choose on orders and settlements. */
export function DelegationTaskListPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'name_pl' });
  const list = useDelegationTasks(query);
  const remove = useDeleteDelegationTask();
  const save = useSaveDelegationTask();
  const [editing, setEditing] = useState<{ task: DelegationTaskDto | null } | null>(null);
  const [deleting, setDeleting] = useState<DelegationTaskDto | null>(null);

  const columns: DataColumn<DelegationTaskDto, Sort>[] = [
    { key: 'name_pl', label: t('tasks.fields.namePl'), sortKey: 'name_pl', render: (row) => row.name_pl },
    { key: 'name_en', label: t('tasks.fields.nameEn'), sortKey: 'name_en', render: (row) => row.name_en },
    { key: 'comment', label: t('tasks.columns.comment'), sortKey: 'comment_requirement', render: (row) => t(`tasks.commentRequirement.${row.comment_requirement}`) },
    {
      key: 'enabled_for_new',
      label: t('tasks.columns.enabledForNew'),
      sortKey: 'enabled_for_new',
      render: (row) => <StatusChip on={row.enabled_for_new} onLabel={t('common.enabled')} offLabel={t('common.disabled')} />,
    },
  ];

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.delegationTask')}
        description={t('tasks.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ task: null })}>
            {t('tasks.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.delegationTask')}
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
            <Tooltip title={t('common.editNamed', { name: row.name_pl })}>
              <IconButton aria-label={t('common.editNamed', { name: row.name_pl })} onClick={() => setEditing({ task: row })}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.deleteNamed', { name: row.name_pl })}>
              <IconButton aria-label={t('common.deleteNamed', { name: row.name_pl })} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <DelegationTaskDialog open={editing !== null} task={editing?.task ?? null} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('tasks.deleteTitle')}
        question={t('tasks.deleteQuestion', { name: deleting?.name_pl ?? '' })}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('tasks.deleted'));
        }}
        alternative={
          deleting?.enabled_for_new
            ? {
                label: t('tasks.disableInstead'),
                run: async () => {
                  const { id, name_pl, name_en, comment_requirement } = deleting;
                  await save.mutateAsync({ id, name_pl, name_en, comment_requirement, enabled_for_new: false });
                  enqueueSnackbar(t('tasks.disabled'));
                },
              }
            : undefined
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
