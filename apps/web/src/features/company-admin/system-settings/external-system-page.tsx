import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { ExternalSystemLink } from '@delego/contract';
import { EXTERNAL_TOKEN_ALGORITHMS, validateExternalSystemLink, type ExternalSystemLinkFields } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { issueResolver } from '../../../components/form/issue-resolver.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { LoadFailedAlert } from '../shared/load-alerts.tsx';
import { useUnsavedChanges } from '../shared/use-unsaved-changes.tsx';
import { useExternalSystemLink, useSaveExternalSystemLink } from '../api/external-system.ts';

const NS = 'adminSystemSettings';
const FIELDS = ['issuer', 'audience', 'algorithm', 'shared_secret', 'public_key_pem', 'return_url', 'is_enabled'] as const;

function formValuesOf(link: ExternalSystemLink | null): ExternalSystemLinkFields {
  return {
    issuer: link?.issuer ?? '',
    audience: link?.audience ?? '',
    algorithm: link?.algorithm ?? 'HS256',
    shared_secret: '',
    public_key_pem: link?.public_key_pem ?? '',
    return_url: link?.return_url ?? '',
    is_enabled: link?.is_enabled ?? true,
  };
}

/**
 * `/settings/system-settings/external-system`: the company's link to its main system (spec §1, §7
 * `auth/external-login`). The shared secret is write-only: the screen says whether one is stored, and
 * an empty field keeps it.
 */
export function ExternalSystemPage() {
  const { t } = useTranslation(NS);
  const link = useExternalSystemLink();
  let body;
  if (link.isError) body = <LoadFailedAlert onRetry={() => link.refetch()} />;
  else if (!link.data) body = <PageSpinner />;
  else body = <LinkForm loaded={link.data.link} />;
  return (
    <>
      <PageHeader title={t('external.title')} subtitle={t('external.intro')} />
      <SettingsNavigation />
      {body}
    </>
  );
}

function LinkForm({ loaded }: { loaded: ExternalSystemLink | null }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('companyAdmin');
  const { t: tcommon } = useTranslation('common');
  const save = useSaveExternalSystemLink();
  const hasStoredSecret = loaded?.has_shared_secret === true;
  const form = useForm<ExternalSystemLinkFields>({
    defaultValues: formValuesOf(loaded),
    resolver: issueResolver((values: ExternalSystemLinkFields) => validateExternalSystemLink(values, { hasStoredSecret })),
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const algorithm = useWatch({ control: form.control, name: 'algorithm' });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset(formValuesOf(answer.link));
        enqueueSnackbar(t('external.saved'));
      },
      onError: (error) => applyServerIssues(error, form.setError, FIELDS),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {Object.keys(form.formState.errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tc('formHasErrors')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <FormTextField control={form.control} name="issuer" label={t('external.issuer')} helperText={t('external.issuerHelp')} maxLength={200} required />
          <FormTextField control={form.control} name="audience" label={t('external.audience')} helperText={t('external.audienceHelp')} maxLength={200} required />
          <FormSelectField
            control={form.control}
            name="algorithm"
            label={t('external.algorithm')}
            options={EXTERNAL_TOKEN_ALGORITHMS.map((value) => ({ value, label: t(`external.algorithms.${value}`) }))}
          />
          {algorithm === 'HS256' ? (
            <FormTextField
              control={form.control}
              name="shared_secret"
              type="password"
              autoComplete="new-password"
              label={t('external.sharedSecret')}
              helperText={hasStoredSecret ? t('external.sharedSecretStored') : t('external.sharedSecretHelp')}
              maxLength={1000}
            />
          ) : (
            <FormTextField control={form.control} name="public_key_pem" label={t('external.publicKey')} helperText={t('external.publicKeyHelp')} multiline maxLength={4000} />
          )}
          <FormTextField control={form.control} name="return_url" label={t('external.returnUrl')} helperText={t('external.returnUrlHelp')} maxLength={500} required />
          <FormSwitchField control={form.control} name="is_enabled" label={t('external.enabled')} />
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="external-test-token" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography id="external-test-token" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('external.testTokenTitle')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('external.testTokenHelp')}</Typography>
        <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13 }}>
          npm run external-token -- --user jan.zewnetrzny --roles ERP_PRACOWNIK --name Jan --surname Zewnętrzny
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('external.testTokenClaims')}
        </Typography>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {tcommon('actions.save')}
        </Button>
      </Box>
      {unsaved.dialog}
    </Box>
  );
}
