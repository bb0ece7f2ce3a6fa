import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { Issue } from '@delego/domain';
import type { RoleMapping, RoleOptions } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { issueResolver } from '../../../components/form/issue-resolver.ts';
import { useUnsavedChanges } from '../shared/use-unsaved-changes.tsx';
import { useRoleMapping, useRoleOptions, useSaveRoleMapping } from '../api/roles.ts';
import { LoadFailedAlert, NotFoundAlert } from '../shared/load-alerts.tsx';

interface MappingFormValues {
  external_name: string;
  role_id: string;
}

function validateMapping(values: MappingFormValues): Issue[] {
  const issues: Issue[] = [];
  if (values.external_name.trim() === '') issues.push({ path: ['external_name'], code: 'global.error.required' });
  else if (values.external_name.trim().length > 200) issues.push({ path: ['external_name'], code: 'validation.maxLength', params: { max: 200 } });
  if (values.role_id === '') issues.push({ path: ['role_id'], code: 'global.error.required' });
  return issues;
}

/** `/settings/role/mapping/new` and `/settings/role/mapping/edit/{name}`. */
export function RoleMappingEditorPage() {
  const { t } = useTranslation('companyAdmin');
  const { name } = useParams();
  const options = useRoleOptions();
  const mapping = useRoleMapping(name ?? null);
  if (mapping.error instanceof ApiError && mapping.error.status === 404) {
    return <NotFoundAlert back={{ to: '/settings/role/mapping', label: t('backTo.roles') }} />;
  }
  if (options.isError || mapping.isError) {
    return <LoadFailedAlert onRetry={() => Promise.all([options.refetch(), mapping.refetch()])} />;
  }
  if (!options.data || (name !== undefined && !mapping.data)) return <PageSpinner />;
  return <MappingEditor key={name ?? 'new'} options={options.data} mapping={name === undefined ? null : mapping.data!} />;
}

function MappingEditor({ options, mapping }: { options: RoleOptions; mapping: RoleMapping | null }) {
  const { t } = useTranslation('adminRoles');
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const navigate = useNavigate();
  const save = useSaveRoleMapping();
  const form = useForm<MappingFormValues>({
    defaultValues: { external_name: mapping?.external_name ?? '', role_id: mapping ? String(mapping.role_id) : '' },
    resolver: issueResolver(validateMapping),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { original_name: mapping?.external_name ?? null, external_name: values.external_name.trim(), role_id: Number(values.role_id) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('mapping.saved'));
          unsaved.allowNavigation();
          navigate('/settings/role/mapping');
        },
        onError: (error) => void applyServerIssues(error, form.setError, ['external_name', 'role_id']),
      },
    ),
  );
  return (
    <>
      <PageHeader
        title={mapping ? t('mapping.editTitle', { name: mapping.external_name }) : t('mapping.newTitle')}
        back={{ to: '/settings/role/mapping', label: t('mapping.backToList') }}
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 720 }}>
        <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <FormTextField control={form.control} name="external_name" label={t('mapping.externalName')} helperText={t('mapping.externalNameHint')} autoComplete="off" />
          <FormSelectField
            control={form.control}
            name="role_id"
            label={t('mapping.role')}
            emptyLabel={tc('none')}
            options={options.roles.map((role) => ({ value: String(role.id), label: role.is_blocked ? `${role.name} (${tc('status.blocked').toLowerCase()})` : role.name }))}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ p: 2, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/settings/role/mapping">
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
