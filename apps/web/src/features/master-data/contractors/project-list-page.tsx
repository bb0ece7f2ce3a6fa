import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { ProjectDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { FilterSelect } from '../../../components/data-table/filter-select.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useContractorOptions, useDeleteProject, useProjects, useSaveProject } from '../api/contractors.ts';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';
import { ActiveFilterField, useActiveFilter } from './active-filter.tsx';
import { ProjectDialog } from './project-dialog.tsx';

type Sort = 'name' | 'contractor_name' | 'order_number' | 'is_active';

/** `/settings/project`: projects run for contractors, with the number of settlements assigned to each. */
export function ProjectListPage() {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'name' });
  const [active, setActive] = useActiveFilter('all');
  const { params, setFilter } = useListFilters();
  const contractorId = Number(params.get('contractor_id')) || undefined;
  const list = useProjects({ ...query, active, contractor_id: contractorId });
  const contractors = useContractorOptions();
  const remove = useDeleteProject();
  const save = useSaveProject();
  const [editing, setEditing] = useState<{ project: ProjectDto | null } | null>(null);
  const [deleting, setDeleting] = useState<ProjectDto | null>(null);

  const columns: DataColumn<ProjectDto, Sort>[] = [
    { key: 'name', label: t('projects.fields.name'), sortKey: 'name', render: (row) => row.name },
    { key: 'contractor_name', label: t('projects.fields.contractor'), sortKey: 'contractor_name', render: (row) => row.contractor_name ?? t('projects.internal') },
    { key: 'order_number', label: t('projects.fields.orderNumber'), sortKey: 'order_number', render: (row) => row.order_number ?? '—' },
    { key: 'delegations', label: t('projects.columns.delegations'), align: 'right', render: (row) => row.delegation_count },
    { key: 'is_active', label: t('common.status'), sortKey: 'is_active', render: (row) => <StatusChip on={row.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} /> },
  ];

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.project')}
        description={t('projects.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ project: null })}>
            {t('projects.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.project')}
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
              label={t('projects.fields.contractor')}
              value={contractorId ? String(contractorId) : ''}
              onChange={(value) => setFilter('contractor_id', value)}
              allLabel={t('projects.allContractors')}
              options={(contractors.data?.items ?? []).map((contractor) => ({ value: String(contractor.id), label: contractor.name }))}
              minWidth={220}
            />
            <ActiveFilterField value={active} onChange={setActive} />
          </>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('common.editNamed', { name: row.name })}>
              <IconButton aria-label={t('common.editNamed', { name: row.name })} onClick={() => setEditing({ project: row })}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('common.deleteNamed', { name: row.name })}>
              <IconButton aria-label={t('common.deleteNamed', { name: row.name })} onClick={() => setDeleting(row)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ProjectDialog open={editing !== null} project={editing?.project ?? null} contractorId={contractorId} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('projects.deleteTitle')}
        question={t('projects.deleteQuestion', { name: deleting?.name ?? '' })}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('projects.deleted'));
        }}
        alternative={
          deleting?.is_active
            ? {
                label: t('projects.disableInstead'),
                run: async () => {
                  await save.mutateAsync({ id: deleting.id, contractor_id: deleting.contractor_id, name: deleting.name, order_number: deleting.order_number, is_active: false });
                  enqueueSnackbar(t('projects.disabled'));
                },
              }
            : undefined
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
