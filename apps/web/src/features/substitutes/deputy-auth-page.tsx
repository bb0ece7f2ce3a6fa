import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEPUTY_AUTH_STATUS_FILTERS, OWN_TRANSFER_DIRECTIONS, type PermissionTransfer } from '@delego/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteConfirmation } from '../../components/feedback/use-delete-confirmation.ts';
import { TransferDialog, personName, useTransferColumns, type TransferSort } from '../company-admin/roles/transfers.tsx';
import { useDeleteOwnTransfer, useOwnTransferOptions, useOwnTransfers, useSaveOwnTransfer } from './api.ts';

type TransferStatus = (typeof DEPUTY_AUTH_STATUS_FILTERS)[number];
type Direction = (typeof OWN_TRANSFER_DIRECTIONS)[number];

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => ((values as readonly string[]).includes(value ?? '') ? (value as T) : fallback);

/**
 * `/substitutes/deputyAuth`: a user hands one of their own permissions or roles over to a colleague for a time
 * (spec §2, §3 Transferred permission), and sees what colleagues or the administrator handed over to them.
 */
export function OwnDeputyAuthPage() {
  const { t } = useTranslation('substitutes');
  const { t: tr } = useTranslation('adminRoles');
  const { enqueueSnackbar } = useSnackbar();
  const { state, query, update } = useListState<TransferSort>({ sort: 'date_from', order: 'desc' });
  const { params, setFilter } = useListFilters();
  const status = pick(DEPUTY_AUTH_STATUS_FILTERS, params.get('status'), 'all');
  const direction = pick(OWN_TRANSFER_DIRECTIONS, params.get('direction'), 'given');
  const list = useOwnTransfers({ ...query, status, direction });
  const options = useOwnTransferOptions();
  const save = useSaveOwnTransfer();
  const remove = useDeleteOwnTransfer();
  const [editing, setEditing] = useState<PermissionTransfer | 'new' | null>(null);
  const deletion = useDeleteConfirmation<PermissionTransfer, { id: number }>(remove, { variables: (row) => ({ id: row.id }), deletedMessage: tr('deputyAuth.deleted') });
  const columns = useTransferColumns(direction);
  const changeStatus = useCallback((next: TransferStatus) => setFilter('status', next === 'all' ? '' : next), [setFilter]);
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
      <DataTable
        label={t(`deputyAuth.${direction}`)}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <TextField select size="small" label={tr('deputyAuth.statusFilter')} value={status} onChange={(event) => changeStatus(event.target.value as TransferStatus)} sx={{ minWidth: 180 }}>
            {DEPUTY_AUTH_STATUS_FILTERS.map((value) => (
              <MenuItem key={value} value={value}>
                {tr(`deputyAuth.status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        }
        actions={
          direction === 'given'
            ? (row) => (
                <>
                  <Tooltip title={tr('deputyAuth.edit', { name: personName(row.to_user) })}>
                    <IconButton size="small" onClick={() => setEditing(row)} disabled={!options.data} aria-label={tr('deputyAuth.edit', { name: personName(row.to_user) })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={tr('deputyAuth.delete', { name: personName(row.to_user) })}>
                    <IconButton size="small" onClick={() => deletion.ask(row)} aria-label={tr('deputyAuth.delete', { name: personName(row.to_user) })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )
            : undefined
        }
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
