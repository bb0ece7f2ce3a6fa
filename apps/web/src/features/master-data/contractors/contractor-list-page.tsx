import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { ContractorDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { translateIssueCode } from '../../../lib/server-messages.ts';
import { useContractors, useDeleteContractor, useSaveContractor } from '../api/contractors.ts';
import { countryName } from '../shared/country-field.tsx';
import { DeleteDialog } from '../shared/delete-dialog.tsx';
import { StatusChip } from '../shared/status-chip.tsx';
import { ActiveFilterField, useActiveFilter } from './active-filter.tsx';
import { ContractorDialog } from './contractor-dialog.tsx';

type Sort = 'name' | 'tax_id' | 'city' | 'country_code' | 'is_active';

/** `/settings/external-company`: the company's contractors; one with projects is disabled rather than deleted. */
export function ContractorListPage() {
  const { t, i18n } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const { state, query, update } = useListState<Sort>({ sort: 'name' });
  const [active, setActive] = useActiveFilter('all');
  const list = useContractors({ ...query, active });
  const remove = useDeleteContractor();
  const save = useSaveContractor();
  const [editing, setEditing] = useState<{ contractor: ContractorDto | null } | null>(null);
  const [deleting, setDeleting] = useState<ContractorDto | null>(null);

  const columns: DataColumn<ContractorDto, Sort>[] = [
    { key: 'name', label: t('contractors.fields.name'), sortKey: 'name', render: (row) => row.name },
    { key: 'tax_id', label: t('contractors.columns.taxId'), sortKey: 'tax_id', render: (row) => row.tax_id ?? '—' },
    { key: 'city', label: t('contractors.fields.city'), sortKey: 'city', render: (row) => [row.postal_code, row.city].filter(Boolean).join(' ') || '—' },
    { key: 'country_code', label: t('contractors.fields.country'), sortKey: 'country_code', render: (row) => countryName(row.country_code, i18n.language) },
    { key: 'contact', label: t('contractors.columns.contact'), render: (row) => [row.email, row.phone].filter(Boolean).join(', ') || '—', secondary: true },
    { key: 'projects', label: t('contractors.columns.projects'), align: 'right', render: (row) => row.project_count, secondary: true },
    { key: 'is_active', label: t('common.status'), sortKey: 'is_active', render: (row) => <StatusChip on={row.is_active} onLabel={t('common.active')} offLabel={t('common.inactive')} /> },
  ];

  const disable = async (contractor: ContractorDto) => {
    const { project_count: _count, ...fields } = contractor;
    await save.mutateAsync({ ...fields, is_active: false });
    enqueueSnackbar(t('contractors.disabled'));
  };

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.externalCompany')}
        description={t('contractors.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ contractor: null })}>
            {t('contractors.add')}
          </Button>
        }
      />
      <DataTable
        label={tr('settings.externalCompany')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={<ActiveFilterField value={active} onChange={setActive} />}
        actions={(row) => (
          <>
            <Tooltip title={t('common.editNamed', { name: row.name })}>
              <IconButton aria-label={t('common.editNamed', { name: row.name })} onClick={() => setEditing({ contractor: row })}>
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
      <ContractorDialog open={editing !== null} contractor={editing?.contractor ?? null} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title={t('contractors.deleteTitle')}
        question={t('contractors.deleteQuestion', { name: deleting?.name ?? '' })}
        refusal={deleting && deleting.project_count > 0 ? translateIssueCode('contractor.hasProjects', { count: deleting.project_count }) : null}
        onDelete={async () => {
          await remove.mutateAsync(deleting!.id);
          enqueueSnackbar(t('contractors.deleted'));
        }}
        alternative={deleting?.is_active ? { label: t('contractors.disableInstead'), run: () => disable(deleting) } : undefined}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
