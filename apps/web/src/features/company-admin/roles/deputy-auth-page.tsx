import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { type PermissionTransfer } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../../components/feedback/use-delete-confirmation.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useDeleteTransfer, useRoleOptions, useSaveTransfer, useTransferList } from '../api/roles.ts';
import { RoleAreaNav } from './role-area-nav.tsx';
import { TransferDialog, TransferTable, personName, useTransferStatus, type TransferSort } from '../../../components/permission-transfers.tsx';

/** `/settings/role/deputy-auth`: permissions and roles handed over for a time (spec §3 Transferred permission). */
export function DeputyAuthPage() {
  const { t } = useTranslation('adminRoles');
  const refreshSessionUser = useRefreshSessionUser();
  const { state, query, update } = useListState<TransferSort>({ sort: 'date_from', order: 'desc' });
  const [status, changeStatus] = useTransferStatus();
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
      <TransferTable
        label={t('deputyAuth.title')}
        view="company"
        page={list}
        state={state}
        onChange={update}
        status={status}
        onStatusChange={changeStatus}
        onEdit={setEditing}
        onDelete={deletion.ask}
        editDisabled={!options.data}
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

