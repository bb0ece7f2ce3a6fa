import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { OWN_TRANSFER_DIRECTIONS, type PermissionTransfer } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { TransferDialog, TransferTable, personName, useTransferStatus, type TransferSort } from '../../components/permission-transfers.tsx';
import { useDeleteOwnTransfer, useOwnTransferOptions, useOwnTransfers, useSaveOwnTransfer } from './api.ts';

type Direction = (typeof OWN_TRANSFER_DIRECTIONS)[number];

/**
 * `/substitutes/deputyAuth`: a user hands one of their own permissions or roles over to a colleague for a time
 * (spec §2, §3 Transferred permission), and sees what colleagues or the administrator handed over to them.
 */
export function OwnDeputyAuthPage() {
  const { t } = useTranslation('substitutes');
  const { t: tr } = useTranslation('adminRoles');
  const { state, query, update } = useListState<TransferSort>({ sort: 'date_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const [status, changeStatus] = useTransferStatus();
  const direction = (OWN_TRANSFER_DIRECTIONS as readonly string[]).includes(params.get('direction') ?? '') ? (params.get('direction') as Direction) : 'given';
  const list = useOwnTransfers({ ...query, status, direction });
  const options = useOwnTransferOptions();
  const save = useSaveOwnTransfer();
  const remove = useDeleteOwnTransfer();
  const [editing, setEditing] = useState<PermissionTransfer | 'new' | null>(null);
  const deletion = useDeleteConfirmation<PermissionTransfer, { id: number }>(remove, { variables: (row) => ({ id: row.id }), deletedMessage: tr('deputyAuth.deleted') });
  const nothingToGive = options.data !== undefined && options.data.permissions.length === 0 && options.data.roles.length === 0;

  return (
    <>
      <PageHeader
        title={t('deputyAuth.title')}
        description={t('deputyAuth.intro')}
        actions={
          <>
            <Button component={RouterLink} to="/substitutes" variant="outlined">
              {t('deputyAuth.backToSubstitutes')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!options.data || nothingToGive}>
              {tr('deputyAuth.add')}
            </Button>
          </>
        }
      />
      {nothingToGive && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('deputyAuth.nothingToGive')}
        </Alert>
      )}
      {options.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('deputyAuth.loadError')}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <Tabs aria-label={t('deputyAuth.directionLabel')} value={direction} onChange={(_event, next: Direction) => setFilter('direction', next === 'given' ? '' : next)} variant="scrollable" scrollButtons="auto">
          {OWN_TRANSFER_DIRECTIONS.map((value) => (
            <Tab key={value} value={value} label={t(`deputyAuth.${value}`)} />
          ))}
        </Tabs>
      </Box>
      <TransferTable
        label={t(`deputyAuth.${direction}`)}
        view={direction}
        page={list}
        state={state}
        onChange={update}
        status={status}
        onStatusChange={changeStatus}
        {...(direction === 'given' ? { onEdit: setEditing, onDelete: deletion.ask } : {})}
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
            enqueueSnackbar(tr('deputyAuth.saved'));
          }}
        />
      )}
      <ConfirmDialog
        {...deletion.dialogProps}
        title={tr('deputyAuth.deleteTitle')}
        message={tr('deputyAuth.deleteBody', { name: deletion.target ? personName(deletion.target.to_user) : '' })}
        confirmLabel={tr('deputyAuth.deleteConfirm')}
        destructive
      />
    </>
  );
}
