import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TRIP_POLICY_ALIAS } from '@delego/domain';
import { CUSTOM_PAGE_TITLE_MAX_LENGTH, tripPolicyBodySchema, type CustomPageDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useSaveTripPolicy, useTripPolicy } from '../api/pages.ts';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { showSaveError } from '../shared/server-errors.ts';
import { useAllLanguagesLoaded } from '../../../lib/i18n.ts';
import { ContentTabs } from './content-tabs.tsx';

type Values = z.input<typeof tripPolicyBodySchema>;
const FIELDS = ['title_pl', 'title_en', 'content_pl', 'content_en', 'show_in_menu'] as const;

function valuesOf(page: CustomPageDto | null, defaults: { title_pl: string; title_en: string }): Values {
  return page
    ? { title_pl: page.title_pl, title_en: page.title_en, content_pl: page.content_pl, content_en: page.content_en, show_in_menu: page.show_in_menu }
    : { ...defaults, content_pl: '', content_en: '', show_in_menu: true };
}

/** `/settings/trip-policy`: the company's trip policy, shown to every employee at /delegation-info/trip-policy. */
export function TripPolicyPage() {
  const { t } = useTranslation('masterData');
  const { t: tr, i18n } = useTranslation('routes');
  const policy = useTripPolicy();
  const save = useSaveTripPolicy();
  const [formError, setFormError] = useState<string | null>(null);
  // The default titles are the screen's name in each language, whatever language the admin uses now.
  const bothLanguages = useAllLanguagesLoaded();
  const defaults = useMemo(
    () =>
      bothLanguages
        ? { title_pl: i18n.t('settings.tripPolicy', { ns: 'routes', lng: 'pl-PL' }), title_en: i18n.t('settings.tripPolicy', { ns: 'routes', lng: 'en-US' }) }
        : { title_pl: '', title_en: '' },
    [i18n, bothLanguages],
  );
  const form = useForm<Values, unknown, z.output<typeof tripPolicyBodySchema>>({ resolver: zodResolver(tripPolicyBodySchema), defaultValues: valuesOf(null, defaults) });
  const exists = Boolean(policy.data?.page);

  useEffect(() => {
    if (policy.data) form.reset(valuesOf(policy.data.page, defaults));
  }, [policy.data, form, defaults]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => enqueueSnackbar(t('tripPolicy.saved')),
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <>
      <SettingsNavigation />
      <PageHeader
        title={tr('settings.tripPolicy')}
        description={t('tripPolicy.description')}
        actions={
          exists ? (
            <Button component={RouterLink} to={`/delegation-info/${TRIP_POLICY_ALIAS}`} startIcon={<OpenInNewIcon />}>
              {t('pages.preview')}
            </Button>
          ) : undefined
        }
      />
      {policy.isPending && <PageSpinner />}
      {policy.isError && <Alert severity="error">{t('common.loadError')}</Alert>}
      {policy.data && (
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            {!exists && <Alert severity="info">{t('tripPolicy.notYetSaved')}</Alert>}
            {formError && <Alert severity="error">{formError}</Alert>}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField control={form.control} name="title_pl" label={t('pages.fields.titlePl')} maxLength={CUSTOM_PAGE_TITLE_MAX_LENGTH} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <FormTextField control={form.control} name="title_en" label={t('pages.fields.titleEn')} maxLength={CUSTOM_PAGE_TITLE_MAX_LENGTH} helperText={t('pages.englishFallback')} />
              </Grid>
              <Grid size={12}>
                <FormSwitchField control={form.control} name="show_in_menu" label={t('pages.fields.showInMenu')} helperText={t('tripPolicy.showInMenuHelp')} />
              </Grid>
            </Grid>
            <ContentTabs control={form.control} polish="content_pl" english="content_en" />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
    </>
  );
}
