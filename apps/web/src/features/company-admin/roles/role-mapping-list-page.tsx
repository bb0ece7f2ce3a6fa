import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { RoleMapping } from '@delego/contract';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useDeleteRoleMapping, useRoleMappingList } from '../api/roles.ts';
import { RoleAreaNav } from './role-area-nav.tsx';

type MappingSort = 'external_name' | 'role_name';
const editPath = (name: string) => `/settings/role/mapping/edit/${encodeURIComponent(name)}`;

/** `/settings/role/mapping`: external-system role names and the roles they give. */
export function RoleMappingListPage() {
  const { t } = useTranslation('adminRoles');
  const { t: tcommon } = useTranslation('common');
  const { state, query, update } = useListState<MappingSort>({ sort: 'external_name' });
  const list = useRoleMappingList(query);
  const remove = useDeleteRoleMapping();
  const deletion = useDeleteConfirmation<RoleMapping, { external_name: string }>(remove, {
    variables: (mapping) => ({ external_name: mapping.external_name }),
    deletedMessage: t('mapping.deleted'),
  });

  const columns = useMemo<DataColumn<RoleMapping, MappingSort>[]>(
    () => [
      {
        key: 'external_name',
        label: t('mapping.columns.externalName'),
        sortKey: 'external_name',
        render: (mapping) => (
          <RouterLink to={editPath(mapping.external_name)} style={{ color: 'inherit' }}>
            {mapping.external_name}
          </RouterLink>
        ),
      },
      { key: 'role_name', label: t('mapping.columns.role'), sortKey: 'role_name', render: (mapping) => mapping.role_name },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('mapping.title')}
        actions={
          <Button component={RouterLink} to="/settings/role/mapping/new" variant="contained" startIcon={<AddIcon />}>
            {t('mapping.add')}
          </Button>
        }
      />
      <SettingsNavigation />
      <RoleAreaNav />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('mapping.intro')}
      </Typography>
      <DataTable
        label={t('mapping.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(mapping) => mapping.external_name}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        actions={(mapping) => (
          <>
            <Tooltip title={t('mapping.edit', { name: mapping.external_name })}>
              <IconButton component={RouterLink} to={editPath(mapping.external_name)} aria-label={t('mapping.edit', { name: mapping.external_name })} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('mapping.delete', { name: mapping.external_name })}>
              <IconButton onClick={() => deletion.ask(mapping)} aria-label={t('mapping.delete', { name: mapping.external_name })} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('mapping.deleteTitle')}
        message={t('mapping.deleteBody', { name: deletion.target?.external_name ?? '' })}
        confirmLabel={tcommon('actions.delete')}
        destructive
      />
    </>
  );
}
