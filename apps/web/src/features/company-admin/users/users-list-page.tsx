import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useTranslation } from 'react-i18next';
import { USER_STATUS_FILTERS, type USER_SORT_COLUMNS, type UserListItem, type UserStatusFilter } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { firstIssueText } from '../../../components/form/issue-texts.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useSetUserActive, useUserList } from '../api/users.ts';
import { COMPANY_USERS, PROVIDER_USERS, userEditPath, type UsersArea } from './users-area.ts';

type UserSort = (typeof USER_SORT_COLUMNS)[number];

const fullName = (user: Pick<UserListItem, 'name' | 'middle_name' | 'surname'>) => [user.name, user.middle_name, user.surname].filter(Boolean).join(' ');

function isStatus(value: string | null): value is UserStatusFilter {
  return (USER_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

/** `/admin/users`: the provider's own users, in the admin context (spec §6 mainDbUserManage). */
export function ProviderUsersListPage() {
  return <UsersListPage area={PROVIDER_USERS} />;
}

/** `/settings/users`: the company's users, searchable, with enabling and disabling. */
export function UsersListPage({ area = COMPANY_USERS }: { area?: UsersArea }) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation('companyAdmin');
  const { state, query, update } = useListState<UserSort>({ sort: 'surname' });
  const { params, setFilter } = useListFilters();
  const statusParam = params.get('status');
  const status: UserStatusFilter = isStatus(statusParam) ? statusParam : 'all';
  const list = useUserList({ ...query, status });
  const setActive = useSetUserActive();
  const [pending, setPending] = useState<UserListItem | null>(null);

  const changeStatus = useCallback((next: UserStatusFilter) => setFilter('status', next === 'all' ? '' : next), [setFilter]);

  const confirmToggle = () => {
    if (!pending) return;
    const isActive = !pending.is_active;
    setActive.mutate(
      { id: pending.id, is_active: isActive },
      {
        onSuccess: () => enqueueSnackbar(t(isActive ? 'list.enabled' : 'list.disabled')),
        onError: (error) => {
          const refusal = firstIssueText(error);
          if (refusal) enqueueSnackbar(refusal, { variant: 'error' });
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const columns = useMemo<DataColumn<UserListItem, UserSort>[]>(
    () => [
      {
        key: 'name',
        label: t('list.columns.name'),
        sortKey: 'surname',
        render: (user) => (
          <>
            <RouterLink to={userEditPath(area, user.id, 'basic')} style={{ color: 'inherit' }}>
              {fullName(user)}
            </RouterLink>
            <Typography variant="body2" color="text.secondary">
              {user.login}
            </Typography>
          </>
        ),
      },
      { key: 'email', label: t('list.columns.email'), sortKey: 'email', render: (user) => user.email },
      {
        key: 'position',
        secondary: true,
        label: t('list.columns.position'),
        sortKey: 'position',
        render: (user) => [user.position, user.department].filter(Boolean).join(', ') || tc('none'),
      },
      {
        key: 'roles',
        label: t('list.columns.roles'),
        render: (user) =>
          user.roles.length === 0 ? (
            tc('none')
          ) : (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {user.roles.map((role) => (
                <Chip key={role} label={role} size="small" variant="outlined" />
              ))}
            </Stack>
          ),
      },
      {
        key: 'status',
        label: t('list.columns.status'),
        sortKey: 'is_active',
        render: (user) => (
          <Chip size="small" color={user.is_active ? 'success' : 'default'} label={tc(user.is_active ? 'status.active' : 'status.disabled')} />
        ),
      },
    ],
    [t, tc, area],
  );

  const pendingName = pending ? fullName(pending) : '';
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button component={RouterLink} to={`${area.listPath}/new`} variant="contained" startIcon={<AddIcon />}>
            {t('list.add')}
          </Button>
        }
      />
      {area.isCompanySettings && <SettingsNavigation />}
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(user) => user.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <TextField select size="small" label={t('list.statusFilter')} value={status} onChange={(event) => changeStatus(event.target.value as UserStatusFilter)} sx={{ minWidth: 180 }}>
            <MenuItem value="all">{t('list.statusAll')}</MenuItem>
            <MenuItem value="active">{t('list.statusActive')}</MenuItem>
            <MenuItem value="disabled">{t('list.statusDisabled')}</MenuItem>
          </TextField>
        }
        actions={(user) => {
          const name = fullName(user);
          return (
            <>
              <Tooltip title={t('list.edit', { name })}>
                <IconButton component={RouterLink} to={userEditPath(area, user.id, 'basic')} aria-label={t('list.edit', { name })} size="small">
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {area.isCompanySettings && (
                <Tooltip title={t('list.log', { name })}>
                  <IconButton component={RouterLink} to={`/settings/logs?user_id=${user.id}`} aria-label={t('list.log', { name })} size="small">
                    <HistoryIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={t(user.is_active ? 'list.disable' : 'list.enable', { name })}>
                <IconButton onClick={() => setPending(user)} aria-label={t(user.is_active ? 'list.disable' : 'list.enable', { name })} size="small">
                  {user.is_active ? <PersonOffIcon fontSize="small" /> : <HowToRegIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
            </>
          );
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.is_active ? 'list.disableTitle' : 'list.enableTitle')}
        message={t(pending?.is_active ? 'list.disableBody' : 'list.enableBody', { name: pendingName })}
        confirmLabel={t(pending?.is_active ? 'list.disableConfirm' : 'list.enableConfirm')}
        destructive={pending?.is_active}
        isPending={setActive.isPending}
        onConfirm={confirmToggle}
        onClose={() => setPending(null)}
      />
    </>
  );
}
