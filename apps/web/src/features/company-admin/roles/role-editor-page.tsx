import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupIcon from '@mui/icons-material/Group';
import { useTranslation } from 'react-i18next';
import { useController, useForm, useWatch } from 'react-hook-form';
import { allowedParentRoles, type Issue, type Permission } from '@delego/domain';
import type { RoleDetail, RoleOptions } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues, fieldErrorText } from '../../../lib/form-errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { issueResolver } from '../../../components/form/issue-resolver.ts';
import { PermissionChecklist } from '../shared/permission-checklist.tsx';
import { useRefreshSessionUser } from '../shared/use-refresh-session-user.ts';
import { useUnsavedChanges } from '../shared/use-unsaved-changes.tsx';
import { useRole, useRoleOptions, useSaveRole } from '../api/roles.ts';
import { LoadFailedAlert, NotFoundAlert } from '../shared/load-alerts.tsx';

interface RoleFormValues {
  name: string;
  description: string;
  parent_role_id: string;
  is_default: boolean;
  permissions: Permission[];
}
const FIELDS = ['name', 'description', 'parent_role_id', 'is_default', 'permissions'] as const;

function validateRole(values: RoleFormValues): Issue[] {
  const issues: Issue[] = [];
  if (values.name.trim() === '') issues.push({ path: ['name'], code: 'global.error.required' });
  else if (values.name.trim().length > 100) issues.push({ path: ['name'], code: 'validation.maxLength', params: { max: 100 } });
  if (values.description.trim().length > 1000) issues.push({ path: ['description'], code: 'validation.maxLength', params: { max: 1000 } });
  return issues;
}

/** `/settings/role/new` and `/settings/role/edit/{id}`: a role's name, parent and permissions. */
export function RoleEditorPage() {
  const { t } = useTranslation('companyAdmin');
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const isValidId = id === null || (Number.isInteger(id) && id > 0);
  const options = useRoleOptions();
  const role = useRole(isValidId ? id : null);
  if (!isValidId || (role.error instanceof ApiError && role.error.status === 404)) {
    return <NotFoundAlert back={{ to: '/settings/role', label: t('backTo.roles') }} />;
  }
  if (options.isError || role.isError) {
    return <LoadFailedAlert onRetry={() => Promise.all([options.refetch(), role.refetch()])} />;
  }
  if (!options.data || (id !== null && !role.data)) return <PageSpinner />;
  return <RoleEditor key={id ?? 'new'} options={options.data} role={id === null ? null : role.data!} />;
}

function RoleEditor({ options, role }: { options: RoleOptions; role: RoleDetail | null }) {
  const { t } = useTranslation('adminRoles');
  const { t: tcommon } = useTranslation('common');
  const navigate = useNavigate();
  const refreshSessionUser = useRefreshSessionUser();
  const save = useSaveRole();
  const form = useForm<RoleFormValues>({
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      parent_role_id: role?.parent_role_id === null || role === null ? '' : String(role.parent_role_id),
      is_default: role?.is_default ?? false,
      permissions: role?.permissions ?? [],
    },
    resolver: issueResolver(validateRole),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const permissions = useController({ control: form.control, name: 'permissions' });
  const parentId = useWatch({ control: form.control, name: 'parent_role_id' });
  const parent = useRole(parentId === '' ? null : Number(parentId));
  const inherited = useMemo<Permission[]>(
    () => (parentId === '' || !parent.data || parent.data.is_blocked ? [] : [...parent.data.permissions, ...parent.data.inherited_permissions]),
    [parentId, parent.data],
  );
  const parentOptions = allowedParentRoles(role?.id ?? null, options.roles).map((candidate) => ({
    value: String(candidate.id),
    label: candidate.is_blocked ? `${candidate.name} (${t('list.statusBlocked').toLowerCase()})` : candidate.name,
  }));

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      {
        ...(role ? { id: role.id } : {}),
        name: values.name.trim(),
        description: values.description.trim(),
        parent_role_id: values.parent_role_id === '' ? null : Number(values.parent_role_id),
        is_default: values.is_default,
        permissions: values.permissions,
      },
      {
        onSuccess: ({ role: saved }) => {
          enqueueSnackbar(t('editor.saved'));
          void refreshSessionUser();
          if (role) {
            form.reset({ ...values, name: saved.name, description: saved.description, permissions: saved.permissions });
          } else {
            unsaved.allowNavigation();
            navigate(`/settings/role/edit/${saved.id}`, { replace: true });
          }
        },
        onError: (error) => void applyServerIssues(error, form.setError, FIELDS),
      },
    );
  });

  return (
    <>
      <PageHeader
        title={role ? t('editor.editTitle', { name: role.name }) : t('editor.newTitle')}
        back={{ to: '/settings/role', label: t('editor.backToList') }}
        actions={
          role && (
            <Button component={RouterLink} to={`/settings/role/edit-users/${role.id}`} startIcon={<GroupIcon />}>
              {t('editor.manageMembers')}
            </Button>
          )
        }
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit}>
        <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          {role?.is_blocked && <Alert severity="warning">{t('editor.blockedAlert')}</Alert>}
          {role && <Typography color="text.secondary">{t('editor.members', { count: role.member_count })}</Typography>}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
            <FormTextField control={form.control} name="name" label={t('editor.name')} autoComplete="off" />
            <FormSelectField
              control={form.control}
              name="parent_role_id"
              label={t('editor.parent')}
              helperText={t('editor.parentHint')}
              emptyLabel={t('editor.noParent')}
              options={parentOptions}
            />
          </Box>
          <FormTextField control={form.control} name="description" label={t('editor.description')} multiline maxLength={1000} />
          <FormSwitchField control={form.control} name="is_default" label={t('editor.isDefault')} disabled={role?.is_blocked} />
          <Box>
            <Typography variant="subtitle1" component="h2">
              {t('editor.permissions')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('editor.permissionsIntro')}
            </Typography>
            <PermissionChecklist
              label={t('editor.permissions')}
              value={permissions.field.value}
              onChange={permissions.field.onChange}
              inherited={inherited}
              isAdminContext={options.is_admin_context}
              errorText={fieldErrorText(permissions.fieldState.error)}
            />
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ p: 2, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/settings/role">
            {tcommon('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {tcommon('actions.save')}
          </Button>
        </Stack>
      </Paper>
      {unsaved.dialog}
    </>
  );
}
