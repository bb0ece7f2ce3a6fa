import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CUSTOM_PAGE_ALIAS_MAX_LENGTH } from '@delego/domain';
import { CUSTOM_PAGE_TITLE_MAX_LENGTH, customPageBodySchema, type CustomPageDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SettingsNavigation } from '../../../components/settings-navigation.tsx';
import { useCustomPage, useSaveCustomPage } from '../api/pages.ts';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSwitchField } from '../../../components/form/form-switch-field.tsx';
import { formSchemaFor } from '../shared/form-schema.ts';
import { MissingView } from '../shared/missing-view.tsx';
import { showSaveError } from '../shared/server-errors.ts';
import { ContentTabs } from './content-tabs.tsx';

const LIST_PATH = '/settings/custom-webpage';

const formSchema = formSchemaFor(
  z.object({
    id: z.number().optional(),
    alias: z.string(),
    title_pl: z.string(),
    title_en: z.string(),
    content_pl: z.string(),
    content_en: z.string(),
    show_in_menu: z.boolean(),
    sort_order: z.string().trim().regex(/^\d{1,4}$/, 'validation.integer'),
  }),
  (values) => ({ ...values, alias: values.alias.trim().toLowerCase(), sort_order: Number(values.sort_order) }),
  customPageBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['alias', 'title_pl', 'title_en', 'content_pl', 'content_en', 'show_in_menu', 'sort_order'] as const;

function valuesOf(page: CustomPageDto | undefined): Values {
  return page
    ? {
        id: page.id,
        alias: page.alias,
        title_pl: page.title_pl,
        title_en: page.title_en,
        content_pl: page.content_pl,
        content_en: page.content_en,
        show_in_menu: page.show_in_menu,
        sort_order: String(page.sort_order),
      }
    : { alias: '', title_pl: '', title_en: '', content_pl: '', content_en: '', show_in_menu: true, sort_order: '0' };
}

/** `/settings/custom-webpage/edit/{id}` (and `edit/new`): a custom page's alias, titles and formatted content in both languages. */
export function CustomPageEditorPage() {
  const { t } = useTranslation('masterData');
  const { id: idParam } = useParams();
  const id = idParam === 'new' ? null : Number(idParam);
  if (id !== null && !(Number.isInteger(id) && id > 0)) return <MissingView back={{ to: LIST_PATH, label: t('pages.backToList') }} />;
  return <CustomPageEditor key={idParam} id={id} />;
}

function CustomPageEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('masterData');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  const page = useCustomPage(id);
  const save = useSaveCustomPage();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(undefined) });
  const alias = form.watch('alias');

  useEffect(() => {
    if (page.data) form.reset(valuesOf(page.data.page));
  }, [page.data, form]);

  if (id !== null && page.isPending) return <PageSpinner />;
  if (id !== null && page.isError) return <MissingView back={{ to: LIST_PATH, label: t('pages.backToList') }} />;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: ({ page: saved }) => {
        enqueueSnackbar(t('pages.saved'));
        form.reset(valuesOf(saved));
        if (id === null) navigate(`${LIST_PATH}/edit/${saved.id}`, { replace: true });
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <>
      <SettingsNavigation />
      <Button component={RouterLink} to={LIST_PATH} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('pages.backToList')}
      </Button>
      <PageHeader
        title={id === null ? t('pages.newTitle') : tr('settings.customWebpageEdit')}
        description={t('pages.editorDescription')}
        actions={
          id !== null && page.data ? (
            <Button component={RouterLink} to={`/delegation-info/${page.data.page.alias}`} startIcon={<OpenInNewIcon />}>
              {t('pages.preview')}
            </Button>
          ) : undefined
        }
      />
      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField control={form.control} name="title_pl" label={t('pages.fields.titlePl')} maxLength={CUSTOM_PAGE_TITLE_MAX_LENGTH} autoFocus />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField control={form.control} name="title_en" label={t('pages.fields.titleEn')} maxLength={CUSTOM_PAGE_TITLE_MAX_LENGTH} helperText={t('pages.englishFallback')} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="alias"
                label={t('pages.fields.alias')}
                maxLength={CUSTOM_PAGE_ALIAS_MAX_LENGTH}
                helperText={t('pages.fields.aliasHelp', { path: `/delegation-info/${alias.trim().toLowerCase() || '…'}` })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}>
              <FormTextField control={form.control} name="sort_order" label={t('pages.fields.sortOrder')} maxLength={4} inputMode="numeric" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <FormSwitchField control={form.control} name="show_in_menu" label={t('pages.fields.showInMenu')} helperText={t('pages.fields.showInMenuHelp')} />
            </Grid>
          </Grid>
          <ContentTabs control={form.control} polish="content_pl" english="content_en" />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={LIST_PATH}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
