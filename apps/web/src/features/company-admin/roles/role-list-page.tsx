import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useTranslation } from 'react-i18next';
import { ROLE_STATUS_FILTERS, type ROLE_SORT_COLUMNS, type RoleListItem } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useIssueDialog } from '../shared/issue-dialog.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useDeleteRole, useRoleList, useSetRoleBlocked } from '../api/roles.ts';
import { RoleAreaNav } from './role-area-nav.tsx';

type RoleSort = (typeof ROLE_SORT_COLUMNS)[number];
type RoleStatus = (typeof ROLE_STATUS_FILTERS)[number];
type PendingAction = { kind: 'block' | 'unblock' | 'delete'; role: RoleListItem };

/** `/settings/role`: the company's roles with member counts, blocking and deleting. */
export function RoleListPage() {
  const { t } = useTranslation('adminRoles');
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const navigate = useNavigate();
  const refreshSessionUser = useRefreshSessionUser();
  const { state, query, update } = useListState<RoleSort>({ sort: 'name' });
  const { params, setFilter } = useListFilters();
  const status = (ROLE_STATUS_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as RoleStatus) : 'all';
  const list = useRoleList({ ...query, status });
  const setBlocked = useSetRoleBlocked();
  const remove = useDeleteRole();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const refusal = useIssueDialog(t('list.refusedTitle'));

  const changeStatus = useCallback((next: RoleStatus) => setFilter('status', next === 'all' ? '' : next), [setFilter]);

  const confirm = () => {
    if (!pending) return;
    const { kind, role } = pending;
    const onError = (error: unknown) =>
      refusal.show(
        error,
        <>
          <Button onClick={refusal.close}>{tcommon('actions.close')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              refusal.close();
              navigate(`/settings/role/edit-users/${role.id}`);
            }}
          >
            {t('list.showMembers')}
          </Button>
        </>,
      );
    const onSettled = () => setPending(null);
    if (kind === 'delete') {
      remove.mutate({ id: role.id }, { onSuccess: () => enqueueSnackbar(t('list.deleted')), onError, onSettled });
    } else {
      setBlocked.mutate(
        { id: role.id, is_blocked: kind === 'block' },
        {
          onSuccess: () => {
            enqueueSnackbar(t(kind === 'block' ? 'list.blocked' : 'list.unblocked'));
            void refreshSessionUser();
          },
          onError,
          onSettled,
        },
      );
    }
  };

  const columns = useMemo<DataColumn<RoleListItem, RoleSort>[]>(
    () => [
      {
        key: 'name',
        label: t('list.columns.name'),
        sortKey: 'name',
        render: (role) => (
          <>
            <RouterLink to={`/settings/role/edit/${role.id}`} style={{ color: 'inherit' }}>
              {role.name}
            </RouterLink>
            {role.description && (
              <Typography variant="body2" color="text.secondary">
                {role.description}
              </Typography>
            )}
          </>
        ),
      },
      { key: 'parent', label: t('list.columns.parent'), render: (role) => role.parent_name ?? tc('none') },
      {
        key: 'members',
        label: t('list.columns.members'),
        sortKey: 'member_count',
        align: 'right',
        render: (role) => (
          <RouterLink to={`/settings/role/edit-users/${role.id}`} aria-label={t('list.members', { name: role.name })} style={{ color: 'inherit' }}>
            {role.member_count}
          </RouterLink>
        ),
      },
      { key: 'permissions', label: t('list.columns.permissions'), align: 'right', render: (role) => role.permission_count },
      {
        key: 'status',
        label: t('list.columns.status'),
        sortKey: 'is_blocked',
        render: (role) => (
          <Stack direction="row" spacing={0.5}>
            <Chip size="small" color={role.is_blocked ? 'warning' : 'success'} label={tc(role.is_blocked ? 'status.blocked' : 'status.active')} />
            {role.is_default && <Chip size="small" variant="outlined" label={tc('status.default')} />}
          </Stack>
        ),
      },
    ],
    [t, tc],
  );

  const pendingTexts = pending && {
    title: t(`list.${pending.kind}Title`),
    body: t(`list.${pending.kind}Body`, { name: pending.role.name }),
    confirm: pending.kind === 'delete' ? tcommon('actions.delete') : t(`list.${pending.kind}Confirm`),
  };
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button component={RouterLink} to="/settings/role/new" variant="contained" startIcon={<AddIcon />}>
            {t('list.add')}
          </Button>
        }
      />
      <SettingsNavigation />
      <RoleAreaNav />
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(role) => role.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <TextField select size="small" label={t('list.statusFilter')} value={status} onChange={(event) => changeStatus(event.target.value as RoleStatus)} sx={{ minWidth: 180 }}>
            <MenuItem value="all">{t('list.statusAll')}</MenuItem>
            <MenuItem value="active">{t('list.statusActive')}</MenuItem>
            <MenuItem value="blocked">{t('list.statusBlocked')}</MenuItem>
          </TextField>
        }
        actions={(role) => (
          <>
            <Tooltip title={t('list.edit', { name: role.name })}>
              <IconButton component={RouterLink} to={`/settings/role/edit/${role.id}`} aria-label={t('list.edit', { name: role.name })} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('list.members', { name: role.name })}>
              <IconButton component={RouterLink} to={`/settings/role/edit-users/${role.id}`} aria-label={t('list.members', { name: role.name })} size="small">
                <GroupIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t(role.is_blocked ? 'list.unblock' : 'list.block', { name: role.name })}>
              <IconButton
                onClick={() => setPending({ kind: role.is_blocked ? 'unblock' : 'block', role })}
                aria-label={t(role.is_blocked ? 'list.unblock' : 'list.block', { name: role.name })}
                size="small"
              >
                {role.is_blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            <Tooltip title={t('list.delete', { name: role.name })}>
              <IconButton onClick={() => setPending({ kind: 'delete', role })} aria-label={t('list.delete', { name: role.name })} size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pendingTexts?.title ?? ''}
        message={pendingTexts?.body ?? ''}
        confirmLabel={pendingTexts?.confirm ?? ''}
        destructive={pending?.kind !== 'unblock'}
        isPending={setBlocked.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      {refusal.dialog}
    </>
  );
}
