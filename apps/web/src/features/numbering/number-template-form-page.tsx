import { useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  NUMBER_MASK_TAGS,
  NUMBERING_DOCUMENT_TYPES,
  NUMBERING_RESET_TYPES,
  validateNumberTemplate,
  type NumberCounterState,
  type NumberingDocumentType,
  type NumberingResetType,
} from '@delego/domain';
import type { NumberTemplateDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { addDomainIssues } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNavigation } from '../../components/settings-navigation.tsx';
import { applyServerIssues, fieldErrorText } from '../../lib/form-errors.ts';
import { useNumberTemplate, useSaveNumberTemplate } from './api/use-number-templates.ts';
import { NumberPreview } from './number-preview.tsx';

const LIST_PATH = '/settings/system-settings/document-number-template';
const FIELDS = ['document_type', 'reset_type', 'mask', 'description', 'is_active'] as const;

/** The form runs the server's mask rules (spec §5), so every problem shows at its field before saving. */
const templateSchema = z
  .object({
    document_type: z.enum(NUMBERING_DOCUMENT_TYPES),
    reset_type: z.enum(NUMBERING_RESET_TYPES),
    mask: z.string(),
    description: z.string(),
    is_active: z.boolean(),
  })
  .superRefine((values, ctx) => {
    addDomainIssues(ctx, validateNumberTemplate(values));
  });
type TemplateValues = z.infer<typeof templateSchema>;

const EMPTY: TemplateValues = { document_type: 'delegationOrder', reset_type: 'yearly', mask: '', description: '', is_active: true };

function TemplateForm({ template, counters }: { template: NumberTemplateDto | null; counters: readonly NumberCounterState[] }) {
  const { t } = useTranslation('numbering');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const save = useSaveNumberTemplate();
  const maskInput = useRef<HTMLInputElement | null>(null);
  const form = useForm<TemplateValues>({
    resolver: zodResolver(templateSchema),
    mode: 'onTouched',
    defaultValues: template
      ? { document_type: template.document_type, reset_type: template.reset_type, mask: template.mask, description: template.description, is_active: template.is_active }
      : EMPTY,
  });
  const values = useWatch({ control: form.control }) as TemplateValues;
  const isUsed = (template?.issued_count ?? 0) > 0;

  const insertTag = (tag: string) => {
    const input = maskInput.current;
    const current = form.getValues('mask');
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    const text = `[${tag}]`;
    form.setValue('mask', current.slice(0, start) + text + current.slice(end), { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const onSubmit = form.handleSubmit((submitted) =>
    save.mutate(
      { ...submitted, ...(template ? { id: template.id } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t('form.saved'));
          navigate(LIST_PATH);
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, FIELDS);
        },
      },
    ),
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
          {isUsed && <Alert severity="info">{t('form.inUse', { count: template?.issued_count ?? 0 })}</Alert>}
          <Controller
            control={form.control}
            name="document_type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('form.documentType')}
                {...field}
                onChange={(event) => field.onChange(event.target.value as NumberingDocumentType)}
                disabled={isUsed}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              >
                {NUMBERING_DOCUMENT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`documentTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="reset_type"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('form.resetType')}
                {...field}
                onChange={(event) => {
                  field.onChange(event.target.value as NumberingResetType);
                  // The mask rules depend on the reset type: check the mask again at once.
                  if (form.getFieldState('mask').isTouched) void form.trigger('mask');
                }}
                disabled={isUsed}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
              >
                {NUMBERING_RESET_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`resetTypes.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="mask"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.mask')}
                {...field}
                inputRef={(element: HTMLInputElement | null) => {
                  field.ref(element);
                  maskInput.current = element;
                }}
                required
                disabled={isUsed}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error) ?? t('form.maskHelp')}
                slotProps={{ htmlInput: { maxLength: 240, spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
            )}
          />
          {!isUsed && (
            <Box>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {t('form.tags')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {NUMBER_MASK_TAGS.map((tag) => (
                  <Tooltip key={tag} title={t(`tags.${tag}`)}>
                    <Chip
                      label={`[${tag}]`}
                      variant="outlined"
                      onClick={() => insertTag(tag)}
                      aria-label={t('form.insertTag', { tag: `[${tag}]`, description: t(`tags.${tag}`) })}
                      sx={{ fontFamily: 'monospace' }}
                    />
                  </Tooltip>
                ))}
              </Box>
            </Box>
          )}
          <Controller
            control={form.control}
            name="description"
            render={({ field, fieldState }) => (
              <TextField
                label={t('form.description')}
                {...field}
                multiline
                minRows={2}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={t('form.isActive')} />
            )}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={LIST_PATH}>
              {tc('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {tc('actions.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <NumberPreview template={values} counters={counters} />
    </Box>
  );
}

/** `/settings/system-settings/document-number-template/new`. */
export function NumberTemplateNewPage() {
  const { t } = useTranslation('numbering');
  return (
    <>
      <SettingsNavigation />
      <PageHeader title={t('form.newTitle')} />
      <TemplateForm template={null} counters={[]} />
    </>
  );
}

/** `/settings/system-settings/document-number-template/edit/:id`. */
export function NumberTemplateEditPage() {
  const { t } = useTranslation('numbering');
  const { id } = useParams();
  const loaded = useNumberTemplate(Number(id));
  return (
    <>
      <SettingsNavigation />
      {loaded.data ? (
        <>
          <PageHeader title={t('form.editTitle', { mask: loaded.data.template.mask })} />
          <TemplateForm key={loaded.data.template.id} template={loaded.data.template} counters={loaded.data.counters} />
        </>
      ) : loaded.isError ? (
        <Alert severity="error">{t('form.loadError')}</Alert>
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
