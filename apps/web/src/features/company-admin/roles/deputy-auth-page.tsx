import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DEPUTY_AUTH_STATUS_FILTERS, type PermissionTransfer } from '@delego/contract';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useDeleteTransfer, useRoleOptions, useSaveTransfer, useTransferList } from '../api/roles.ts';
import { RoleAreaNav } from './role-area-nav.tsx';
import { TransferDialog, personName, useTransferColumns, type TransferSort } from './transfers.tsx';

type TransferStatus = (typeof DEPUTY_AUTH_STATUS_FILTERS)[number];

/** `/settings/role/deputy-auth`: permissions and roles handed over for a time (spec §3 Transferred permission). */
export function DeputyAuthPage() {
  const { t } = useTranslation('adminRoles');
  const { enqueueSnackbar } = useSnackbar();
  const refreshSessionUser = useRefreshSessionUser();
  const { state, query, update } = useListState<TransferSort>({ sort: 'date_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const status = (DEPUTY_AUTH_STATUS_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TransferStatus) : 'all';
  const list = useTransferList({ ...query, status });
  const options = useRoleOptions();
  const save = useSaveTransfer();
  const remove = useDeleteTransfer();
  const [editing, setEditing] = useState<PermissionTransfer | 'new' | null>(null);
  const deletion = useDeleteConfirmation<PermissionTransfer, { id: number }>(remove, {
    variables: (transfer) => ({ id: transfer.id }),
    deletedMessage: t('deputyAuth.deleted'),
    onDeleted: () => void refreshSessionUser(),
  });

  const changeStatus = useCallback((next: TransferStatus) => setFilter('status', next === 'all' ? '' : next), [setFilter]);

  const columns = useTransferColumns('company');

  return (
    <>
      <PageHeader
        title={t('deputyAuth.title')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!options.data}>
            {t('deputyAuth.add')}
          </Button>
        }
      />
      <SettingsNavigation />
      <RoleAreaNav />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('deputyAuth.intro')}
      </Typography>
      <DataTable
        label={t('deputyAuth.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <TextField select size="small" label={t('deputyAuth.statusFilter')} value={status} onChange={(event) => changeStatus(event.target.value as TransferStatus)} sx={{ minWidth: 180 }}>
            {DEPUTY_AUTH_STATUS_FILTERS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`deputyAuth.status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={(row) => (
          <>
            <Tooltip title={t('deputyAuth.edit', { name: personName(row.to_user) })}>
              <IconButton size="small" onClick={() => setEditing(row)} disabled={!options.data} aria-label={t('deputyAuth.edit', { name: personName(row.to_user) })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('deputyAuth.delete', { name: personName(row.to_user) })}>
              <IconButton size="small" onClick={() => deletion.ask(row)} aria-label={t('deputyAuth.delete', { name: personName(row.to_user) })}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {editing !== null && options.data && (
        <TransferDialog
          transfer={editing === 'new' ? null : editing}
          options={options.data}
          save={save}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            enqueueSnackbar(t('deputyAuth.saved'));
            void refreshSessionUser();
          }}
        />
      )}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('deputyAuth.deleteTitle')}
        message={t('deputyAuth.deleteBody', { name: deletion.target ? personName(deletion.target.to_user) : '' })}
        confirmLabel={t('deputyAuth.deleteConfirm')}
        destructive
      />
    </>
  );
}

