import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useTranslation } from 'react-i18next';
import type { RoleUser } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { ListTable, type DataColumn } from '../../../components/data-table/data-table.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useIssueDialog } from '../shared/issue-dialog.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useAddRoleMember, useRemoveRoleMember, useRoleMembers, useRoleOptions } from '../api/roles.ts';
import { LoadFailedAlert, NotFoundAlert } from '../shared/load-alerts.tsx';

const fullName = (user: Pick<RoleUser, 'name' | 'surname'>) => `${user.name} ${user.surname}`;

/** `/settings/role/edit-users/{id}`: who holds the role; assigning and detaching users. */
export function RoleMembersPage() {
  const { t: tc } = useTranslation('companyAdmin');
  const params = useParams();
  const id = Number(params.id);
  const isValidId = Number.isInteger(id) && id > 0;
  if (!isValidId) {
    return <Alert severity="warning">{tc('notFound')}</Alert>;
  }
  return <RoleMembers id={id} />;
}

function RoleMembers({ id }: { id: number }) {
  const { t } = useTranslation('adminRoles');
  const { t: tc } = useTranslation('companyAdmin');
  const refreshSessionUser = useRefreshSessionUser();
  const members = useRoleMembers(id);
  const options = useRoleOptions();
  const add = useAddRoleMember();
  const remove = useRemoveRoleMember();
  const [candidate, setCandidate] = useState<RoleUser | null>(null);
  const [detaching, setDetaching] = useState<RoleUser | null>(null);
  const refusal = useIssueDialog(t('list.refusedTitle'));

  if (members.error instanceof ApiError && members.error.status === 404) {
    return <NotFoundAlert back={{ to: '/settings/role', label: tc('backTo.roles') }} />;
  }
  if (members.isError || options.isError) {
    return <LoadFailedAlert onRetry={() => Promise.all([members.refetch(), options.refetch()])} />;
  }
  if (!members.data || !options.data) return <PageSpinner />;
  const { role } = members.data;
  const memberIds = new Set(members.data.members.map((member) => member.id));
  const candidates = options.data.users.filter((user) => user.is_active && !memberIds.has(user.id));
  const columns: DataColumn<RoleUser, never>[] = [
    {
      key: 'name',
      label: t('members.columns.name'),
      render: (member) => (
        <RouterLink to={`/settings/users/edit/${member.id}/roles-and-permissions`} style={{ color: 'inherit' }}>
          {fullName(member)}
        </RouterLink>
      ),
    },
    { key: 'login', label: t('members.columns.login'), render: (member) => member.login },
    { key: 'email', label: t('members.columns.email'), render: (member) => member.email },
    {
      key: 'status',
      label: t('members.columns.status'),
      render: (member) => <Chip size="small" color={member.is_active ? 'success' : 'default'} label={tc(member.is_active ? 'status.active' : 'status.disabled')} />,
    },
  ];

  const assign = () => {
    if (!candidate) return;
    add.mutate(
      { id, user_id: candidate.id },
      {
        onSuccess: () => {
          enqueueSnackbar(t('members.added'));
          setCandidate(null);
          void refreshSessionUser();
        },
        onError: (error) => refusal.show(error),
      },
    );
  };
  const detach = () => {
    if (!detaching) return;
    remove.mutate(
      { id, user_id: detaching.id },
      {
        onSuccess: () => {
          enqueueSnackbar(t('members.removed'));
          void refreshSessionUser();
        },
        onError: (error) => refusal.show(error),
        onSettled: () => setDetaching(null),
      },
    );
  };

  return (
    <>
      <PageHeader title={t('members.title', { name: role.name })} back={{ to: `/settings/role/edit/${id}`, label: t('members.backToRole') }} />
      {role.is_blocked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('members.blockedAlert')}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', gap: 1, p: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Autocomplete
            sx={{ minWidth: 320, flexGrow: 1, maxWidth: 480 }}
            options={candidates}
            value={candidate}
            disabled={role.is_blocked}
            onChange={(_event, value) => setCandidate(value)}
            getOptionLabel={(user) => `${user.surname} ${user.name} (${user.login})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(inputProps) => <TextField {...inputProps} size="small" label={t('members.user')} />}
          />
          <Button variant="contained" onClick={assign} disabled={!candidate || role.is_blocked} loading={add.isPending}>
            {t('members.add')}
          </Button>
        </Box>
        <Box sx={{ px: { xs: 2, sm: 0 }, pb: { xs: 2, sm: 0 } }}>
          <ListTable
            label={t('members.title', { name: role.name })}
            columns={columns}
            rows={members.data.members}
            rowKey={(member) => member.id}
            rowLabel={fullName}
            empty={t('members.empty')}
            actions={(member) => (
              <Tooltip title={t('members.detach', { name: fullName(member) })}>
                <IconButton size="small" onClick={() => setDetaching(member)} aria-label={t('members.detach', { name: fullName(member) })}>
                  <PersonRemoveIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          />
        </Box>
      </Paper>
      <ConfirmDialog
        open={detaching !== null}
        title={t('members.detachTitle')}
        message={t('members.detachBody', { name: detaching ? fullName(detaching) : '', role: role.name })}
        confirmLabel={t('members.detachConfirm')}
        destructive
        isPending={remove.isPending}
        onConfirm={detach}
        onClose={() => setDetaching(null)}
      />
      {refusal.dialog}
    </>
  );
}
